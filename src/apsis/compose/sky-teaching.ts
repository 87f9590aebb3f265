/**
 * Share of a sky's rounds that hold at least one arrow that was blocked
 * before (SPEC 5.5): an arrow with an arrow on its way out at the start.
 * Round 1 never does (its arrows were free), so a one-round sky scores 0; in
 * a rule-free sky every later round does, and the share is (depth − 1) / depth.
 *
 * @param rounds round of each arrow (1-based), by index.
 * @param blockedAtStart whether each arrow had an arrow on its way out at the start.
 */
export function taughtShare(rounds: readonly number[], blockedAtStart: readonly boolean[]): number {
  let depth = 0;
  for (const r of rounds) if (r > depth) depth = r;
  if (depth === 0) return 0;
  const taught = new Set<number>();
  rounds.forEach((r, i) => {
    if (r > 1 && blockedAtStart[i]) taught.add(r);
  });
  return taught.size / depth;
}
