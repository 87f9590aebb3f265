import { gaussHermite } from "../numeric/gauss-hermite.ts";
import type { PlayerRows } from "./player-quadrature.ts";
import { playerMode } from "./player-quadrature.ts";

/** Quadrature nodes per player (adaptive Gauss–Hermite). */
export const RASCH_NODES = 7;

/** The Rasch marginal likelihood with a free difficulty per level, and its derivatives. */
export interface RaschLevelTerms {
  /** Σ_players log ∫ Π_rows Bin(w; n, σ(σz − d_level)) φ(z) dz (nats, binomial coefficients left out). */
  value: number;
  /** Its gradient in (d_slot 0 .. S − 1, log σ). */
  gradient: Float64Array;
  /** Its information −∇² in the same order, row-major (S + 1)² — when asked for. */
  information?: Float64Array;
}

/**
 * SPEC 11's Rasch model with every level's difficulty free — the
 * likelihood the level model's spread τ is laid over (`fitLevelModel`):
 * pass = σ(θ − d_l) with θ = σ·z, z ~ N(0, 1) integrated out player by player
 * by adaptive Gauss–Hermite quadrature (`playerMode` places the 7 nodes).
 * Gradient and information are exact for the quadrature (Louis' identity:
 * the posterior mean of the complete-data score; minus the posterior mean of
 * the complete-data Hessian minus the posterior variance of the score), with
 * ∂η/∂d_l = −1 and ∂η/∂log σ = σz. A player couples the levels they played
 * (the variance term), so the information is dense: about k²·7 operations
 * for a player of k rows.
 *
 * @param rows the plays by player; `slot[level]` the level's index among the
 *   free difficulties (−1: its rows are left out); `difficulty` per level.
 * @param logSigma log σ.
 * @param modes per player, where the mode search starts; updated to the modes found.
 * @param want "value", "gradient", or "information" (the gradient too).
 */
export function raschLevelTerms(rows: PlayerRows, slot: Int32Array, difficulty: ArrayLike<number>, logSigma: number, modes: Float64Array, want: "value" | "gradient" | "information"): RaschLevelTerms {
  let S = 0;
  for (let l = 0; l < slot.length; l++) if (slot[l] >= S) S = slot[l] + 1;
  const P = S + 1;
  const sigma = Math.exp(logSigma);
  const { nodes: xs, weights: wq } = gaussHermite(RASCH_NODES);
  const K = RASCH_NODES;
  const gradient = new Float64Array(P);
  const information = want === "information" ? new Float64Array(P * P) : undefined;
  const use = usedRows(rows, slot);
  const players = rows.start.length - 1;
  let value = 0;
  // Per player scratch: its rows' slots, and per row and node the residual e = w − n·p and v = n·p(1 − p).
  let cap = 16;
  let own = new Int32Array(cap);
  let e = new Float64Array(cap * K);
  let v = new Float64Array(cap * K);
  const z = new Float64Array(K);
  const pi = new Float64Array(K);
  const score = new Float64Array(K); // per node: Σ_r e·σz, the log σ score
  for (let j = 0; j < players; j++) {
    let k = 0;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) if (use[rows.order[i]]) k++;
    if (k === 0) continue;
    if (k > cap) {
      cap = 2 * k;
      own = new Int32Array(cap);
      e = new Float64Array(cap * K);
      v = new Float64Array(cap * K);
    }
    const { mode, curvature } = playerMode(rows, j, difficulty, sigma, modes[j], use);
    modes[j] = mode;
    const spread = Math.SQRT2 / Math.sqrt(curvature);
    // Node log-weights, residuals.
    let top = -Infinity;
    for (let q = 0; q < K; q++) {
      z[q] = mode + spread * xs[q];
      pi[q] = Math.log(wq[q]) + xs[q] * xs[q] - 0.5 * z[q] * z[q];
    }
    let t = 0;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) {
      const r = rows.order[i];
      if (!use[r]) continue;
      own[t] = slot[rows.level[r]];
      const d = difficulty[rows.level[r]];
      const n = rows.attempts[r];
      const w = rows.wins[r];
      for (let q = 0; q < K; q++) {
        const eta = sigma * z[q] - d;
        const ex = Math.exp(-Math.abs(eta));
        const p = eta >= 0 ? 1 / (1 + ex) : ex / (1 + ex);
        pi[q] += w * eta - n * (Math.max(eta, 0) + Math.log1p(ex));
        e[t * K + q] = w - n * p;
        v[t * K + q] = n * p * (1 - p);
      }
      t++;
    }
    for (let q = 0; q < K; q++) if (pi[q] > top) top = pi[q];
    let norm = 0;
    for (let q = 0; q < K; q++) norm += pi[q] = Math.exp(pi[q] - top);
    value += Math.log(spread) + top + Math.log(norm) - 0.5 * Math.log(2 * Math.PI);
    if (want === "value") continue;
    for (let q = 0; q < K; q++) pi[q] /= norm;
    addPlayerDerivatives(k, own, e, v, z, pi, sigma, S, gradient, information, score);
  }
  if (information) for (let a = 0; a < P; a++) for (let b = 0; b < a; b++) information[a * P + b] = information[b * P + a];
  return { value, gradient, information };
}

/** Which rows count: those whose level has a slot (cached per slot array: a fit calls with the same one many times). */
function usedRows(rows: PlayerRows, slot: Int32Array): Uint8Array {
  let use = usedCache.get(slot);
  if (!use || use.length !== rows.level.length) {
    use = new Uint8Array(rows.level.length);
    for (let r = 0; r < use.length; r++) use[r] = slot[rows.level[r]] >= 0 ? 1 : 0;
    usedCache.set(slot, use);
  }
  return use;
}
const usedCache = new WeakMap<Int32Array, Uint8Array>();

/**
 * Adds one player's gradient and (upper-triangle) information, by Louis'
 * identity on its nodes: k rows, slots `own`, residuals e and v per row and
 * node, nodes z and normalised weights π.
 */
function addPlayerDerivatives(k: number, own: Int32Array, e: Float64Array, v: Float64Array, z: Float64Array, pi: Float64Array, sigma: number, S: number, gradient: Float64Array, information: Float64Array | undefined, score: Float64Array): void {
  const K = z.length;
  const P = S + 1;
  // Posterior means: ē_r (the d-score is −ē_r), the log σ score and E[v], E[v·σz].
  let meanScore = 0;
  score.fill(0);
  for (let t = 0; t < k; t++) for (let q = 0; q < K; q++) score[q] += e[t * K + q] * sigma * z[q];
  for (let q = 0; q < K; q++) meanScore += pi[q] * score[q];
  gradient[S] += meanScore;
  let essEh = 0; // E[Σ_r v σ²z² − Σ_r e σz]
  for (let t = 0; t < k; t++) {
    let mean = 0;
    let ev = 0;
    let evz = 0;
    let cov = 0; // Cov(e_r, s-score)
    for (let q = 0; q < K; q++) {
      const eq = e[t * K + q];
      mean += pi[q] * eq;
      ev += pi[q] * v[t * K + q];
      evz += pi[q] * v[t * K + q] * sigma * z[q];
      essEh += pi[q] * v[t * K + q] * sigma * sigma * z[q] * z[q];
    }
    for (let q = 0; q < K; q++) cov += pi[q] * (e[t * K + q] - mean) * (score[q] - meanScore);
    const a = own[t];
    gradient[a] -= mean;
    if (!information) continue;
    information[a * P + a] += ev;
    information[a * P + S] += -evz + cov;
    // Centre the residuals for the covariance between rows.
    for (let q = 0; q < K; q++) e[t * K + q] -= mean;
  }
  if (!information) return;
  let varScore = 0;
  for (let q = 0; q < K; q++) varScore += pi[q] * (score[q] - meanScore) ** 2;
  information[S * P + S] += essEh - meanScore - varScore;
  // −Cov(e_r, e_r') between the player's rows (a dense k × k block): Σ_q π_q·ẽ_rq·ẽ_r'q with ẽ the centred residuals,
  // scaled by √π_q first so each entry is one dot product of length K (7).
  for (let t = 0; t < k; t++) for (let q = 0; q < K; q++) e[t * K + q] *= Math.sqrt(pi[q]);
  for (let t = 0; t < k; t++) {
    const a = own[t];
    const row = a * P;
    const ti = t * K;
    const e0 = e[ti], e1 = e[ti + 1], e2 = e[ti + 2], e3 = e[ti + 3], e4 = e[ti + 4], e5 = e[ti + 5], e6 = e[ti + 6];
    for (let u = t; u < k; u++) {
      const ui = u * K;
      const c = K === 7 ? e0 * e[ui] + e1 * e[ui + 1] + e2 * e[ui + 2] + e3 * e[ui + 3] + e4 * e[ui + 4] + e5 * e[ui + 5] + e6 * e[ui + 6] : dot(e, ti, ui, K);
      const b = own[u];
      // Rows in level order (a ≤ b); two rows of one level (plays built in code; read plays sum them) meet twice in the full square.
      if (a === b && t !== u) information[row + a] -= 2 * c;
      else if (a <= b) information[row + b] -= c;
      else information[b * P + a] -= c;
    }
  }
}

/** Σ_q x[i + q]·x[j + q] for q < K. */
function dot(x: Float64Array, i: number, j: number, K: number): number {
  let c = 0;
  for (let q = 0; q < K; q++) c += x[i + q] * x[j + q];
  return c;
}
