// No Node imports: the browser editor's bundle reaches this file through pass-rate.ts.

/**
 * The logistic function σ(x) = 1 / (1 + e^−x), a probability in (0, 1)
 * (SPEC 11: a pass rate is σ of a logit).
 */
export function logistic(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

/** log(1 + e^x) without overflow: the log-normaliser of a Bernoulli logit (nats). */
export function log1pExp(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/**
 * Binomial log-likelihood kernel of `wins` in `attempts` at logit `eta`:
 * wins·η − attempts·log(1 + e^η) (nats; the binomial coefficient, which no
 * parameter moves, is left out).
 */
export function binomialLogKernel(wins: number, attempts: number, eta: number): number {
  return wins * eta - attempts * log1pExp(eta);
}

/** The logit log(p / (1 − p)) of a probability p in (0, 1). */
export function logit(p: number): number {
  return Math.log(p / (1 - p));
}
