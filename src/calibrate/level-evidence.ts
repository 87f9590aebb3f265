import type { ModelFit } from "./fit/model-fit.ts";
import { playerRowsOf } from "./fit/fit-rasch.ts";
import { gaussHermite } from "./numeric/gauss-hermite.ts";
import { binomialLogKernel, logistic } from "./numeric/logistic.ts";
import { playerNodes } from "./fit/player-quadrature.ts";
import type { Plays } from "./plays.ts";

/** Quadrature nodes per row for the level tests (wider than the fit's, to hold a cavity). */
const TEST_NODES = 11;

/** What the plays of each level say against a fit (SPEC 11 outliers), per level index. */
export interface LevelEvidence {
  /** Attempts and wins of the level (all its rows). */
  attempts: Float64Array;
  wins: Float64Array;
  /** Expected wins under the fit, for the players who played it (each row's ability from the player's other plays). */
  expected: Float64Array;
  /** Signed root of the likelihood-ratio statistic for a shift of the level's logit (+: easier than predicted). */
  root: Float64Array;
  /** Effective information of the level's wins about a shift of its logit: (∂E/∂δ)² / Var(W). */
  information: Float64Array;
  /** ∂(score of the level's rows)/∂(shift of its logit), in the fit's parameters (for the overdispersion covariance). */
  sensitivity: number[][];
}

/**
 * The evidence of each level against a fit (SPEC 11): for every row, the
 * distribution of its logit under the fit — one point a − b·m in the
 * per-level model; in the Rasch model the row's player's ability given the
 * player's *other* plays (the cavity: the posterior on 11 adaptive nodes,
 * twice the posterior's spread, divided by the row's own likelihood; the
 * prior N(0, σ²) for a player with no other play) — then, per level, the
 * log-likelihood ℓ(δ) of its rows with its logit shifted by δ, maximised by
 * Newton's method (|δ| ≤ 30), and the signed root r = sign(δ̂)·√(2(ℓ(δ̂) − ℓ(0))).
 * Without extra level-to-level variation r is about N(0, 1) for a level the
 * measure predicts; a level won or lost every time still has a finite r.
 *
 * @param include the levels the fit used (rows of other levels are tested
 *   against it with the player's full posterior).
 */
export function levelEvidence(plays: Plays, fit: ModelFit, include?: Uint8Array): LevelEvidence {
  const L = plays.levels.length;
  const R = plays.rows.length;
  const K = fit.kind === "levels" ? 1 : TEST_NODES;
  const { eta, weight, dEta } = rowLogits(plays, fit, include, K);
  const P = fit.params.length;
  const ev: LevelEvidence = {
    attempts: new Float64Array(L),
    wins: new Float64Array(L),
    expected: new Float64Array(L),
    root: new Float64Array(L),
    information: new Float64Array(L),
    sensitivity: plays.levels.map(() => new Array<number>(P).fill(0)),
  };
  const rowsOf: number[][] = plays.levels.map(() => []);
  plays.rows.forEach((r, i) => rowsOf[r.level].push(i));
  const slope = new Float64Array(L);
  const variance = new Float64Array(L);
  for (let i = 0; i < R; i++) {
    const { level, attempts: n } = plays.rows[i];
    ev.attempts[level] += n;
    ev.wins[level] += plays.rows[i].wins;
    let mean = 0;
    let second = 0;
    for (let k = 0; k < K; k++) {
      const c = weight[i * K + k];
      const p = logistic(eta[i * K + k]);
      const v = n * p * (1 - p);
      mean += c * n * p;
      second += c * (v + n * n * p * p);
      slope[level] += c * v;
      for (let q = 0; q < P; q++) ev.sensitivity[level][q] += c * v * dEta(i, k, q);
    }
    ev.expected[level] += mean;
    variance[level] += second - mean * mean;
  }
  for (let l = 0; l < L; l++) {
    ev.information[l] = variance[l] > 0 ? (slope[l] * slope[l]) / variance[l] : 0;
    ev.root[l] = signedRoot(rowsOf[l], plays, eta, weight, K);
  }
  return ev;
}

/** Each row's logit distribution under the fit: K nodes η and weights per row, and ∂η/∂params at node k. */
function rowLogits(plays: Plays, fit: ModelFit, include: Uint8Array | undefined, K: number) {
  const R = plays.rows.length;
  const eta = new Float64Array(R * K);
  const weight = new Float64Array(R * K);
  const m = (i: number) => plays.levels[plays.rows[i].level].metric;
  if (fit.kind === "levels") {
    const [a, b] = fit.fixedB ? [fit.params[0], 0] : fit.params;
    for (let i = 0; i < R; i++) {
      eta[i] = a - b * m(i);
      weight[i] = 1;
    }
    const dEta = (i: number, _k: number, q: number) => (q === 0 ? 1 : -m(i));
    return { eta, weight, dEta };
  }
  const [a, b, s] = fit.fixedB ? [fit.params[0], 0, fit.params[1]] : fit.params;
  const sigma = Math.exp(s);
  const rows = playerRowsOf(plays);
  const use = include ? Uint8Array.from(plays.rows, (r) => include[r.level]) : undefined;
  const z = new Float64Array(R * K);
  const prior = gaussHermite(K);
  for (let j = 0; j < plays.players.length; j++) {
    let used = 0;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) if (!use || use[rows.order[i]]) used++;
    const q = used > 0 ? playerNodes(rows, j, a, b, sigma, K, 0, use, 2) : undefined;
    for (let i = rows.start[j]; i < rows.start[j + 1]; i++) {
      const r = rows.order[i];
      const own = !use || use[r];
      const alone = !q || (own && used === 1);
      let total = 0;
      for (let k = 0; k < K; k++) {
        const zk = alone ? Math.SQRT2 * prior.nodes[k] : q!.z[k];
        const e = sigma * zk - a - b * rows.metric[r];
        let c = alone ? prior.weights[k] : q!.weight[k];
        if (!alone && own) c /= Math.exp(binomialLogKernel(rows.wins[r], rows.attempts[r], e) - binomialLogKernel(rows.wins[r], rows.attempts[r], sigma * q!.mode - a - b * rows.metric[r]));
        z[r * K + k] = zk;
        eta[r * K + k] = e;
        weight[r * K + k] = c;
        total += c;
      }
      for (let k = 0; k < K; k++) weight[r * K + k] /= total;
    }
  }
  const dEta = (i: number, k: number, q: number) => (q === 0 ? -1 : q === 1 && !fit.fixedB ? -m(i) : sigma * z[i * K + k]);
  return { eta, weight, dEta };
}

/**
 * sign(δ̂)·√(2(ℓ(δ̂) − ℓ(0))) for the rows of one level, ℓ(δ) = Σ_r log Σ_k c_rk Bin(w_r; n_r, σ(η_rk + δ)).
 * The inner loop takes one exp and one log1p per row and node: log c_rk is
 * taken once per level, and σ(x) comes from the same e^−|x| as log(1 + e^x)
 * (the same numbers `logistic` and `binomialLogKernel` give, bit for bit).
 */
function signedRoot(rows: number[], plays: Plays, eta: Float64Array, weight: Float64Array, K: number): number {
  const lk = new Float64Array(K);
  const pk = new Float64Array(K);
  const logc = new Float64Array(rows.length * K);
  rows.forEach((i, t) => {
    for (let k = 0; k < K; k++) logc[t * K + k] = weight[i * K + k] > 0 ? Math.log(weight[i * K + k]) : -Infinity;
  });
  const at = (delta: number, derivatives: boolean) => {
    let value = 0;
    let d1 = 0;
    let d2 = 0;
    for (let t = 0; t < rows.length; t++) {
      const i = rows[t];
      const { attempts: n, wins: w } = plays.rows[i];
      let top = -Infinity;
      for (let k = 0; k < K; k++) {
        const c = logc[t * K + k];
        if (c === -Infinity) {
          lk[k] = -Infinity;
          continue;
        }
        const x = eta[i * K + k] + delta;
        const e = Math.exp(-Math.abs(x));
        pk[k] = x >= 0 ? 1 / (1 + e) : e / (1 + e);
        lk[k] = c + (w * x - n * (Math.max(x, 0) + Math.log1p(e)));
        if (lk[k] > top) top = lk[k];
      }
      if (top === -Infinity) continue;
      let sum = 0;
      for (let k = 0; k < K; k++) sum += lk[k] = Math.exp(lk[k] - top);
      value += top + Math.log(sum);
      if (!derivatives) continue;
      let mean = 0;
      let second = 0;
      let curv = 0;
      for (let k = 0; k < K; k++) {
        const pi = lk[k] / sum;
        if (pi === 0) continue;
        const p = pk[k];
        const d = w - n * p;
        mean += pi * d;
        second += pi * d * d;
        curv += pi * n * p * (1 - p);
      }
      d1 += mean;
      d2 += -curv + second - mean * mean;
    }
    return { value, d1, d2 };
  };
  let delta = 0;
  let current = at(0, true);
  const zero = current.value;
  for (let iter = 0; iter < 60; iter++) {
    let step = current.d2 < 0 ? -current.d1 / current.d2 : Math.sign(current.d1);
    step = Math.max(-2, Math.min(2, step));
    let next = Math.max(-30, Math.min(30, delta + step));
    let trial = at(next, true);
    for (let h = 0; h < 30 && trial.value < current.value; h++) {
      next = (delta + next) / 2;
      trial = at(next, true);
    }
    const moved = Math.abs(next - delta);
    delta = next;
    current = trial;
    if (moved < 1e-7 || Math.abs(current.d1) < 1e-9) break;
  }
  const gain = Math.max(0, current.value - zero);
  return Math.sign(delta) * Math.sqrt(2 * gain);
}
