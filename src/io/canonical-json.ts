/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, `undefined`
 * members dropped, numbers as JavaScript prints them. Two equal values always
 * give the same string, so it is what candidate ids hash (SPEC 2).
 *
 * @throws TypeError for values JSON cannot hold (functions, NaN, Infinity).
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`io/canonical-json: ${value} is not a JSON number`);
      return JSON.stringify(value);
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
    }
    default:
      throw new TypeError(`io/canonical-json: a ${typeof value} is not JSON`);
  }
}
