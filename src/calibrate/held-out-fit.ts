import jStat from "jstat";
import { fitLevelModel, type LevelModelFit } from "./fit/fit-level-model.ts";
import type { SpreadMethod } from "./fit/spread-regression.ts";
import { gaussHermite } from "./numeric/gauss-hermite.ts";
import { logistic } from "./numeric/logistic.ts";
import { RASCH_NODES } from "./fit/rasch-level-likelihood.ts";
import { playerNodes, playerRowsOf } from "./fit/player-quadrature.ts";
import type { Plays } from "./plays.ts";

/** Held-out predictions: per row the model's pass probability, the scores, and the metric's gain over the baseline. */
export interface HeldOut {
  /** Log loss (nats per attempt) and Brier score per attempt, model and baseline. */
  logLoss: number;
  brier: number;
  baselineLogLoss: number;
  baselineBrier: number;
  /** The baseline's log loss minus the model's (nats per attempt; + the metric predicts better), with its 95% interval. */
  gain: { value: number; low: number; high: number };
  /** Per row of the plays: the model's held-out pass probability. */
  predicted: Float64Array;
}

/** Number of held-out folds. */
export const FOLDS = 5;
/** Gauss–Hermite nodes over a held-out level's unknown difficulty. */
const SPREAD_NODES = 16;

/**
 * The fit on held-out folds (SPEC 11 `fit`): the played levels that are not
 * outliers, in level order, are dealt round-robin into min(5, L) folds; each fold's rows are
 * predicted by the model fitted without that fold (and without the outliers)
 * and by the baseline — the same model without the metric (d = β₀ + u: a
 * typical pass rate and the level spread; Rasch with the players too), so
 * the comparison isolates what the metric adds. A held-out level's
 * difficulty is unknown beyond the curve: N(xᵀβ, τ² + xᵀ·Cov(β)·x), integrated
 * out (16 Gauss–Hermite nodes); a Rasch player's ability is their posterior
 * given their plays on the training levels (the prior for a player with
 * none). Every held-out row of the levels that are not outliers is scored
 * (an outlier is a level the metric gets wrong by definition — listed on its
 * own — and one such level of many attempts would decide the comparison):
 * log loss −Σ[w·log p + (n − w)·log(1 − p)] / Σn and Brier Σ[w(1 − p)² +
 * (n − w)p²] / Σn (p kept within [1e-12, 1 − 1e-12]).
 *
 * The gain — baseline log loss minus the model's, per attempt — comes with
 * its uncertainty: per level the difference of the two log-likelihoods of
 * its rows, D_l (the levels are the units the fit generalises over; each is
 * paired with itself under both predictions), the ratio ΣD_l / Σn_l and its
 * standard error over levels (the ratio estimator's, √(L/(L − 1)·Σ(D_l −
 * ĝ·n_l)²) / Σn), and a 95% interval with Student's t on L − 1 degrees of
 * freedom. A gain whose interval reaches 0 is no evidence the metric
 * predicts better than a constant.
 *
 * @param outlier per level, 1 for the outliers left out of every training set.
 * @param model the fit on every kept level (the folds' warm start; each fold's baseline starts from the fold's model).
 * @returns the scores, or `undefined` when some fold cannot be fitted (its
 *   training levels lack two metric values, wins or losses, or a fit fails).
 *   `predicted` is 0 on the outliers' rows.
 */
export function heldOutFit(plays: Plays, outlier: Uint8Array, model: LevelModelFit, method: SpreadMethod = "reml"): HeldOut | undefined {
  const L = plays.levels.length;
  const attempts = new Float64Array(L);
  for (const r of plays.rows) attempts[r.level] += r.attempts;
  const played = Array.from({ length: L }, (_, l) => l).filter((l) => attempts[l] > 0 && !outlier[l]);
  const k = Math.min(FOLDS, played.length);
  const foldOf = new Int32Array(L).fill(-1);
  played.forEach((l, i) => (foldOf[l] = i % k));
  const predicted = new Float64Array(plays.rows.length);
  const base = new Float64Array(plays.rows.length);
  for (let f = 0; f < k; f++) {
    const include = Uint8Array.from(plays.levels, (_, l) => (foldOf[l] >= 0 && foldOf[l] !== f && !outlier[l] ? 1 : 0));
    if (!hasVariation(plays, include)) return undefined;
    // Predictions need no more than 1e-5 in β and τ, nor σ's variance.
    const m = fitLevelModel(plays, { include, method, start: model, tolerance: 1e-5, sigmaVariance: false });
    if (!m.converged) return undefined;
    const b = fitLevelModel(plays, { include, method, withMetric: false, start: m, tolerance: 1e-5, sigmaVariance: false });
    if (!b.converged) return undefined;
    predictFold(plays, m, include, (l) => foldOf[l] === f, predicted);
    predictFold(plays, b, include, (l) => foldOf[l] === f, base);
  }
  // Scores, and per level the paired difference of log-likelihoods (model − baseline).
  const D = new Float64Array(L);
  const score = (p: Float64Array, sign: number) => {
    let loss = 0;
    let brier = 0;
    let n = 0;
    plays.rows.forEach((r, i) => {
      if (r.attempts === 0 || foldOf[r.level] < 0) return;
      const q = Math.min(Math.max(p[i], 1e-12), 1 - 1e-12);
      const ll = r.wins * Math.log(q) + (r.attempts - r.wins) * Math.log(1 - q);
      D[r.level] += sign * ll;
      loss -= ll;
      brier += r.wins * (1 - q) ** 2 + (r.attempts - r.wins) * q * q;
      n += r.attempts;
    });
    return { loss: loss / n, brier: brier / n, n };
  };
  const mine = score(predicted, 1);
  const theirs = score(base, -1);
  const g = played.reduce((s, l) => s + D[l], 0) / mine.n;
  const residual = played.reduce((s, l) => s + (D[l] - g * attempts[l]) ** 2, 0);
  const se = played.length > 1 ? Math.sqrt((played.length / (played.length - 1)) * residual) / mine.n : Infinity;
  const t = played.length > 1 ? jStat.studentt.inv(0.975, played.length - 1) : Infinity;
  return {
    logLoss: mine.loss,
    brier: mine.brier,
    baselineLogLoss: theirs.loss,
    baselineBrier: theirs.brier,
    gain: { value: g, low: g - t * se, high: g + t * se },
    predicted,
  };
}

/** Whether the included levels have two metric values, a win and a loss. */
function hasVariation(plays: Plays, include: Uint8Array): boolean {
  const values = new Set<number>();
  let attempts = 0;
  let wins = 0;
  for (const r of plays.rows) {
    if (!include[r.level]) continue;
    values.add(plays.levels[r.level].metric);
    attempts += r.attempts;
    wins += r.wins;
  }
  return values.size >= 2 && wins > 0 && wins < attempts;
}

/** Writes the fit's predictions for the rows of the held-out levels into `out`. */
function predictFold(plays: Plays, fit: LevelModelFit, include: Uint8Array, heldOut: (level: number) => boolean, out: Float64Array): void {
  const { beta, cov, tau } = fit.regression;
  const rule = gaussHermite(SPREAD_NODES);
  // A held-out level's difficulty: N(center, spread²) — its nodes t_q and weights.
  const nodesOf = (metric: number) => {
    const x = fit.withMetric ? [1, metric] : [1];
    const center = x.reduce((s, v, i) => s + v * beta[i], 0);
    const varCurve = x.reduce((s, v, i) => s + v * x.reduce((t, u, j) => t + u * cov[i][j], 0), 0);
    const spread = Math.sqrt(tau * tau + Math.max(0, varCurve));
    return Array.from(rule.nodes, (node, q) => ({ t: center + Math.SQRT2 * spread * node, w: rule.weights[q] / Math.sqrt(Math.PI) }));
  };
  const levelNodes = plays.levels.map((lv, l) => (heldOut(l) ? nodesOf(lv.metric) : []));
  if (fit.kind === "levels") {
    plays.rows.forEach((r, i) => {
      if (heldOut(r.level)) out[i] = levelNodes[r.level].reduce((s, { t, w }) => s + w * logistic(-t), 0);
    });
    return;
  }
  const sigma = Math.exp(fit.logSigma!);
  const rows = playerRowsOf(plays);
  const use = Uint8Array.from(plays.rows, (r) => include[r.level]);
  const difficulty = Float64Array.from(plays.levels, (_, l) => (fit.slot[l] >= 0 ? fit.posterior.difficulty[fit.slot[l]] : 0));
  for (let j = 0; j < plays.players.length; j++) {
    let any = false;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) if (heldOut(rows.level[rows.order[i]])) any = true;
    if (!any) continue;
    const q = playerNodes(rows, j, difficulty, sigma, RASCH_NODES, fit.modes?.[j] ?? 0, use);
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) {
      const r = rows.order[i];
      if (!heldOut(rows.level[r])) continue;
      let p = 0;
      for (let k = 0; k < q.z.length; k++) for (const { t, w } of levelNodes[rows.level[r]]) p += q.weight[k] * w * logistic(sigma * q.z[k] - t);
      out[r] = p;
    }
  }
}
