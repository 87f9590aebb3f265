import { bracketedMode } from "../numeric/bracketed-mode.ts";
import { logistic } from "../numeric/logistic.ts";
import { newtonMaximise } from "../numeric/newton-maximise.ts";
import type { Plays } from "../plays.ts";
import { playerRowsOf } from "./player-quadrature.ts";
import { raschLevelTerms } from "./rasch-level-likelihood.ts";

/**
 * The levels' difficulties at the mode of their posterior under the level
 * spread (SPEC 11): what `fitLevelModel` alternates with the regression of
 * the difficulties on the metric.
 */
export interface LevelPosterior {
  /** Per slot (a level the fit uses), its level index in the plays. */
  levels: Int32Array;
  /** d*: per slot, the mode of Q(d) − Σ (d − μ)² / 2τ² (logits; pass = σ(−d) per level, σ(θ − d) Rasch). */
  difficulty: Float64Array;
  /** Rasch: log σ at the mode (σ has no prior: it is the maximum over σ). */
  logSigma?: number;
  /** ∂Q/∂d at d*, per slot. */
  gradient: Float64Array;
  /** Q's information about d with log σ profiled out: per slot (`diagonal`, per level) or S×S row-major (Rasch: players couple the levels). */
  information: Float64Array;
  diagonal: boolean;
  /** Rasch: Q's full information in (d, log σ), (S + 1)² row-major. */
  full?: Float64Array;
  /** Q(d*) (nats). */
  value: number;
  /** False when there is no mode (σ → 0, an estimate off to infinity, ...): `reason` says why. */
  converged: boolean;
  /** Whether the search reached the mode (false: it stopped at `maxSteps`, still climbing). */
  settled: boolean;
  reason?: string;
}

/** Where a posterior search starts: the difficulties (per slot), log σ, and per player the last ability modes; at most `maxSteps` Newton steps (Rasch). */
export interface PosteriorStart {
  difficulty?: Float64Array;
  logSigma?: number;
  modes?: Float64Array;
  maxSteps?: number;
}

/**
 * The mode of the levels' posterior given the curve μ (per slot) and the
 * spread τ: d* maximises Q(d, σ) − Σ_l (d_l − μ_l)² / 2τ², Q the likelihood
 * of the plays with a free difficulty per level — per level independent
 * binomials (each level a one-dimensional bracketed search), Rasch the
 * marginal likelihood over the players' abilities (`raschLevelTerms`;
 * Newton's method on (v, log σ) with d = μ + τ·v, so that τ → 0 stays well
 * conditioned). Returns Q's gradient and information there, what the
 * working response of the level regression is made of.
 *
 * @param slot per level index, its slot (−1: left out).
 */
export function levelPosterior(plays: Plays, slot: Int32Array, mu: Float64Array, tau: number, start: PosteriorStart = {}): LevelPosterior {
  const levels = Int32Array.from(slotsOf(slot));
  return plays.kind === "levels" ? binomialPosterior(plays, levels, mu, tau, start) : raschPosterior(plays, slot, levels, mu, tau, start);
}

/** The level index of each slot. */
function slotsOf(slot: Int32Array): number[] {
  const out: number[] = [];
  slot.forEach((s, l) => {
    if (s >= 0) out[s] = l;
  });
  return out;
}

/** Per level: the binomial likelihood at difficulty d (pass = σ(−d)); a bracketed search per level. */
function binomialPosterior(plays: Plays, levels: Int32Array, mu: Float64Array, tau: number, start: PosteriorStart): LevelPosterior {
  const S = levels.length;
  const n = new Float64Array(plays.levels.length);
  const w = new Float64Array(plays.levels.length);
  for (const r of plays.rows) {
    n[r.level] += r.attempts;
    w[r.level] += r.wins;
  }
  const difficulty = new Float64Array(S);
  const gradient = new Float64Array(S);
  const information = new Float64Array(S);
  let value = 0;
  for (let s = 0; s < S; s++) {
    const l = levels[s];
    const at = (d: number) => {
      const p = logistic(-d);
      return { g: -(w[l] - n[l] * p), i: n[l] * p * (1 - p) };
    };
    let d = mu[s];
    if (tau > 0) {
      const v0 = start.difficulty ? (start.difficulty[s] - mu[s]) / tau : 0;
      const found = bracketedMode((v) => {
        const { g, i } = at(mu[s] + tau * v);
        return { d1: tau * g - v, d2: -tau * tau * i - 1 };
      }, v0);
      d = mu[s] + tau * found.x;
    }
    const { g, i } = at(d);
    difficulty[s] = d;
    gradient[s] = g;
    information[s] = i;
    value += -w[l] * d - n[l] * (Math.max(-d, 0) + Math.log1p(Math.exp(-Math.abs(d))));
  }
  return { levels, difficulty, gradient, information, diagonal: true, value, converged: true, settled: true };
}

/** Rasch: Newton's method on (v, log σ) of Q(μ + τv, σ) − |v|²/2 (only log σ when τ = 0). */
function raschPosterior(plays: Plays, slot: Int32Array, levels: Int32Array, mu: Float64Array, tau: number, start: PosteriorStart): LevelPosterior {
  const S = levels.length;
  const rows = playerRowsOf(plays);
  const modes = start.modes ?? new Float64Array(plays.players.length);
  const V = tau > 0 ? S : 0;
  const full = new Float64Array(plays.levels.length);
  const difficultyOf = (x: number[]) => {
    for (let s = 0; s < S; s++) full[levels[s]] = mu[s] + (V ? tau * x[s] : 0);
    return full;
  };
  const value = (x: number[]) => {
    let pen = 0;
    for (let s = 0; s < V; s++) pen += 0.5 * x[s] * x[s];
    return raschLevelTerms(rows, slot, difficultyOf(x), x[V], modes, "value").value - pen;
  };
  let last: { x: number[]; terms: ReturnType<typeof raschLevelTerms> } | undefined;
  const evaluate = (x: number[]) => {
    const terms = raschLevelTerms(rows, slot, difficultyOf(x), x[V], modes, "information");
    last = { x: x.slice(), terms };
    const I = terms.information!;
    const P = S + 1;
    const gradient = new Array<number>(V + 1);
    const hessian = Array.from({ length: V + 1 }, () => new Array<number>(V + 1).fill(0));
    let pen = 0;
    for (let a = 0; a < V; a++) {
      pen += 0.5 * x[a] * x[a];
      gradient[a] = tau * terms.gradient[a] - x[a];
      for (let b = 0; b < V; b++) hessian[a][b] = -tau * tau * I[a * P + b] - (a === b ? 1 : 0);
      hessian[a][V] = hessian[V][a] = -tau * I[a * P + S];
    }
    gradient[V] = terms.gradient[S];
    hessian[V][V] = -I[S * P + S];
    return { value: terms.value - pen, gradient, hessian };
  };
  const x0 = new Array<number>(V + 1).fill(0);
  for (let s = 0; s < V; s++) x0[s] = start.difficulty ? (start.difficulty[s] - mu[s]) / tau : 0;
  x0[V] = start.logSigma ?? 0;
  const maxSteps = start.maxSteps ?? 100;
  const r = newtonMaximise(evaluate, value, x0, { bound: 1e4, tolerance: 1e-8, maxIterations: maxSteps });
  // Stopped at maxSteps while still climbing: not settled, not failed.
  const capped = !r.converged && r.iterations >= maxSteps && r.reason?.startsWith("no convergence in");
  const terms = last && last.x.every((xi, i) => xi === r.x[i]) ? last.terms : raschLevelTerms(rows, slot, difficultyOf(r.x), r.x[V], modes, "information");
  const I = terms.information!;
  const P = S + 1;
  // Profile log σ out of the information about d: I_dd − I_dσ I_σd / I_σσ.
  const information = new Float64Array(S * S);
  for (let a = 0; a < S; a++) for (let b = 0; b < S; b++) information[a * S + b] = I[a * P + b] - (I[a * P + S] * I[b * P + S]) / I[S * P + S];
  const lowSigma = r.x[V] < Math.log(1e-3);
  const at = difficultyOf(r.x);
  return {
    levels,
    difficulty: Float64Array.from(levels, (l) => at[l]),
    logSigma: r.x[V],
    gradient: terms.gradient.slice(0, S),
    information,
    diagonal: false,
    full: I,
    value: terms.value,
    converged: (r.converged || capped === true) && !lowSigma,
    settled: r.converged,
    reason: lowSigma ? "the players' spread σ tends to 0 (players do not differ: fit per level, without the player column)" : r.reason,
  };
}
