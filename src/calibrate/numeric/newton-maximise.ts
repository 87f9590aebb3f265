/** What an objective gives Newton's method at a point. */
export interface Evaluation {
  /** The objective (a log-likelihood, nats). */
  value: number;
  /** Its gradient. */
  gradient: number[];
  /** Its Hessian (symmetric, row-major rows). */
  hessian: number[][];
}

/** How a maximisation ended. */
export interface NewtonResult {
  /** The last point (the maximum when `converged`). */
  x: number[];
  /** The objective, gradient and Hessian there. */
  at: Evaluation;
  /** Whether the steps and the gradient fell below the tolerances. */
  converged: boolean;
  /** Newton steps taken. */
  iterations: number;
  /** Why it stopped when it did not converge. */
  reason?: string;
}

/**
 * Maximises a smooth concave-near-the-optimum function of a few parameters by
 * Newton's method with a Levenberg–Marquardt safeguard and step halving (SPEC
 * 11's maximum-likelihood fits). Each step solves (−H + λI)Δ = g by Cholesky,
 * with λ = 0 when −H is positive definite and raised until it is otherwise;
 * a step that lowers the value by more than 1e-9 of it is halved (up to 30
 * times). Converged when the full Newton step's largest |Δ| is below
 * `tolerance`; or when that step is below 1e-3 and does not raise the value,
 * or below 1e-5 and no halving is accepted — the top of the objective within
 * its quadrature's rounding (an adaptive quadrature moves its nodes with the
 * parameters, so its value and gradient are not exactly consistent, and
 * Newton would otherwise creep along the flat top).
 *
 * @param f the objective at a point (value, gradient, Hessian).
 * @param value the objective alone (cheaper: used by the step halving).
 * @param x0 the starting point.
 * @param options maxIterations (default 100), tolerance (default 1e-9),
 *   bound: a step may not take any |x_i| above it (default 1e6), which is how
 *   an estimate running off to infinity (perfect separation) is caught.
 */
export function newtonMaximise(
  f: (x: number[]) => Evaluation,
  value: (x: number[]) => number,
  x0: number[],
  options: { maxIterations?: number; tolerance?: number; bound?: number } = {},
): NewtonResult {
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-9;
  const bound = options.bound ?? 1e6;
  let x = x0.slice();
  let at = f(x);
  if (!Number.isFinite(at.value)) return { x, at, converged: false, iterations: 0, reason: "the log-likelihood is not finite at the start" };
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const { step } = newtonStep(at);
    if (!step) return { x, at, converged: false, iterations: iteration, reason: "the Hessian could not be made definite" };
    const largest = Math.max(0, ...step.map((s) => Math.abs(s)));
    if (largest < tolerance) return { x, at, converged: true, iterations: iteration };
    const floor = at.value - 1e-9 * Math.max(1, Math.abs(at.value));
    let t = 1;
    let next: number[] | undefined;
    let nextAt: Evaluation | undefined;
    for (let halving = 0; halving < 30; halving++, t /= 2) {
      const candidate = x.map((xi, i) => xi + t * step[i]);
      if (candidate.some((c) => !(Math.abs(c) <= bound))) continue;
      // The full step is evaluated in full (it is usually taken); halved ones by value first.
      const trial = halving === 0 ? f(candidate) : undefined;
      const v = trial ? trial.value : value(candidate);
      // At the top: a small full step that does not raise the value (an adaptive quadrature's gradient and value disagree below that).
      if (trial && largest < 1e-3 && !(v > at.value)) return { x, at, converged: true, iterations: iteration };
      if (Number.isFinite(v) && v >= floor) {
        next = candidate;
        nextAt = trial;
        break;
      }
    }
    if (!next) {
      if (largest < 1e-5) return { x, at, converged: true, iterations: iteration };
      const off = step.some((s, i) => !(Math.abs(x[i] + s) <= bound));
      return { x, at, converged: false, iterations: iteration, reason: off ? "an estimate runs off to infinity" : "no step raises the likelihood" };
    }
    x = next;
    at = nextAt ?? f(x);
    if (!Number.isFinite(at.value)) return { x, at, converged: false, iterations: iteration, reason: "the log-likelihood is not finite" };
  }
  const off = x.some((xi) => Math.abs(xi) > bound / 10);
  return { x, at, converged: false, iterations: maxIterations, reason: off ? "an estimate runs off to infinity" : `no convergence in ${maxIterations} Newton steps` };
}

/** The safeguarded Newton step Δ with (−H + λI)Δ = g, and the decrement gᵀΔ. */
function newtonStep(at: Evaluation): { step?: number[]; decrement: number } {
  const n = at.gradient.length;
  const diag = Math.max(1e-12, ...at.hessian.map((row, i) => Math.abs(row[i])));
  for (let lambda = 0; lambda < 1e12 * diag; lambda = lambda === 0 ? 1e-10 * diag : lambda * 10) {
    const a = at.hessian.map((row, i) => row.map((h, j) => -h + (i === j ? lambda : 0)));
    const step = solvePositiveDefinite(a, at.gradient);
    if (step) return { step, decrement: step.reduce((s, d, i) => s + d * at.gradient[i], 0) };
    if (n === 0) break;
  }
  return { decrement: Infinity };
}

/**
 * Solves A·x = b for a symmetric positive definite A by Cholesky.
 *
 * @returns x, or `undefined` when A is not positive definite.
 */
export function solvePositiveDefinite(a: number[][], b: number[]): number[] | undefined {
  const l = choleskyFactor(a);
  if (!l) return undefined;
  const n = b.length;
  const y = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i][k] * y[k];
    y[i] = s / l[i][i];
  }
  const x = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < n; k++) s -= l[k][i] * x[k];
    x[i] = s / l[i][i];
  }
  return x;
}

/** The lower Cholesky factor of a symmetric matrix, or `undefined` when it is not positive definite. */
function choleskyFactor(a: number[][]): number[][] | undefined {
  const n = a.length;
  const l = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      if (i === j) {
        if (!(s > 0)) return undefined;
        l[i][i] = Math.sqrt(s);
      } else l[i][j] = s / l[j][j];
    }
  }
  return l;
}

/**
 * The inverse of a symmetric positive definite matrix (the covariance of
 * maximum-likelihood estimates from the observed information).
 *
 * @returns the inverse, or `undefined` when the matrix is not positive definite.
 */
export function invertPositiveDefinite(a: number[][]): number[][] | undefined {
  const n = a.length;
  const columns: number[][] = [];
  for (let j = 0; j < n; j++) {
    const e = new Array<number>(n).fill(0);
    e[j] = 1;
    const x = solvePositiveDefinite(a, e);
    if (!x) return undefined;
    columns.push(x);
  }
  return columns.map((_, i) => columns.map((c) => c[i]));
}
