// No Node imports: the browser editor's bundle reaches this file through pass-rate.ts.

/** Nodes and weights of an n-point Gauss–Hermite rule. */
export interface GaussHermiteRule {
  /** Nodes x_k, ascending. */
  readonly nodes: Float64Array;
  /** Weights w_k for ∫ f(x) e^{−x²} dx ≈ Σ w_k f(x_k). */
  readonly weights: Float64Array;
}

const cache = new Map<number, GaussHermiteRule>();

/**
 * The n-point Gauss–Hermite rule for the weight e^{−x²} (SPEC 11: the player
 * abilities θ are integrated out with it, adaptively centred per player).
 * Nodes are the roots of the Hermite polynomial H_n, found by Newton's method
 * on the orthonormal recurrence from the classical asymptotic starting values
 * (Numerical Recipes' `gauher`); weights 2 / H̃'_n(x)². Exact for polynomials
 * of degree ≤ 2n − 1 times e^{−x²}. Cached per n.
 *
 * @param n number of nodes, 1 ≤ n ≤ 100.
 * @throws RangeError for another n, or when a root fails to converge (never seen for n ≤ 100).
 */
export function gaussHermite(n: number): GaussHermiteRule {
  const hit = cache.get(n);
  if (hit) return hit;
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new RangeError(`calibrate/gauss-hermite: expected 1 ≤ n ≤ 100 nodes; got ${n}`);
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  const PIM4 = 0.7511255444649425; // π^(−1/4)
  const m = (n + 1) >> 1;
  let z = 0;
  for (let i = 0; i < m; i++) {
    // Starting guesses for the largest roots, then each from the two before it.
    if (i === 0) z = Math.sqrt(2 * n + 1) - 1.85575 * Math.pow(2 * n + 1, -0.16667);
    else if (i === 1) z -= (1.14 * Math.pow(n, 0.426)) / z;
    else if (i === 2) z = 1.86 * z - 0.86 * nodes[n - 1];
    else if (i === 3) z = 1.91 * z - 0.91 * nodes[n - 2];
    else z = 2 * z - nodes[n - i + 1];
    let pp = 0;
    let converged = false;
    for (let iter = 0; iter < 100; iter++) {
      let p1 = PIM4;
      let p2 = 0;
      for (let j = 1; j <= n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = z * Math.sqrt(2 / j) * p2 - Math.sqrt((j - 1) / j) * p3;
      }
      pp = Math.sqrt(2 * n) * p2;
      const z1 = z;
      z = z1 - p1 / pp;
      if (Math.abs(z - z1) <= 3e-15 * Math.max(1, Math.abs(z))) {
        converged = true;
        break;
      }
    }
    if (!converged) throw new RangeError(`calibrate/gauss-hermite: root ${i} of H_${n} did not converge`);
    nodes[n - 1 - i] = z;
    nodes[i] = -z;
    weights[n - 1 - i] = weights[i] = 2 / (pp * pp);
  }
  if (n % 2 === 1) nodes[m - 1] = 0;
  const rule = { nodes, weights };
  cache.set(n, rule);
  return rule;
}

/**
 * E[f(Z)] for Z ~ N(0, 1) by an n-point Gauss–Hermite rule
 * (x = √2·node, weight / √π).
 */
export function normalExpectation(f: (z: number) => number, n = 40): number {
  const { nodes, weights } = gaussHermite(n);
  let s = 0;
  for (let k = 0; k < n; k++) s += weights[k] * f(Math.SQRT2 * nodes[k]);
  return s / Math.sqrt(Math.PI);
}
