import { CARILLON_TRANSFORMS, angleGap, turnFacing, turnVector, type CarillonTransform } from "./carillon-transforms.ts";
import { defaultCarillonDedupThresholds, type CarillonDedupSettings } from "./carillon-dedup-thresholds.ts";
import type { DedupComparison, DedupReason, MatchBasis } from "../../dedup/dedup-types.ts";
import { hopcroftKarp } from "../../dedup/hopcroft-karp.ts";
import { prepareCarillonLevel, type CarillonDedupLevel, type PreparedCarillonLevel } from "./prepare-carillon-level.ts";

/** Slack on every distance/angle decision, so rounding noise never flips one (SPEC 2). */
const EPS = 1e-9;

/**
 * Are two Carillon levels the same (SPEC 7)? Tries the eight turns and mirrors
 * of `a` about its field's centre against `b` about its own:
 * - `identical`: same dot count and a matching of every dot within
 *   `identicalUnits` (same size and mark; facings/steps within the same tolerance);
 * - `same-picture`: a maximum one-to-one matching (Hopcroft–Karp) of dots of
 *   the same size and the same mark within `matchUnits` (45) pairs at least
 *   `pictureShare` (55%) of the larger field's dots, and pairs every marked dot
 *   of both fields ("marks always count");
 * - `same-answer`: the maximum matching where winning first taps may pair only
 *   with winning first taps pairs every winning first tap of both levels (so
 *   they correspond one to one), every marked dot, and at least `answerShare`
 *   (30%) of the larger field's dots;
 * - `same-chains`: the reach graphs are isomorphic with marks as labels (kind,
 *   round order, duet pairing; not size, not note).
 * Horns pair when their turned facings differ by at most `hornFacingDegrees`,
 * drifters when their turned steps differ by at most `drifterStepUnits`.
 *
 * @param thresholds default `models/dedup/thresholds.json`.
 * @returns `transform`/`matched` of the strongest geometric reason (identical,
 *   then picture, then answer; the larger matching, then the earlier transform),
 *   else the reach-graph correspondence when only the chains are the same,
 *   else the largest picture matching found (`basis: "closest"`).
 * @throws InputError / NoAnswerError as {@link prepareCarillonLevel}.
 */
export function compareCarillon(a: CarillonDedupLevel, b: CarillonDedupLevel, thresholds: CarillonDedupSettings = defaultCarillonDedupThresholds()): DedupComparison<CarillonTransform> {
  const pa = prepareCarillonLevel(a, thresholds.carillon, thresholds.canonicalSearchNodes);
  const pb = prepareCarillonLevel(b, thresholds.carillon, thresholds.canonicalSearchNodes);
  return comparePreparedCarillon(pa, pb, thresholds);
}

/**
 * {@link compareCarillon} on prepared levels. Every transform is matched,
 * unless `transforms` (from {@link carillonTransformsToTry}) marks some as
 * unable to give a geometric reason: those are skipped, which changes no
 * reason and no reported matching of a level found the same (only the
 * `closest` matching of a level that is not).
 */
export function comparePreparedCarillon(
  a: PreparedCarillonLevel,
  b: PreparedCarillonLevel,
  thresholds: CarillonDedupSettings,
  transforms?: readonly boolean[] | null,
): DedupComparison<CarillonTransform> {
  const t = thresholds.carillon;
  const larger = Math.max(a.n, b.n);
  const sameChains = a.chains.certificate === b.chains.certificate;
  const marksAgree = a.markedClasses === b.markedClasses;
  const answerAgrees = marksAgree && a.winningCount === b.winningCount && a.winningClasses === b.winningClasses;

  type Found = { transform: CarillonTransform; pairs: Array<[number, number]> };
  let identical: Found | null = null;
  let picture: Found | null = null;
  let answer: Found | null = null;
  let closest: Found | null = null;
  for (let k = 0; k < CARILLON_TRANSFORMS.length; k++) {
    if (transforms === null || (transforms && !transforms[k])) continue;
    const transform = CARILLON_TRANSFORMS[k];
    const pictureEdges = edgesUnder(a, b, k, t.matchUnits, t.hornFacingDegrees, t.drifterStepUnits, false);
    const pm = pairsOf(hopcroftKarp(a.n, b.n, pictureEdges).matchLeft);
    if (!closest || pm.length > closest.pairs.length) closest = { transform, pairs: pm };
    if (!marksAgree) continue;
    const pairedMarks = pm.filter(([i]) => a.marked[i]).length;
    if (pairedMarks === a.markedCount && pm.length >= t.pictureShare * larger - EPS) {
      if (!picture || pm.length > picture.pairs.length) picture = { transform, pairs: pm };
      if (!identical && a.n === b.n && pm.length === a.n) {
        const exact = edgesUnder(a, b, k, t.identicalUnits, t.identicalUnits, t.identicalUnits, false);
        const im = pairsOf(hopcroftKarp(a.n, b.n, exact).matchLeft);
        if (im.length === a.n) identical = { transform, pairs: im };
      }
    }
    if (!answerAgrees) continue;
    const answerEdges = edgesUnder(a, b, k, t.matchUnits, t.hornFacingDegrees, t.drifterStepUnits, true);
    const am = pairsOf(hopcroftKarp(a.n, b.n, answerEdges).matchLeft);
    const pairedWins = am.filter(([i]) => a.winning[i]).length;
    const pairedAnswerMarks = am.filter(([i]) => a.marked[i]).length;
    if (pairedWins === a.winningCount && pairedAnswerMarks === a.markedCount && am.length >= t.answerShare * larger - EPS) {
      if (!answer || am.length > answer.pairs.length) answer = { transform, pairs: am };
    }
  }

  const reasons: DedupReason[] = [];
  if (identical) reasons.push("identical");
  if (picture) reasons.push("same-picture");
  if (answer) reasons.push("same-answer");
  if (sameChains) reasons.push("same-chains");

  let transform: CarillonTransform | null = null;
  let matched: Array<[number, number]> = [];
  let basis: MatchBasis | null = null;
  const geometric: Array<[Found | null, MatchBasis]> = [
    [identical, "identical"],
    [picture, "picture"],
    [answer, "answer"],
  ];
  const best = geometric.find(([found]) => found !== null);
  if (best) {
    transform = best[0]!.transform;
    matched = best[0]!.pairs;
    basis = best[1];
  } else if (sameChains) {
    matched = chainPairs(a, b);
    basis = "chains";
  } else if (closest && closest.pairs.length > 0) {
    ({ transform, pairs: matched } = closest);
    basis = "closest";
  }
  return { same: reasons.length > 0, reasons, transform, matched, basis, share: larger === 0 ? 0 : matched.length / larger };
}

/**
 * Bipartite edges of `a`'s dots (turned) to `b`'s: same class (size, mark
 * kind, round order), centres within `units`, horn facings within
 * `facingDegrees`, drifter steps within `stepUnits`; with `answer`, a winning
 * first tap only with a winning first tap.
 */
function edgesUnder(
  a: PreparedCarillonLevel,
  b: PreparedCarillonLevel,
  k: number,
  units: number,
  facingDegrees: number,
  stepUnits: number,
  answer: boolean,
): number[][] {
  const reach2 = (units + EPS) * (units + EPS);
  const step2 = (stepUnits + EPS) * (stepUnits + EPS);
  const transform = CARILLON_TRANSFORMS[k];
  const edges: number[][] = [];
  for (let i = 0; i < a.n; i++) {
    const x = a.tu[k * a.n + i];
    const y = a.tv[k * a.n + i];
    const row: number[] = [];
    for (let j = 0; j < b.n; j++) {
      if (a.classId[i] !== b.classId[j]) continue;
      if (answer && a.winning[i] !== b.winning[j]) continue;
      const dx = x - b.u[j];
      const dy = y - b.v[j];
      if (dx * dx + dy * dy > reach2) continue;
      if (!Number.isNaN(a.facing[i]) && angleGap(turnFacing(transform, a.facing[i]), b.facing[j]) > facingDegrees + EPS) continue;
      if (a.stepX[i] !== 0 || a.stepY[i] !== 0 || b.stepX[j] !== 0 || b.stepY[j] !== 0) {
        const [sx, sy] = turnVector(transform, a.stepX[i], a.stepY[i]);
        const ex = sx - b.stepX[j];
        const ey = sy - b.stepY[j];
        if (ex * ex + ey * ey > step2) continue;
      }
      row.push(j);
    }
    edges.push(row);
  }
  return edges;
}

function pairsOf(matchLeft: Int32Array): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  matchLeft.forEach((j, i) => {
    if (j >= 0) pairs.push([i, j]);
  });
  return pairs;
}

/** Dot correspondence of two isomorphic reach graphs, position by position in their canonical orders (relation nodes left out). */
function chainPairs(a: PreparedCarillonLevel, b: PreparedCarillonLevel): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  a.chains.order.forEach((i, p) => {
    if (i < a.n) pairs.push([i, b.chains.order[p]]);
  });
  return pairs.sort((x, y) => x[0] - y[0]);
}
