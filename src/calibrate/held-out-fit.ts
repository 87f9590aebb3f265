import { fitLevelsModel } from "./fit/fit-levels.ts";
import { fitLevelsWithSpread } from "./fit/fit-levels-with-spread.ts";
import type { ModelFit } from "./fit/model-fit.ts";
import { fitRasch, playerRowsOf, RASCH_NODES } from "./fit/fit-rasch.ts";
import { logistic } from "./numeric/logistic.ts";
import { playerNodes } from "./fit/player-quadrature.ts";
import type { Plays } from "./plays.ts";

/** Held-out predictions: per row the model's and the baseline's pass probability. */
export interface HeldOut {
  /** Log loss (nats per attempt) and Brier score per attempt, model and baseline. */
  logLoss: number;
  brier: number;
  baselineLogLoss: number;
  baselineBrier: number;
  /** Per row of the plays: the model's held-out pass probability. */
  predicted: Float64Array;
}

/** Number of held-out folds. */
export const FOLDS = 5;

/**
 * The fit on held-out folds (SPEC 11 `fit`): the levels, in level-number
 * order, are dealt round-robin into min(5, L) folds; each fold's rows are
 * predicted by the model fitted without that fold (and without the
 * outliers), and by the baseline — the same model with b = 0 (per level a
 * constant pass rate; Rasch: player abilities and one difficulty). A Rasch
 * prediction for a player uses the player's ability given their plays on the
 * training levels (the posterior mean of σ(θ − d) on adaptive nodes; the
 * prior N(0, σ²) for a player with none). Every held-out row is scored,
 * outliers included: log loss −Σ[w·log p + (n − w)·log(1 − p)] / Σn and Brier
 * Σ[w(1 − p)² + (n − w)p²] / Σn (p kept within [1e-12, 1 − 1e-12]).
 *
 * @param outlier per level, 1 for the outliers left out of every training set.
 * @param start the full fit's parameters (warm start).
 * @param tau the level spread the per-level model is fitted with.
 * @returns the scores, or `undefined` when some fold cannot be fitted (its
 *   training levels lack two metric values, wins or losses, or the fit fails).
 */
export function heldOutFit(plays: Plays, outlier: Uint8Array, start: number[], tau = 0): HeldOut | undefined {
  const L = plays.levels.length;
  const k = Math.min(FOLDS, L);
  const predicted = new Float64Array(plays.rows.length);
  const baseline = new Float64Array(plays.rows.length);
  // The baseline on every level the fit used: each fold's baseline starts from it.
  const used = Uint8Array.from(outlier, (o) => 1 - o);
  const whole = plays.kind === "rasch" ? fitRasch(plays, used, true, start) : undefined;
  const baseStart = whole?.newton.converged ? [whole.params[0], 0, whole.params[1]] : start;
  for (let f = 0; f < k; f++) {
    const include = Uint8Array.from(plays.levels, (_, l) => (l % k !== f && !outlier[l] ? 1 : 0));
    if (!hasVariation(plays, include)) return undefined;
    const model = plays.kind === "rasch" ? fitRasch(plays, include, false, start) : fitLevelsWithSpread(plays, include, tau);
    const flat = plays.kind === "rasch" ? fitRasch(plays, include, true, baseStart) : fitLevelsModel(plays, include, true);
    if (!model.newton.converged || !flat.newton.converged) return undefined;
    predictFold(plays, model, include, f, k, predicted);
    predictFold(plays, flat, include, f, k, baseline);
  }
  const score = (p: Float64Array) => {
    let loss = 0;
    let brier = 0;
    let attempts = 0;
    plays.rows.forEach((r, i) => {
      const q = Math.min(Math.max(p[i], 1e-12), 1 - 1e-12);
      loss -= r.wins * Math.log(q) + (r.attempts - r.wins) * Math.log(1 - q);
      brier += r.wins * (1 - q) ** 2 + (r.attempts - r.wins) * q * q;
      attempts += r.attempts;
    });
    return { loss: loss / attempts, brier: brier / attempts };
  };
  const m = score(predicted);
  const b = score(baseline);
  return { logLoss: m.loss, brier: m.brier, baselineLogLoss: b.loss, baselineBrier: b.brier, predicted };
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

/** Writes the fit's predictions for the rows of fold f into `out`. */
function predictFold(plays: Plays, fit: ModelFit, include: Uint8Array, f: number, k: number, out: Float64Array): void {
  const inFold = (i: number) => plays.rows[i].level % k === f;
  const m = (i: number) => plays.levels[plays.rows[i].level].metric;
  if (fit.kind === "levels") {
    const [a, b] = fit.fixedB ? [fit.params[0], 0] : fit.params;
    for (let i = 0; i < plays.rows.length; i++) if (inFold(i)) out[i] = logistic(a - b * m(i));
    return;
  }
  const [a, b, s] = fit.fixedB ? [fit.params[0], 0, fit.params[1]] : fit.params;
  const sigma = Math.exp(s);
  const rows = playerRowsOf(plays);
  const use = Uint8Array.from(plays.rows, (r) => include[r.level]);
  for (let j = 0; j < plays.players.length; j++) {
    let any = false;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) if (inFold(rows.order[i])) any = true;
    if (!any) continue;
    const q = playerNodes(rows, j, a, b, sigma, RASCH_NODES, 0, use);
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) {
      const r = rows.order[i];
      if (!inFold(r)) continue;
      let p = 0;
      for (let n = 0; n < q.z.length; n++) p += q.weight[n] * logistic(sigma * q.z[n] - a - b * rows.metric[r]);
      out[r] = p;
    }
  }
}
