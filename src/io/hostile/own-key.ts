/**
 * Keys that are JavaScript's own (SPEC 2 hostile input): every user string
 * that becomes a key — a metric name, an id, a constraint key, a game
 * program's answer — is looked up as an own property only, so `toString`,
 * `constructor` or `hasOwnProperty` are names like any other, never the
 * methods every object inherits; `__proto__`, which an assignment turns into
 * a change of the object's prototype (or drops), is refused where files are
 * read ({@link RESERVED_KEY}).
 */

/** The one key refused in every file and CSV header: `obj["__proto__"] = v` sets the prototype instead of a property. */
export const RESERVED_KEY = "__proto__";

/**
 * `record` itself with no prototype (so `record[key]` and `key in record`
 * see its own keys only), for records read from outside whose keys are user
 * strings (metrics by name). JSON writes it as before; it is no copy.
 */
export function ownRecord<T extends object>(record: T): T {
  return Object.setPrototypeOf(record, null) as T;
}

/** Whether `record` has `key` as its own property (never an inherited one such as `toString`). */
export function hasOwnKey(record: object, key: string): boolean {
  return Object.hasOwn(record, key);
}

/**
 * The value of `key` in `record` when it is its own property, else `undefined`:
 * `ownValue({}, "toString")` is `undefined`, not `Object.prototype.toString`.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A number `record` holds under `key` as its own property, or `undefined` (a
 * missing key, an inherited one, or a value that is not a finite number).
 */
export function ownNumber(record: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const v = Object.hasOwn(record, key) ? record[key] : undefined;
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/**
 * Adds `by` to counter `key` of `counts`, read and written as an own
 * property: a counter named `toString` (a game program's reason, say) counts
 * from 0 like any other, never from `Object.prototype.toString`.
 */
export function countUp(counts: Record<string, number>, key: string, by = 1): void {
  Object.defineProperty(counts, key, { value: (ownNumber(counts, key) ?? 0) + by, enumerable: true, writable: true, configurable: true });
}

/** Adds every counter of `from` into `into` ({@link countUp}). */
export function addCounts(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [k, v] of Object.entries(from)) countUp(into, k, v);
}
