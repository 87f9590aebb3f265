import { gaussHermite } from "./numeric/gauss-hermite.ts";
import { brentMaximise } from "./numeric/brent-maximise.ts";
import { bracketedMode } from "./numeric/bracketed-mode.ts";
import { logNormalCdf, upperTailZ } from "./numeric/normal-tail.ts";
import { logistic } from "./numeric/logistic.ts";
import type { LevelModelFit } from "./fit/fit-level-model.ts";
import type { Prediction } from "./fit/spread-regression.ts";
import { playerMode, playerNodes, playerRowsOf, type PlayerRows } from "./fit/player-quadrature.ts";
import type { Plays } from "./plays.ts";

/** Nodes of a player's ability given their other plays (the cavity of a row). */
const CAVITY_NODES = 7;
/** Gauss–Hermite nodes over the level's unexplained difficulty when predicting its pass rate. */
const SPREAD_NODES = 16;
/** A level's own difficulty is searched within ±40 logits of its prediction. */
const REACH = 40;

/** Each level tested against the fit without it (SPEC 11 outliers), per level index of the plays. */
export interface LevelTests {
  /** Attempts and wins of the level (all its rows). */
  attempts: Float64Array;
  wins: Float64Array;
  /** z: the normal quantile of the level's leave-one-out predictive tail (+: easier than predicted); 0 for a level without attempts. */
  z: Float64Array;
  /** log of the two-sided p-value 2·Φ(−|z|), exact far into the tail. */
  logP: Float64Array;
  /** The leave-one-out predictive pass rate for the players who played it (its attempts' mean). */
  predicted: Float64Array;
  /** The prediction's difficulty (logits) and its spread: √(τ₋ₗ² + var of the curve there). */
  center: Float64Array;
  spread: Float64Array;
  /** The level's information about its difficulty at the prediction (Σ n·p(1 − p)). */
  information: Float64Array;
}

/**
 * Tests every level against the fit without it (SPEC 11 "Honest numbers":
 * outlier flags from one consistent fit, whose null is right under the
 * level spread). For level l, the fit on all the other levels
 * (`spreadRegression`'s leave-one-out: β₋ₗ, τ₋ₗ) predicts its difficulty as
 * x_lᵀβ₋ₗ + s·T, s² = τ₋ₗ² + x_lᵀ·Cov(β₋ₗ)·x_l and T Student's t on
 * Satterthwaite's ν for s² (τ is estimated from a few levels: with a normal
 * T, 15 levels flagged one by chance in 16% of files, not 5%). The level's
 * own plays have the likelihood ℓ(t) in its difficulty t — per level binomial; Rasch each
 * row's player at their ability given their *other* plays (the cavity:
 * adaptive nodes on the posterior without the row; the prior N(0, σ²) for a
 * player with no other play). With r(t) = sign(t̂ − t)·√(2(ℓ(t̂) − ℓ(t))),
 * P(the level looks this easy or easier | t) ≈ Φ(r(t)) (the signed root is
 * about N(0, 1)), so the predictive tail is p = ∫ Φ(r(t)) f(t) dt, f the
 * prediction's density — integrated relative to the integrand's mode
 * (Gauss–Legendre on each side, out to where it is e⁻²⁰ of it), so that a
 * level 20 standard errors off still gets its exact tail — and z = −Φ⁻¹(p).
 * Easier and harder levels are the same computation mirrored; a level won
 * (or lost) every time has a finite z; with s = 0 it is the plain
 * likelihood-ratio test. Also the predicted pass rate for who played it,
 * ∫ mean over its attempts of σ(θ − t), under the same prediction.
 *
 * @param fit the fit on every level with attempts (converged).
 */
export function levelTests(plays: Plays, fit: LevelModelFit): LevelTests {
  const L = plays.levels.length;
  const out: LevelTests = {
    attempts: new Float64Array(L),
    wins: new Float64Array(L),
    z: new Float64Array(L),
    logP: new Float64Array(L),
    predicted: new Float64Array(L),
    center: new Float64Array(L),
    spread: new Float64Array(L),
    information: new Float64Array(L),
  };
  for (const r of plays.rows) {
    out.attempts[r.level] += r.attempts;
    out.wins[r.level] += r.wins;
  }
  const rows = levelRows(plays, fit);
  const spreadRule = gaussHermite(SPREAD_NODES);
  const predictions = fit.regression.predictAll();
  for (let l = 0; l < L; l++) {
    const s = fit.slot[l];
    if (s < 0) continue;
    const prediction = predictions[s];
    // The mixture's mean and spread: where the prediction is, how wide (for the predicted rate and the band).
    let center = 0;
    let second = 0;
    prediction.weight.forEach((w, g) => {
      center += w * prediction.center[g];
      second += w * (prediction.spread[g] ** 2 + prediction.center[g] ** 2);
    });
    const spread = Math.sqrt(Math.max(0, second - center * center));
    const own = rows[l];
    const tail = predictiveTail(own, prediction);
    out.center[l] = center;
    out.spread[l] = spread;
    out.z[l] = tail.z;
    out.logP[l] = Math.LN2 + logNormalCdf(-Math.abs(tail.z));
    // The predicted pass rate (its attempts' mean) and the information at the prediction.
    let expected = 0;
    let info = 0;
    for (let q = 0; q < SPREAD_NODES; q++) {
      const t = center + Math.SQRT2 * spread * spreadRule.nodes[q];
      const wq = spreadRule.weights[q] / Math.sqrt(Math.PI);
      expected += wq * own.expectedWins(t);
    }
    info = own.information(center);
    out.predicted[l] = own.attempts > 0 ? expected / own.attempts : 0;
    out.information[l] = info;
  }
  return out;
}

/** A level's plays as a likelihood in its difficulty t. */
interface LevelRows {
  attempts: number;
  /** ℓ(t): Σ_rows log Σ_k c_k·Bin(w; n, σ(θ_k − t)) (nats, coefficients left out). */
  logLik(t: number): number;
  /** ℓ'(t) and ℓ''(t) (for the search of its maximum). */
  slope(t: number): { d1: number; d2: number };
  /** Expected wins at t. */
  expectedWins(t: number): number;
  /** Σ n·E[p(1 − p)] at t. */
  information(t: number): number;
}

/** Per level, its rows with each row's ability nodes: one node θ = 0 per level; Rasch the row's cavity. */
function levelRows(plays: Plays, fit: LevelModelFit): LevelRows[] {
  const L = plays.levels.length;
  // Per level: flat arrays of (n, w) per row and (θ_k, log c_k) per row and node.
  const lists: Array<{ n: number[]; w: number[]; theta: number[]; logc: number[] }> = Array.from({ length: L }, () => ({ n: [], w: [], theta: [], logc: [] }));
  let K = 1;
  if (fit.kind === "levels") {
    for (const r of plays.rows) {
      const list = lists[r.level];
      list.n.push(r.attempts);
      list.w.push(r.wins);
      list.theta.push(0);
      list.logc.push(0);
    }
  } else {
    K = GRID_NODES;
    cavities(plays, fit, lists);
  }
  return lists.map(({ n, w, theta, logc }) => rowsLikelihood(Float64Array.from(n), Float64Array.from(w), Float64Array.from(theta), Float64Array.from(logc), K));
}

/** A player of more rows than this has the cavities of its rows from one shared grid; fewer, each exactly. */
const EXACT_CAVITY_ROWS = 12;
/** Nodes of the shared grid, and its width relative to the player's posterior. */
const GRID_NODES = 11;
const GRID_WIDEN = 1.5;

/**
 * Fills, per level, every row's cavity nodes: the player's ability given
 * their other plays at the fit's difficulties. A player of at most 12 rows,
 * or a row that carries more than a third of the player's information, gets
 * the exact cavity: adaptive Gauss–Hermite on the posterior without the row.
 * A player of many rows gets all their rows' cavities from one grid: 11
 * Gauss–Hermite nodes on the full posterior widened 1.5 times (a row of at
 * most a third of the information leaves a cavity at most 1.22 times as
 * wide), weighted by the whole log-likelihood at each node less the row's
 * own — the same quadrature of the same integrand, O(11·k) per player
 * instead of a mode search and 7·k per row. (Cheaper shortcuts were not
 * exact enough: a level of a thousand rows moves by the mean of its players'
 * errors, and the normal at the cavity's mode moved z by 0.15, the normal
 * with its exact mean and variance by 0.02.)
 */
function cavities(plays: Plays, fit: LevelModelFit, lists: Array<{ n: number[]; w: number[]; theta: number[]; logc: number[] }>): void {
  const rows = playerRowsOf(plays);
  const sigma = Math.exp(fit.logSigma!);
  const beta = fit.regression.beta;
  // Every level's difficulty: its posterior mode where fitted, else its curve value.
  const difficulty = Float64Array.from(plays.levels, (lv, l) => (fit.slot[l] >= 0 ? fit.posterior.difficulty[fit.slot[l]] : beta[0] + (fit.withMetric ? beta[1] * lv.metric : 0)));
  const rule = gaussHermite(CAVITY_NODES);
  const logPrior = Array.from(rule.weights, (w) => Math.log(w / Math.sqrt(Math.PI)));
  const grid = gaussHermite(GRID_NODES);
  const use = new Uint8Array(plays.rows.length);
  let own = new Float64Array(16 * GRID_NODES);
  const total = new Float64Array(GRID_NODES);
  const zq = new Float64Array(GRID_NODES);
  // Every row has GRID_NODES nodes: a row of 7 is padded with nodes of weight 0 (−∞).
  const pad = (list: (typeof lists)[number]) => {
    for (let k = CAVITY_NODES; k < GRID_NODES; k++) {
      list.theta.push(0);
      list.logc.push(-Infinity);
    }
  };
  for (let j = 0; j < plays.players.length; j++) {
    const from = rows.start[j];
    const to = rows.start[j + 1];
    let count = 0;
    for (let i = from; i < to; i++) count += use[rows.order[i]] = rows.attempts[rows.order[i]] > 0 ? 1 : 0;
    const full = count > EXACT_CAVITY_ROWS ? playerMode(rows, j, difficulty, sigma, fit.modes?.[j] ?? 0, use) : undefined;
    if (full) {
      // The shared grid: each row's log-likelihood at each node, and their sum with the prior.
      if (own.length < (to - from) * GRID_NODES) own = new Float64Array(2 * (to - from) * GRID_NODES);
      const spread = (Math.SQRT2 * GRID_WIDEN) / Math.sqrt(full.curvature);
      for (let q = 0; q < GRID_NODES; q++) {
        zq[q] = full.mode + spread * grid.nodes[q];
        total[q] = Math.log(grid.weights[q]) + grid.nodes[q] * grid.nodes[q] - 0.5 * zq[q] * zq[q];
      }
      for (let i = from; i < to; i++) {
        const r = rows.order[i];
        for (let q = 0; q < GRID_NODES; q++) {
          const eta = sigma * zq[q] - difficulty[rows.level[r]];
          const term = use[r] ? rows.wins[r] * eta - rows.attempts[r] * (Math.max(eta, 0) + Math.log1p(Math.exp(-Math.abs(eta)))) : 0;
          own[(i - from) * GRID_NODES + q] = term;
          total[q] += term;
        }
      }
    }
    for (let i = from; i < to; i++) {
      const r = rows.order[i];
      const list = lists[rows.level[r]];
      list.n.push(rows.attempts[r]);
      list.w.push(rows.wins[r]);
      if (count - use[r] === 0) {
        // No other play: the prior N(0, σ²).
        for (let k = 0; k < CAVITY_NODES; k++) {
          list.theta.push(sigma * Math.SQRT2 * rule.nodes[k]);
          list.logc.push(logPrior[k]);
        }
        pad(list);
        continue;
      }
      if (full && rowTerms(rows, r, difficulty, sigma, full.mode).h < full.curvature / 3) {
        // The cavity on the shared grid: the whole log-likelihood less the row's own.
        let top = -Infinity;
        for (let q = 0; q < GRID_NODES; q++) top = Math.max(top, total[q] - own[(i - from) * GRID_NODES + q]);
        let mass = 0;
        for (let q = 0; q < GRID_NODES; q++) mass += Math.exp(total[q] - own[(i - from) * GRID_NODES + q] - top);
        // Its nodes on the grid, those of weight below 1e-12 of the whole left out (−∞).
        for (let q = 0; q < GRID_NODES; q++) {
          const w = Math.exp(total[q] - own[(i - from) * GRID_NODES + q] - top) / mass;
          list.theta.push(sigma * zq[q]);
          list.logc.push(w > 1e-12 ? Math.log(w) : -Infinity);
        }
        continue;
      }
      const was = use[r];
      use[r] = 0;
      const q = playerNodes(rows, j, difficulty, sigma, CAVITY_NODES, fit.modes?.[j] ?? 0, use);
      use[r] = was;
      for (let k = 0; k < CAVITY_NODES; k++) {
        list.theta.push(sigma * q.z[k]);
        list.logc.push(q.weight[k] > 0 ? Math.log(q.weight[k]) : -Infinity);
      }
      pad(list);
    }
  }
}

/** Row r's log-likelihood slope g and curvature h (−second derivative) in the player's z at z. */
function rowTerms(rows: PlayerRows, r: number, difficulty: ArrayLike<number>, sigma: number, z: number): { g: number; h: number } {
  const p = logistic(sigma * z - difficulty[rows.level[r]]);
  return { g: sigma * (rows.wins[r] - rows.attempts[r] * p), h: sigma * sigma * rows.attempts[r] * p * (1 - p) };
}

/** The likelihood of a level's rows in its difficulty: rows (n, w), per row K ability nodes θ with log-weights. */
export function rowsLikelihood(n: Float64Array, w: Float64Array, theta: Float64Array, logc: Float64Array, K: number): LevelRows {
  // Compact: each row's nodes of positive weight only (row i's are start[i] .. start[i + 1] − 1), rows of no attempt left out.
  const start: number[] = [0];
  const th: number[] = [];
  const lc: number[] = [];
  const rn: number[] = [];
  const rw: number[] = [];
  let attempts = 0;
  for (let i = 0; i < n.length; i++) {
    if (n[i] === 0) continue;
    attempts += n[i];
    for (let k = 0; k < K; k++) {
      if (logc[i * K + k] === -Infinity) continue;
      th.push(theta[i * K + k]);
      lc.push(logc[i * K + k]);
    }
    rn.push(n[i]);
    rw.push(w[i]);
    start.push(th.length);
  }
  const R = rn.length;
  const t0 = Float64Array.from(th);
  const c0 = Float64Array.from(lc);
  const weight = Float64Array.from(lc, Math.exp);
  const most = Math.max(K, 1);
  const terms = new Float64Array(most);
  const probs = new Float64Array(most);
  return {
    attempts,
    logLik(t: number): number {
      let value = 0;
      for (let i = 0; i < R; i++) {
        const a = start[i];
        const b = start[i + 1];
        let top = -Infinity;
        for (let k = a; k < b; k++) {
          const eta = t0[k] - t;
          const e = Math.exp(-Math.abs(eta));
          const v = (terms[k - a] = c0[k] + rw[i] * eta - rn[i] * (Math.max(eta, 0) + Math.log1p(e)));
          if (v > top) top = v;
        }
        let sum = 0;
        for (let k = 0; k < b - a; k++) sum += Math.exp(terms[k] - top);
        value += top + Math.log(sum);
      }
      return value;
    },
    slope(t: number): { d1: number; d2: number } {
      let d1 = 0;
      let d2 = 0;
      for (let i = 0; i < R; i++) {
        const a = start[i];
        const b = start[i + 1];
        let top = -Infinity;
        for (let k = a; k < b; k++) {
          const eta = t0[k] - t;
          const e = Math.exp(-Math.abs(eta));
          probs[k - a] = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
          const v = (terms[k - a] = c0[k] + rw[i] * eta - rn[i] * (Math.max(eta, 0) + Math.log1p(e)));
          if (v > top) top = v;
        }
        let sum = 0;
        for (let k = 0; k < b - a; k++) sum += terms[k] = Math.exp(terms[k] - top);
        // Louis' identity over the nodes: per node the score of t is −(w − n·p), its derivative −n·p(1 − p).
        let mean = 0;
        let second = 0;
        let curv = 0;
        for (let k = 0; k < b - a; k++) {
          const pi = terms[k] / sum;
          const sc = -(rw[i] - rn[i] * probs[k]);
          mean += pi * sc;
          second += pi * sc * sc;
          curv += pi * rn[i] * probs[k] * (1 - probs[k]);
        }
        d1 += mean;
        d2 += -curv + second - mean * mean;
      }
      return { d1, d2 };
    },
    expectedWins(t: number): number {
      let s = 0;
      for (let i = 0; i < R; i++) for (let k = start[i]; k < start[i + 1]; k++) s += weight[k] * rn[i] * logistic(t0[k] - t);
      return s;
    },
    information(t: number): number {
      let s = 0;
      for (let i = 0; i < R; i++) {
        for (let k = start[i]; k < start[i + 1]; k++) {
          const p = logistic(t0[k] - t);
          s += weight[k] * rn[i] * p * (1 - p);
        }
      }
      return s;
    },
  };
}

/**
 * z of a level's predictive tail: with its own estimate t̂ (ℓ's maximum within
 * ±40 logits of the prediction, by a bracketed Newton search), p = ∫ Φ(r(t))
 * f(t) dt (f the density of center + spread·t_ν) for the side t̂ is on, in
 * log space: x = (t − center)/spread, the log-integrand h(x) = log Φ(±r) +
 * log f maximised by Brent's method and e^(h − max) integrated by
 * Gauss–Legendre on three panels each side of it, where it exceeds e⁻²⁰.
 */
export function predictiveTail(own: LevelRows, prediction: Prediction): { z: number } {
  if (own.attempts === 0) return { z: 0 };
  // The mixture's log-density, its mean and spread (the scale the search and the integral work on).
  const G = prediction.weight.length;
  let center = 0;
  let second = 0;
  for (let g = 0; g < G; g++) {
    center += prediction.weight[g] * prediction.center[g];
    second += prediction.weight[g] * (prediction.spread[g] ** 2 + prediction.center[g] ** 2);
  }
  const spread = Math.sqrt(Math.max(0, second - center * center));
  const found = bracketedMode((t) => own.slope(t), center, { lower: center - REACH, upper: center + REACH, tolerance: 1e-9 });
  const that = found.x;
  const top = { x: that, value: own.logLik(that) };
  const easier = that < center;
  // log Φ(r(t)) on the side of the observation: r(t) = sign(t̂ − t)·√(2(ℓ(t̂) − ℓ(t))), mirrored for a harder level.
  const logTail = (t: number) => {
    const root = Math.sqrt(Math.max(0, 2 * (top.value - own.logLik(t))));
    const signed = (easier ? Math.sign(that - t) : Math.sign(t - that)) * root;
    return logNormalCdf(signed);
  };
  let logP: number;
  if (!(spread > 0)) logP = logTail(center);
  else {
    // The prediction's log-density in x = (t − center)/spread (a log-sum-exp over its components; dx = dt/spread).
    const logDensity = (x: number) => {
      const t = center + spread * x;
      let best = -Infinity;
      const terms = new Float64Array(G);
      for (let g = 0; g < G; g++) {
        const s = prediction.spread[g];
        const u = (t - prediction.center[g]) / s;
        terms[g] = prediction.weight[g] > 0 ? Math.log(prediction.weight[g]) - 0.5 * u * u - Math.log(s) - 0.5 * Math.log(2 * Math.PI) : -Infinity;
        if (terms[g] > best) best = terms[g];
      }
      let sum = 0;
      for (let g = 0; g < G; g++) sum += Math.exp(terms[g] - best);
      return best + Math.log(sum) + Math.log(spread);
    };
    const h = (x: number) => logTail(center + spread * x) + logDensity(x);
    // The mode lies between the prediction (x = 0) and the level's own estimate (x̂): where the density and the tail pull.
    const own0 = Math.max(-REACH, Math.min(REACH, (that - center) / spread));
    const mode = brentMaximise(h, Math.max(-REACH, Math.min(0, own0) - 2), Math.min(REACH, Math.max(0, own0) + 2), { tolerance: 1e-3 });
    // Each side of the mode falls monotonically: out to where h is 20 nats below its top (steps doubling), then Gauss–Legendre.
    const edge = (direction: number) => {
      let step = 0.05;
      let x = mode.x + direction * step;
      for (let i = 0; i < 60 && h(x) > mode.value - 20; i++, step *= 2) x = mode.x + direction * step;
      return x;
    };
    const f = (x: number) => Math.exp(h(x) - mode.value);
    logP = mode.value + Math.log(sideIntegral(f, mode.x, edge(-1)) + sideIntegral(f, mode.x, edge(1)));
  }
  logP = Math.min(0, logP);
  // p is the tail on the observation's side: z = Φ⁻¹(1 − p), + for easier.
  const z = logP <= Math.log(0.5) ? upperTailZ(logP) : -upperTailZ(Math.log(-Math.expm1(logP)));
  return { z: easier ? z : -z };
}

/** The 8-point Gauss–Legendre rule on [−1, 1] (nodes x_k ≥ 0 of the symmetric pairs, and weights). */
const LEGENDRE = legendreRule(8);

/**
 * ∫ f from the mode to an edge, f falling monotonically: Gauss–Legendre on
 * three panels of widths 1 : 2 : 4 of the way, so the peak is resolved and a
 * long (Student t) tail too.
 */
function sideIntegral(f: (x: number) => number, mode: number, edge: number): number {
  const unit = (edge - mode) / 7;
  const a = mode + unit;
  const b = mode + 3 * unit;
  return Math.abs(gaussLegendre(f, mode, a) + gaussLegendre(f, a, b) + gaussLegendre(f, b, edge));
}


/** ∫ f over [a, b] by the 8-point Gauss–Legendre rule (exact for polynomials of degree 15). */
function gaussLegendre(f: (x: number) => number, a: number, b: number): number {
  const half = (b - a) / 2;
  const mid = (a + b) / 2;
  let sum = 0;
  for (let k = 0; k < LEGENDRE.nodes.length; k++) sum += LEGENDRE.weights[k] * (f(mid - half * LEGENDRE.nodes[k]) + f(mid + half * LEGENDRE.nodes[k]));
  return sum * half;
}

/** Gauss–Legendre nodes and weights (n even): Newton's method on P_n from the Chebyshev guesses. */
function legendreRule(n: number): { nodes: Float64Array; weights: Float64Array } {
  const m = n / 2;
  const nodes = new Float64Array(m);
  const weights = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let dp = 0;
    for (let iter = 0; iter < 100; iter++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= n; k++) [p0, p1] = [p1, ((2 * k - 1) * x * p1 - (k - 1) * p0) / k];
      dp = (n * (x * p1 - p0)) / (x * x - 1);
      const next = x - p1 / dp;
      if (Math.abs(next - x) < 1e-15) {
        x = next;
        break;
      }
      x = next;
    }
    nodes[i] = x;
    weights[i] = 2 / ((1 - x * x) * dp * dp);
  }
  return { nodes, weights };
}
