import { fitLevelsModel } from "./fit-levels.ts";
import { SEPARATION, type ModelFit } from "./model-fit.ts";
import { newtonMaximise } from "../numeric/newton-maximise.ts";
import { gaussHermite } from "../numeric/gauss-hermite.ts";
import { groupRowsByPlayer, playerMode, playerNodes, type PlayerRows } from "./player-quadrature.ts";
import type { Plays } from "../plays.ts";

/** Quadrature nodes per player in the fit (adaptive Gauss–Hermite). */
export const RASCH_NODES = 7;

/**
 * Fits SPEC 11's Rasch model by marginal maximum likelihood: the pass
 * probability of player j on a level of metric m is σ(θ_j − (a + b·m)), the
 * abilities θ_j ~ N(0, σ²) are integrated out player by player with adaptive
 * Gauss–Hermite quadrature (`playerNodes`, 7 nodes), and (a, b, log σ) are
 * found by Newton's method. Gradient and Hessian are exact for the quadrature
 * (Louis' identity): per player, the posterior mean of the complete-data
 * score and E[Hessian] + Var[score] under the node weights, with
 * ∂η/∂(a, b, log σ) = (−1, −m, σz) and ∂²η/∂(log σ)² = σz.
 *
 * Strong players reach late levels (survivorship); the marginal likelihood
 * accounts for who played what, so b is not read backwards the way the
 * pooled per-level fit reads it.
 *
 * @param plays plays with a player column (`kind: "rasch"`).
 * @param include per level: 1 to use its rows, 0 to leave them out; default all.
 * @param fixB hold b at 0 (the baseline: the same model without the metric).
 * @param start starting (a, b, log σ); default from the pooled per-level fit.
 * @param fixedSigma hold σ at this value (> 0) and fit (a, b) only (the
 *   per-level model with level effects, `fitLevelsWithSpread`).
 * @returns the fit (`params` [a, b, log σ], or [a, log σ] with fixB);
 *   `newton.converged` false when it failed (σ → 0, separation, ...).
 */
export function fitRasch(plays: Plays, include?: Uint8Array, fixB = false, start?: number[], fixedSigma?: number): ModelFit {
  const rows = playerRowsOf(plays);
  const use = include ? Uint8Array.from(plays.rows, (r) => include[r.level]) : undefined;
  const modes = modesOf(plays);
  const fixS = fixedSigma !== undefined;
  const full = (x: number[]) => (fixS ? [x[0], x[1], Math.log(fixedSigma)] : fixB ? [x[0], 0, x[1]] : x);
  const value = (x: number[]) => {
    const [a, b, s] = full(x);
    let total = 0;
    for (let j = 0; j < plays.players.length; j++) total += playerNodes(rows, j, a, b, Math.exp(s), RASCH_NODES, modes[j], use).logLik;
    return total;
  };
  const evaluate = (x: number[]) => {
    const [a, b, s] = full(x);
    const sigma = Math.exp(s);
    const g = [0, 0, 0];
    const h = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    let total = 0;
    for (let j = 0; j < plays.players.length; j++) {
      const { mode, curvature } = playerMode(rows, j, a, b, sigma, modes[j], use);
      modes[j] = mode;
      total += addPlayer(rows, j, a, b, sigma, mode, curvature, use, g, h);
    }
    h[1][0] = h[0][1];
    h[2][0] = h[0][2];
    h[2][1] = h[1][2];
    if (fixS) return { value: total, gradient: [g[0], g[1]], hessian: [[h[0][0], h[0][1]], [h[1][0], h[1][1]]] };
    if (!fixB) return { value: total, gradient: g, hessian: h };
    return { value: total, gradient: [g[0], g[2]], hessian: [[h[0][0], h[0][2]], [h[2][0], h[2][2]]] };
  };
  const x0 = start ?? startingPoint(plays, include);
  // b = 0 starts from the difficulty at the mean metric; steps to 1e-7 (estimates are written to 6 decimals).
  const meanMetric = plays.levels.reduce((s, l) => s + l.metric, 0) / plays.levels.length;
  const r = newtonMaximise(evaluate, value, fixS ? [x0[0], x0[1]] : fixB ? [x0[0] + x0[1] * meanMetric, x0[2]] : x0, { bound: 1e4, tolerance: 1e-7 });
  const [fa, fb] = fixS ? r.x : fixB ? [r.x[0], 0] : r.x;
  if (!r.converged && plays.levels.some((l) => Math.abs(fa + fb * l.metric) > 25)) r.reason = SEPARATION;
  const sigmaLow = !fixS && (fixB ? r.x[1] : r.x[2]) < Math.log(1e-3);
  return {
    kind: "rasch",
    params: r.x,
    fixedB: fixB,
    information: r.at.hessian.map((row) => row.map((v) => -v)),
    logLik: r.at.value,
    newton: sigmaLow
      ? { converged: false, iterations: r.iterations, reason: "the players' spread σ tends to 0 (players do not differ: fit per level, without the player column)" }
      : { converged: r.converged, iterations: r.iterations, reason: r.reason },
  };
}

/** The rows of plays grouped by player, with each row's metric (cached per plays object). */
export function playerRowsOf(plays: Plays): PlayerRows {
  let rows = grouped.get(plays);
  if (!rows) {
    rows = groupRowsByPlayer(plays.rows, (r) => plays.levels[plays.rows[r].level].metric, plays.players.length);
    grouped.set(plays, rows);
  }
  return rows;
}
const grouped = new WeakMap<Plays, PlayerRows>();

/** The players' posterior modes of the last fit on these plays: each fit starts its mode searches there (only a start: results do not depend on it beyond 1e-9). */
function modesOf(plays: Plays): Float64Array {
  let modes = lastModes.get(plays);
  if (!modes) lastModes.set(plays, (modes = new Float64Array(plays.players.length)));
  return modes;
}
const lastModes = new WeakMap<Plays, Float64Array>();

/** (a, b, log σ) to start from: the pooled per-level fit's logit turned round (a = −a_levels, b = b_levels), σ = 1. */
function startingPoint(plays: Plays, include?: Uint8Array): number[] {
  const pooled = fitLevelsModel(plays, include);
  const [aL, bL] = pooled.newton.converged ? pooled.params : [pooled.params[0], 0];
  return [-aL, Number.isFinite(bL) ? bL : 0, 0];
}

/** Scratch arrays of {@link addPlayer}. */
const logw = new Float64Array(RASCH_NODES);
const sums = new Float64Array(5 * RASCH_NODES); // per node: Σd, Σd·m, Σv, Σv·m, Σv·m²
const score = [0, 0, 0];
const mean = [0, 0, 0];
const outer = [0, 0, 0, 0, 0, 0]; // E[s sᵀ] upper triangle: aa ab as bb bs ss

/**
 * Adds player j's marginal log-likelihood gradient to `g` and Hessian (upper
 * triangle) to `h` — Louis' identity on the adaptive nodes around the
 * player's mode — and returns the player's marginal log-likelihood (nats).
 */
function addPlayer(rows: PlayerRows, j: number, a: number, b: number, sigma: number, mode: number, curvature: number, use: Uint8Array | undefined, g: number[], h: number[][]): number {
  const { nodes: xs, weights: ws } = gaussHermite(RASCH_NODES);
  const K = RASCH_NODES;
  const spread = Math.SQRT2 / Math.sqrt(curvature);
  let top = -Infinity;
  sums.fill(0);
  for (let k = 0; k < K; k++) {
    const z = mode + spread * xs[k];
    let lk = Math.log(ws[k]) + xs[k] * xs[k] - 0.5 * z * z;
    let d = 0;
    let dm = 0;
    let v = 0;
    let vm = 0;
    let vmm = 0;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) {
      const r = rows.order[i];
      if (use && !use[r]) continue;
      const m = rows.metric[r];
      const n = rows.attempts[r];
      const eta = sigma * z - a - b * m;
      const e = Math.exp(-Math.abs(eta));
      const p = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
      lk += rows.wins[r] * eta - n * (Math.max(eta, 0) + Math.log1p(e));
      const di = rows.wins[r] - n * p;
      const vi = n * p * (1 - p);
      d += di;
      dm += di * m;
      v += vi;
      vm += vi * m;
      vmm += vi * m * m;
    }
    logw[k] = lk;
    if (lk > top) top = lk;
    sums[5 * k] = d;
    sums[5 * k + 1] = dm;
    sums[5 * k + 2] = v;
    sums[5 * k + 3] = vm;
    sums[5 * k + 4] = vmm;
  }
  let norm = 0;
  for (let k = 0; k < K; k++) norm += logw[k] = Math.exp(logw[k] - top);
  const logLik = Math.log(spread) + top + Math.log(norm) - 0.5 * Math.log(2 * Math.PI);
  mean.fill(0);
  outer.fill(0);
  for (let k = 0; k < K; k++) {
    const pk = logw[k] / norm;
    const sz = sigma * (mode + spread * xs[k]);
    const d = sums[5 * k];
    const dm = sums[5 * k + 1];
    const v = sums[5 * k + 2];
    const vm = sums[5 * k + 3];
    const vmm = sums[5 * k + 4];
    score[0] = -d;
    score[1] = -dm;
    score[2] = sz * d;
    for (let c = 0; c < 3; c++) mean[c] += pk * score[c];
    outer[0] += pk * score[0] * score[0];
    outer[1] += pk * score[0] * score[1];
    outer[2] += pk * score[0] * score[2];
    outer[3] += pk * score[1] * score[1];
    outer[4] += pk * score[1] * score[2];
    outer[5] += pk * score[2] * score[2];
    // E[complete-data Hessian]: −Σ v ∂η∂ηᵀ + (Σ d)·∂²η (only the log σ diagonal).
    h[0][0] -= pk * v;
    h[0][1] -= pk * vm;
    h[0][2] += pk * v * sz;
    h[1][1] -= pk * vmm;
    h[1][2] += pk * vm * sz;
    h[2][2] += pk * (-v * sz * sz + d * sz);
  }
  for (let c = 0; c < 3; c++) g[c] += mean[c];
  h[0][0] += outer[0] - mean[0] * mean[0];
  h[0][1] += outer[1] - mean[0] * mean[1];
  h[0][2] += outer[2] - mean[0] * mean[2];
  h[1][1] += outer[3] - mean[1] * mean[1];
  h[1][2] += outer[4] - mean[1] * mean[2];
  h[2][2] += outer[5] - mean[2] * mean[2];
  return logLik;
}
