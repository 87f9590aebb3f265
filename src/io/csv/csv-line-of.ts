// No Node imports here: the browser editor's bundle reaches this file through select/problem/build-problem.
const lines = new WeakMap<object, number>();

/** Records the CSV line a candidate was read from (by `readCsvPool`). */
export function recordCsvLine(candidate: object, line: number): void {
  lines.set(candidate, line);
}

/**
 * The CSV line a candidate read by `readCsvPool` came from, for messages about
 * it found after reading (a chapter the plan lacks): CSV input is named by
 * line, not by JSON path (SPEC 2).
 *
 * @returns the 1-based line, or `undefined` for a candidate read from JSON.
 */
export function csvLineOf(candidate: object): number | undefined {
  return lines.get(candidate);
}
