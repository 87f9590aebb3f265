import { gaussHermite } from "../numeric/gauss-hermite.ts";
import { binomialLogKernel, logistic } from "../numeric/logistic.ts";
import { bracketedMode } from "../numeric/bracketed-mode.ts";

/** Rows of plays grouped by player, as flat typed arrays (SPEC 11's Rasch model). */
export interface PlayerRows {
  /** Row indices of player j: `order[start[j]] .. order[start[j + 1] − 1]`. */
  start: Int32Array;
  order: Int32Array;
  /** Per row: attempts, wins and the level's metric. */
  attempts: Float64Array;
  wins: Float64Array;
  metric: Float64Array;
}

/** One player's adapted quadrature: nodes z_k (θ = σ·z, z ~ N(0, 1) a priori) and posterior weights. */
export interface PlayerNodes {
  /** ∫ Π f_r(σz) φ(z) dz by the rule (nats). */
  logLik: number;
  /** The posterior mode of z. */
  mode: number;
  /** Nodes z_k. */
  z: Float64Array;
  /** Posterior weights π_k (sum 1). */
  weight: Float64Array;
}

/**
 * Adaptive Gauss–Hermite quadrature of one player's marginal likelihood
 * (SPEC 11): ∫ Π_r Bin(w_r; n_r, σ(σz − a − b·m_r)) φ(z) dz with z the
 * player's standardised ability. The integrand's log, g(z), is concave; its
 * mode ẑ is found by Newton's method (from `start`), and the rule's nodes are
 * placed at ẑ + √2·x_k / √(−g''(ẑ)) (Liu & Pierce 1994), so a player with
 * many plays (a sharp posterior) is integrated as accurately as one with few.
 * Rows with `use[r] = 0` are left out (held-out rows); with none left the
 * prior N(0, 1) itself is returned (plain Gauss–Hermite nodes).
 *
 * @param rows the plays by player; `j` the player.
 * @param a, b, sigma the model's parameters (σ > 0, in logits).
 * @param nodes number of quadrature nodes (default 7).
 * @param widen scale of the rule's spread relative to the posterior's (1: plain adaptive; >1 covers a wider cavity).
 */
export function playerNodes(rows: PlayerRows, j: number, a: number, b: number, sigma: number, nodes = 7, start = 0, use?: Uint8Array, widen = 1): PlayerNodes {
  const { nodes: x, weights: wq } = gaussHermite(nodes);
  const from = rows.start[j];
  const to = rows.start[j + 1];
  const g = (z: number) => {
    let s = -0.5 * z * z;
    for (let i = from; i < to; i++) {
      const r = rows.order[i];
      if (use && !use[r]) continue;
      s += binomialLogKernel(rows.wins[r], rows.attempts[r], sigma * z - a - b * rows.metric[r]);
    }
    return s;
  };
  const { mode, curvature } = playerMode(rows, j, a, b, sigma, start, use);
  const spread = (Math.SQRT2 * widen) / Math.sqrt(curvature);
  const z = new Float64Array(nodes);
  const logw = new Float64Array(nodes);
  let top = -Infinity;
  for (let k = 0; k < nodes; k++) {
    z[k] = mode + spread * x[k];
    logw[k] = Math.log(wq[k]) + x[k] * x[k] + g(z[k]);
    if (logw[k] > top) top = logw[k];
  }
  let sum = 0;
  const weight = new Float64Array(nodes);
  for (let k = 0; k < nodes; k++) sum += weight[k] = Math.exp(logw[k] - top);
  for (let k = 0; k < nodes; k++) weight[k] /= sum;
  const logLik = Math.log(spread) + top + Math.log(sum) - 0.5 * Math.log(2 * Math.PI);
  return { logLik, mode, z, weight };
}

/**
 * The mode ẑ of one player's log posterior g(z) = Σ_r log Bin(w_r; n_r,
 * σ(σz − a − b·m_r)) − z²/2 and the curvature −g''(ẑ) (≥ 1). g is concave,
 * but its curvature nearly vanishes where a row of thousands of attempts
 * saturates, so the search keeps a bracket around the mode
 * (`bracketedMode`, from `start`): plain or capped Newton cycles there.
 */
export function playerMode(rows: PlayerRows, j: number, a: number, b: number, sigma: number, start = 0, use?: Uint8Array): { mode: number; curvature: number } {
  const slope = (z: number) => {
    let d1 = -z;
    let d2 = -1;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) {
      const r = rows.order[i];
      if (use && !use[r]) continue;
      const p = logistic(sigma * z - a - b * rows.metric[r]);
      d1 += sigma * (rows.wins[r] - rows.attempts[r] * p);
      d2 -= sigma * sigma * rows.attempts[r] * p * (1 - p);
    }
    return { d1, d2 };
  };
  const found = bracketedMode(slope, start, { tolerance: 1e-10 });
  return { mode: found.x, curvature: -found.at.d2 };
}

/** Groups the rows of plays by player (flat arrays for the quadrature). */
export function groupRowsByPlayer(rows: ReadonlyArray<{ player: number; attempts: number; wins: number }>, metricOfRow: (r: number) => number, players: number): PlayerRows {
  const start = new Int32Array(players + 1);
  for (const r of rows) start[r.player + 1]++;
  for (let j = 0; j < players; j++) start[j + 1] += start[j];
  const fill = start.slice(0, players);
  const order = new Int32Array(rows.length);
  rows.forEach((r, i) => (order[fill[r.player]++] = i));
  return {
    start,
    order,
    attempts: Float64Array.from(rows, (r) => r.attempts),
    wins: Float64Array.from(rows, (r) => r.wins),
    metric: Float64Array.from(rows, (_, i) => metricOfRow(i)),
  };
}
