/**
 * The time left of a wall-clock budget that starts now, in seconds: the
 * selection's one clock. Every time limit of select/ is carried in seconds
 * (select's `--time-limit`, `SolveOptions.timeLimitSeconds`,
 * `MilpOptions.timeLimitSeconds`, what a MILP backend's `solve` is given);
 * a backend converts once, where its solver takes another unit.
 *
 * @param seconds the budget, seconds (≥ 0).
 * @returns a function giving the seconds left (never below 0).
 */
export function timeLeft(seconds: number): () => number {
  const until = performance.now() / 1000 + seconds;
  return () => Math.max(0, until - performance.now() / 1000);
}
