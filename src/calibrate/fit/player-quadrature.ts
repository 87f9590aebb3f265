import { gaussHermite } from "../numeric/gauss-hermite.ts";
import { bracketedMode } from "../numeric/bracketed-mode.ts";
import type { Plays } from "../plays.ts";

/** Rows of plays grouped by player, as flat typed arrays (SPEC 11's Rasch model). */
export interface PlayerRows {
  /** Row indices of player j: `order[start[j]] .. order[start[j + 1] − 1]`, in level order. */
  start: Int32Array;
  order: Int32Array;
  /** Per row (index of `Plays.rows`): attempts, wins and the level index. */
  attempts: Float64Array;
  wins: Float64Array;
  level: Int32Array;
}

/** One player's adapted quadrature: nodes z_k (θ = σ·z, z ~ N(0, 1) a priori) and posterior weights. */
export interface PlayerNodes {
  /** ∫ Π f_r(σz) φ(z) dz by the rule (nats). */
  logLik: number;
  /** The posterior mode of z. */
  mode: number;
  /** −g''(ẑ), the posterior's curvature at the mode (≥ 1). */
  curvature: number;
  /** Nodes z_k. */
  z: Float64Array;
  /** Posterior weights π_k (sum 1). */
  weight: Float64Array;
}

/** One exp and one log1p: σ(η) and log(1 + e^η) from the same e^−|η| (the values `logistic` and `log1pExp` give). */
function logisticAndSoftplus(eta: number, out: Float64Array): void {
  const e = Math.exp(-Math.abs(eta));
  out[0] = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
  out[1] = Math.max(eta, 0) + Math.log1p(e);
}
const scratch = new Float64Array(2);

/**
 * Adaptive Gauss–Hermite quadrature of one player's marginal likelihood
 * (SPEC 11): ∫ Π_r Bin(w_r; n_r, σ(σz − d_r)) φ(z) dz, z the player's
 * standardised ability and d_r the difficulty of row r's level. The
 * integrand's log, g(z), is concave; its mode ẑ is found by `playerMode` and
 * the rule's nodes are placed at ẑ + √2·x_k / √(−g''(ẑ)) (Liu & Pierce 1994),
 * so a player with many plays (a sharp posterior) is integrated as accurately
 * as one with few. Rows with `use[r] = 0` are left out (held-out rows); with
 * none left the prior N(0, 1) itself is returned (plain Gauss–Hermite nodes).
 *
 * @param rows the plays by player; `j` the player.
 * @param difficulty per level index, its difficulty d (logits).
 * @param sigma the players' spread σ > 0 (logits).
 * @param nodes number of quadrature nodes (default 7); `start` where the mode search begins.
 * @param widen scale of the rule's spread relative to the posterior's (1: plain adaptive; > 1 covers a wider cavity).
 */
export function playerNodes(rows: PlayerRows, j: number, difficulty: ArrayLike<number>, sigma: number, nodes = 7, start = 0, use?: Uint8Array, widen = 1): PlayerNodes {
  const { nodes: x, weights: wq } = gaussHermite(nodes);
  const from = rows.start[j];
  const to = rows.start[j + 1];
  const { mode, curvature } = playerMode(rows, j, difficulty, sigma, start, use);
  const spread = (Math.SQRT2 * widen) / Math.sqrt(curvature);
  const z = new Float64Array(nodes);
  const logw = new Float64Array(nodes);
  let top = -Infinity;
  for (let k = 0; k < nodes; k++) {
    const zk = (z[k] = mode + spread * x[k]);
    let g = -0.5 * zk * zk;
    for (let i = from; i < to; i++) {
      const r = rows.order[i];
      if (use && !use[r]) continue;
      const eta = sigma * zk - difficulty[rows.level[r]];
      logisticAndSoftplus(eta, scratch);
      g += rows.wins[r] * eta - rows.attempts[r] * scratch[1];
    }
    logw[k] = Math.log(wq[k]) + x[k] * x[k] + g;
    if (logw[k] > top) top = logw[k];
  }
  let sum = 0;
  const weight = new Float64Array(nodes);
  for (let k = 0; k < nodes; k++) sum += weight[k] = Math.exp(logw[k] - top);
  for (let k = 0; k < nodes; k++) weight[k] /= sum;
  const logLik = Math.log(spread) + top + Math.log(sum) - 0.5 * Math.log(2 * Math.PI);
  return { logLik, mode, curvature, z, weight };
}

/**
 * The mode ẑ of one player's log posterior g(z) = Σ_r log Bin(w_r; n_r,
 * σ(σz − d_r)) − z²/2 and the curvature −g''(ẑ) (≥ 1). g is concave, but
 * its curvature nearly vanishes where a row of thousands of attempts
 * saturates, so the search keeps a bracket around the mode
 * (`bracketedMode`, from `start`): plain or capped Newton cycles there.
 */
export function playerMode(rows: PlayerRows, j: number, difficulty: ArrayLike<number>, sigma: number, start = 0, use?: Uint8Array): { mode: number; curvature: number } {
  const slope = (z: number) => {
    let d1 = -z;
    let d2 = -1;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) {
      const r = rows.order[i];
      if (use && !use[r]) continue;
      const eta = sigma * z - difficulty[rows.level[r]];
      const e = Math.exp(-Math.abs(eta));
      const p = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
      d1 += sigma * (rows.wins[r] - rows.attempts[r] * p);
      d2 -= sigma * sigma * rows.attempts[r] * p * (1 - p);
    }
    return { d1, d2 };
  };
  const found = bracketedMode(slope, start, { tolerance: 1e-10 });
  return { mode: found.x, curvature: -found.at.d2 };
}

/** Groups rows by player (flat arrays for the quadrature), each player's rows in level order. */
export function groupRowsByPlayer(rows: ReadonlyArray<{ player: number; level: number; attempts: number; wins: number }>, players: number): PlayerRows {
  const start = new Int32Array(players + 1);
  for (const r of rows) start[r.player + 1]++;
  for (let j = 0; j < players; j++) start[j + 1] += start[j];
  const fill = start.slice(0, players);
  const order = new Int32Array(rows.length);
  rows.forEach((r, i) => (order[fill[r.player]++] = i));
  // Each player's rows in level order (the information's dense block is then filled in one triangle).
  for (let j = 0; j < players; j++) {
    const own = Array.from(order.subarray(start[j], start[j + 1])).sort((x, y) => rows[x].level - rows[y].level || x - y);
    order.set(own, start[j]);
  }
  return {
    start,
    order,
    attempts: Float64Array.from(rows, (r) => r.attempts),
    wins: Float64Array.from(rows, (r) => r.wins),
    level: Int32Array.from(rows, (r) => r.level),
  };
}

/** The rows of plays grouped by player (cached per plays object). */
export function playerRowsOf(plays: Plays): PlayerRows {
  let rows = grouped.get(plays);
  if (!rows) {
    rows = groupRowsByPlayer(plays.rows, plays.players.length);
    grouped.set(plays, rows);
  }
  return rows;
}
const grouped = new WeakMap<Plays, PlayerRows>();
