import { describe, expect, it } from "vitest";
import { benjaminiHochberg } from "../../src/calibrate/numeric/benjamini-hochberg.ts";
import { bracketedMode } from "../../src/calibrate/numeric/bracketed-mode.ts";
import { brentMaximise } from "../../src/calibrate/numeric/brent-maximise.ts";
import { logNormalCdf, upperTailZ } from "../../src/calibrate/numeric/normal-tail.ts";
import { symmetricEigen } from "../../src/calibrate/numeric/symmetric-eigen.ts";
import { createRng } from "../../src/random/index.ts";
import { groupRowsByPlayer, playerMode } from "../../src/calibrate/fit/player-quadrature.ts";
import { gaussHermite, normalExpectation } from "../../src/calibrate/numeric/gauss-hermite.ts";
import { logistic } from "../../src/calibrate/numeric/logistic.ts";
import { invertPositiveDefinite, newtonMaximise } from "../../src/calibrate/numeric/newton-maximise.ts";
import { spreadRegression } from "../../src/calibrate/fit/spread-regression.ts";
import { predictiveTail, rowsLikelihood } from "../../src/calibrate/level-tests.ts";
import type { LevelPosterior } from "../../src/calibrate/fit/level-posterior.ts";
import { metricAtPassRate, passRateAt } from "../../src/calibrate/pass-rate.ts";
import { wilsonInterval } from "../../src/report/wilson-interval.ts";

describe("Gauss–Hermite rules (SPEC 11 quadrature)", () => {
  it("integrate x^(2k)·e^(−x²) exactly up to degree 2n − 1: Γ(k + ½)", () => {
    const gammaHalf = (k: number) => {
      let g = Math.sqrt(Math.PI);
      for (let i = 0; i < k; i++) g *= i + 0.5;
      return g;
    };
    for (const n of [1, 2, 5, 7, 11, 20, 48]) {
      const { nodes, weights } = gaussHermite(n);
      for (let k = 0; 2 * k <= 2 * n - 1; k++) {
        const sum = nodes.reduce((s, x, i) => s + weights[i] * x ** (2 * k), 0);
        expect(sum / gammaHalf(k)).toBeCloseTo(1, 9);
        const odd = nodes.reduce((s, x, i) => s + weights[i] * x ** (2 * k + 1), 0);
        expect(Math.abs(odd)).toBeLessThan(1e-9 * gammaHalf(k + 1));
      }
    }
  });

  it("give E[σ(2Z − 1)] for Z ~ N(0, 1) as a fine trapezoid sum does", () => {
    let trapezoid = 0;
    const h = 1e-3;
    for (let z = -12; z <= 12; z += h) trapezoid += h * logistic(2 * z - 1) * Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
    expect(normalExpectation((z) => logistic(2 * z - 1), 48)).toBeCloseTo(trapezoid, 7);
  });
});

describe("the bracketed mode search (SPEC 11: every one-dimensional optimum)", () => {
  it("finds the mode where capped Newton cycled: 7,000 wins in 8,000 attempts, spread 3, start 6 logits off", () => {
    // g(z) = 7000·η − 8000·log(1 + e^η) − z²/2 with η = 3z − 6. From z = 0, Newton capped at 4 went 0 → 4 → 0 → ...
    // (the logistic saturates on both sides). The mode solves z = 3·(7000 − 8000·σ(3z − 6)): z ≈ 2.6483.
    const rows = groupRowsByPlayer([{ player: 0, level: 0, attempts: 8000, wins: 7000 }], 1);
    const { mode, curvature } = playerMode(rows, 0, [6], 3, 0);
    const p = logistic(3 * mode - 6);
    expect(Math.abs(-mode + 3 * (7000 - 8000 * p))).toBeLessThan(1e-6);
    expect(mode).toBeCloseTo(2.6483, 4);
    expect(curvature).toBeCloseTo(1 + 9 * 8000 * p * (1 - p), 6);
  });

  it("maximises a concave function from far away, and stops at a bound where it still rises", () => {
    // f(x) = −cosh(x − 40): f' = −sinh(x − 40), f'' = −cosh(x − 40); the mode is 40.
    const far = bracketedMode((x) => ({ d1: -Math.sinh(x - 40), d2: -Math.cosh(x - 40) }), 0);
    expect(far.x).toBeCloseTo(40, 9);
    expect(far.interior).toBe(true);
    // f(x) = x − e^(x − 100) on [−30, 30]: still rising at 30.
    const edge = bracketedMode((x) => ({ d1: 1 - Math.exp(x - 100), d2: -Math.exp(x - 100) }), 0, { lower: -30, upper: 30 });
    expect(edge).toMatchObject({ x: 30, interior: false });
  });
});

describe("Brent's method, the symmetric eigen-decomposition and the normal tail (SPEC 11 numerics)", () => {
  it("Brent finds an interior maximum, and one at an end (a variance at 0)", () => {
    const inside = brentMaximise((x) => Math.sin(x), 0, 3);
    expect(inside.x).toBeCloseTo(Math.PI / 2, 7);
    const atZero = brentMaximise((x) => -x - x * x, 0, 5);
    expect(atZero.x).toBe(0);
  });

  it("decomposes symmetric matrices: A·v = λ·v, orthonormal vectors, ascending values, repeated values", () => {
    const rng = createRng("eigen");
    for (const n of [1, 2, 3, 12, 60]) {
      const a = new Float64Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) a[i * n + j] = a[j * n + i] = rng() - 0.5;
      const { values, vectors } = symmetricEigen(a, n);
      for (let k = 0; k < n; k++) {
        if (k > 0) expect(values[k]).toBeGreaterThanOrEqual(values[k - 1]);
        for (let i = 0; i < n; i++) {
          let av = 0;
          for (let j = 0; j < n; j++) av += a[i * n + j] * vectors[j * n + k];
          expect(Math.abs(av - values[k] * vectors[i * n + k])).toBeLessThan(1e-12);
        }
        for (let m = 0; m < n; m++) {
          let dot = 0;
          for (let i = 0; i < n; i++) dot += vectors[i * n + k] * vectors[i * n + m];
          expect(Math.abs(dot - (k === m ? 1 : 0))).toBeLessThan(1e-12);
        }
      }
    }
    // diag(3, 3, 1) embedded in zeros: values 0 (×4), 1, 3, 3.
    const d = new Float64Array(49);
    d[0] = 3;
    d[8] = 3;
    d[16] = 1;
    expect(Array.from(symmetricEigen(d, 7).values)).toEqual([0, 0, 0, 0, 1, 3, 3]);
  });

  it("log Φ and its inverse agree with the tables far into the tail", () => {
    // scipy.stats.norm.logcdf: −1.8410216450092634 (x = −1), −15.064998393988727 (−5), −35.01343715991456 (−8), −804.6084420137539 (−40).
    expect(logNormalCdf(-1)).toBeCloseTo(-1.8410216450092634, 12);
    expect(logNormalCdf(-5)).toBeCloseTo(-15.064998393988727, 10);
    expect(logNormalCdf(-5.0001) - logNormalCdf(-4.9999)).toBeLessThan(0);
    expect(logNormalCdf(-8)).toBeCloseTo(-35.01343715991456, 10);
    expect(logNormalCdf(-40)).toBeCloseTo(-804.6084420137539, 9);
    expect(upperTailZ(Math.log(0.025))).toBeCloseTo(1.959963984540054, 10);
    expect(upperTailZ(-50)).toBeCloseTo(9.674825283612355, 9);
    expect(logNormalCdf(-upperTailZ(-2000))).toBeCloseTo(-2000, 8);
    expect(upperTailZ(Math.log(0.5))).toBe(0);
  });
});

describe("a level's leave-one-out predictive tail (SPEC 11 outliers)", () => {
  /** One row of n attempts won half the time: ℓ peaks at t̂ = 0 (pass = σ(−t)), sharply for large n. */
  const level = (n: number) => rowsLikelihood(Float64Array.of(n), Float64Array.of(n / 2), Float64Array.of(0), Float64Array.of(0), 1);
  /** A prediction N(center, spread²), or a mixture of such. */
  const normal = (center: number, spread: number) => ({ weight: Float64Array.of(1), center: Float64Array.of(center), spread: Float64Array.of(spread) });

  it("is the normal tail (center − t̂)/spread when the level's own plays pin it down, + for easier, − for harder", () => {
    expect(predictiveTail(level(1e6), normal(1, 1)).z).toBeCloseTo(1, 4);
    expect(predictiveTail(level(1e6), normal(-1, 1)).z).toBeCloseTo(-1, 4);
    expect(predictiveTail(level(1e6), normal(2, 0.5)).z).toBeCloseTo(4, 3);
    // Far in the tail: 20 spreads off, z = 20 (p ≈ 3e-89), not 8 or Infinity.
    expect(predictiveTail(level(1e6), normal(10, 0.5)).z).toBeCloseTo(20, 2);
  });

  it("integrates a mixture of spreads: ½N(1, 0.5²) + ½N(1, 2²) puts t̂ = 0 at z = −Φ⁻¹(½Φ(−2) + ½Φ(−0.5)) = 0.97152", () => {
    // ½·0.0227501 + ½·0.3085375 = 0.1656438 (scipy.stats.norm); −Φ⁻¹(0.1656438) = 0.9715235.
    const mixture = { weight: Float64Array.of(0.5, 0.5), center: Float64Array.of(1, 1), spread: Float64Array.of(0.5, 2) };
    expect(predictiveTail(level(1e6), mixture).z).toBeCloseTo(0.97152, 4);
  });

  it("adds the level's own binomial noise: 100 attempts, 1 logit off with spread 1 is z = 1/√(1 + 1/25) = 0.98058 about", () => {
    // I = n·p(1 − p) = 25 at t̂ = 0: the normal approximation is z = 1/√(1 + 0.04); the exact signed root gives about that.
    expect(predictiveTail(level(100), normal(1, 1)).z).toBeCloseTo(1 / Math.sqrt(1.04), 2);
  });
});

describe("Benjamini–Hochberg", () => {
  it("rejects up to the largest rank k with p_(k) ≤ k·q/N (hand-computed)", () => {
    // N = 5, q = 0.05: thresholds 0.01, 0.02, 0.03, 0.04, 0.05; p_(3) = 0.025 ≤ 0.03 is the largest such rank,
    // so 0.001, 0.021 (above its own 0.02 threshold) and 0.025 are rejected.
    expect(benjaminiHochberg([0.5, 0.025, 0.001, 0.021, 0.9], 0.05)).toEqual([false, true, true, true, false]);
    // N = 3: thresholds 0.0167, 0.0333, 0.05 — 0.03 passes its own, so 0.02 goes with it; 0.04 passes none.
    expect(benjaminiHochberg([0.02, 0.03, 0.5], 0.05)).toEqual([true, true, false]);
    expect(benjaminiHochberg([0.02, 0.04, 0.5], 0.05)).toEqual([false, false, false]);
  });
});

describe("the level regression with the spread τ (SPEC 11)", () => {
  /** A posterior whose working response is y (gradient 0) with information `info` (diagonal or dense). */
  const posterior = (y: number[], info: number[], diagonal: boolean): LevelPosterior => ({
    levels: Int32Array.from(y, (_, i) => i),
    difficulty: Float64Array.from(y),
    gradient: new Float64Array(y.length),
    information: Float64Array.from(info),
    diagonal,
    value: 0,
    converged: true,
    settled: true,
  });

  it("gives REML's and ML's τ by hand: equal variances 0.5 and y = 0..4 — τ² = s² − v = 2, (L−1)/L·s² − v = 1.5", () => {
    const y = [0, 1, 2, 3, 4];
    const post = posterior(y, y.map(() => 2), true);
    const X = y.map(() => [1]);
    const reml = spreadRegression(post, X, "reml");
    expect(reml.tau).toBeCloseTo(Math.SQRT2, 6);
    expect(reml.beta[0]).toBeCloseTo(2, 9);
    expect(reml.cov[0][0]).toBeCloseTo((0.5 + 2) / 5, 6);
    // Satterthwaite with equal variances: L − 1 degrees of freedom.
    expect(reml.df[0]).toBeCloseTo(4, 5);
    expect(spreadRegression(post, X, "ml").tau).toBeCloseTo(Math.sqrt(1.5), 6);
    // Without y = 2: s² = 10/3, τ² = 10/3 − 1/2.
    const loo = reml.without(2);
    expect(loo.tau).toBeCloseTo(Math.sqrt(10 / 3 - 0.5), 6);
    expect(loo.beta[0]).toBeCloseTo(2, 9);
    // Its prediction: centered on 2 whatever τ (symmetric data), weights summing to 1, wider than the plug-in √(τ² + (v + τ²)/4).
    const prediction = reml.predict(2);
    expect(prediction.weight.reduce((a, w) => a + w, 0)).toBeCloseTo(1, 12);
    for (const c of prediction.center) expect(c).toBeCloseTo(2, 9);
    const variance = prediction.weight.reduce((a, w, g) => a + w * prediction.spread[g] ** 2, 0);
    expect(variance).toBeGreaterThan(10 / 3 - 0.5 + 10 / 3 / 4);
    // A line the levels lie on exactly: τ = 0, β the line.
    const line = spreadRegression(posterior([1, 3, 5, 7], [4, 4, 4, 4], true), [[1, 0], [1, 1], [1, 2], [1, 3]], "reml");
    expect(line.tau).toBe(0);
    expect(line.beta[0]).toBeCloseTo(1, 9);
    expect(line.beta[1]).toBeCloseTo(2, 9);
    expect(line.tauInterval[0]).toBe(0);
  });

  it("matches the Gaussian REML computed with dense matrices when the levels' information is dense", () => {
    const rng = createRng("dense-reml");
    const L = 9;
    // H = Bᵀ B + diag: a dense positive definite information; ỹ ~ N(Xβ, H⁻¹ + τ² Id).
    const B = Array.from({ length: L }, () => Array.from({ length: L }, () => rng() - 0.5));
    const H = Array.from({ length: L }, (_, i) => Array.from({ length: L }, (_, j) => B.reduce((s, row) => s + row[i] * row[j], 0) + (i === j ? 1 + 3 * rng() : 0)));
    const m = Array.from({ length: L }, (_, i) => i + rng());
    const y = m.map((mi) => 0.5 + 0.3 * mi + 0.8 * (rng() - 0.5) * 2);
    const X = m.map((mi) => [1, mi]);
    const reg = spreadRegression(posterior(y, H.flat(), false), X, "reml");
    // Brute force: the restricted log-likelihood −½ log|Σ| − ½ log|XᵀΣ⁻¹X| − ½ rᵀΣ⁻¹r on a fine grid of τ.
    const Hinv = invertPositiveDefinite(H)!;
    const reml = (tau: number) => {
      const sigma = Hinv.map((row, i) => row.map((v, j) => v + (i === j ? tau * tau : 0)));
      const si = invertPositiveDefinite(sigma)!;
      const xs = [0, 1].map((a) => [0, 1].map((b) => X.reduce((s, xi, i) => s + xi[a] * X.reduce((t, xj, j) => t + si[i][j] * xj[b], 0), 0)));
      const xy = [0, 1].map((a) => X.reduce((s, xi, i) => s + xi[a] * y.reduce((t, yj, j) => t + si[i][j] * yj, 0), 0));
      const det2 = xs[0][0] * xs[1][1] - xs[0][1] * xs[1][0];
      const beta = [(xs[1][1] * xy[0] - xs[0][1] * xy[1]) / det2, (xs[0][0] * xy[1] - xs[1][0] * xy[0]) / det2];
      const r = y.map((yi, i) => yi - beta[0] - beta[1] * m[i]);
      const q = r.reduce((s, ri, i) => s + ri * r.reduce((t, rj, j) => t + si[i][j] * rj, 0), 0);
      let logDet = 0;
      const chol = sigma.map((row) => row.slice());
      for (let j = 0; j < L; j++) {
        for (let k = 0; k < j; k++) chol[j][j] -= chol[j][k] ** 2;
        chol[j][j] = Math.sqrt(chol[j][j]);
        logDet += 2 * Math.log(chol[j][j]);
        for (let i = j + 1; i < L; i++) {
          for (let k = 0; k < j; k++) chol[i][j] -= chol[i][k] * chol[j][k];
          chol[i][j] /= chol[j][j];
        }
      }
      return { value: -0.5 * logDet - 0.5 * Math.log(det2) - 0.5 * q, beta, cov: [[xs[1][1] / det2, -xs[0][1] / det2], [-xs[1][0] / det2, xs[0][0] / det2]] };
    };
    // A grid of 0.01, then ternary search around its best point.
    let best = 0;
    for (let tau = 0; tau <= 3; tau += 0.01) if (reml(tau).value > reml(best).value) best = tau;
    let [lo, hi] = [Math.max(0, best - 0.01), best + 0.01];
    for (let i = 0; i < 60; i++) {
      const [a, b] = [lo + (hi - lo) / 3, hi - (hi - lo) / 3];
      if (reml(a).value < reml(b).value) lo = a;
      else hi = b;
    }
    expect(reg.tau).toBeCloseTo((lo + hi) / 2, 5);
    const at = reml(reg.tau);
    expect(reg.beta[0]).toBeCloseTo(at.beta[0], 9);
    expect(reg.beta[1]).toBeCloseTo(at.beta[1], 9);
    expect(reg.cov[1][1]).toBeCloseTo(at.cov[1][1], 9);
    // The profile's differences agree with the brute force's (the constants dropped are the same at every τ).
    expect(reg.profile(0.9).logLik - reg.profile(0.3).logLik).toBeCloseTo(reml(0.9).value - reml(0.3).value, 9);
  });
});

describe("Newton's method", () => {
  it("finds the maximum of a concave quadratic in one step and its inverse Hessian", () => {
    const f = (x: number[]) => ({
      value: -((x[0] - 1) ** 2) - 2 * (x[1] + 2) ** 2 - (x[0] - 1) * (x[1] + 2),
      gradient: [-2 * (x[0] - 1) - (x[1] + 2), -4 * (x[1] + 2) - (x[0] - 1)],
      hessian: [
        [-2, -1],
        [-1, -4],
      ],
    });
    const r = newtonMaximise(f, (x) => f(x).value, [0, 0]);
    expect(r.converged).toBe(true);
    expect(r.x[0]).toBeCloseTo(1, 12);
    expect(r.x[1]).toBeCloseTo(-2, 12);
    expect(invertPositiveDefinite([[2, 1], [1, 4]])).toEqual([[4 / 7, -1 / 7], [-1 / 7, 2 / 7]].map((row) => row.map((v) => expect.closeTo(v, 12))));
  });

  it("says it did not converge when the maximum is at infinity", () => {
    const f = (x: number[]) => ({ value: -Math.exp(-x[0]), gradient: [Math.exp(-x[0])], hessian: [[-Math.exp(-x[0])]] });
    const r = newtonMaximise(f, (x) => f(x).value, [0], { bound: 1e3 });
    expect(r.converged).toBe(false);
  });
});

describe("pass rates and their inverse (player ramps)", () => {
  it("per level: σ(a − b·m) and (a − logit p)/b", () => {
    const curve = { model: "levels" as const, a: 2, b: 0.25 };
    expect(passRateAt(curve, 8)).toBeCloseTo(0.5, 12);
    expect(metricAtPassRate(curve, 0.5)).toBeCloseTo(8, 12);
    expect(metricAtPassRate(curve, logistic(2 - 0.25 * 3))).toBeCloseTo(3, 10);
  });

  it("Rasch: the average player's rate, falling in m, inverted to 1e-9; at σ = 0 it is σ(−a − b·m)", () => {
    const curve = { model: "rasch" as const, a: -1, b: 0.3, sigma: 1.5 };
    let last = 1;
    for (let m = -10; m <= 20; m += 0.5) {
      const p = passRateAt(curve, m);
      expect(p).toBeLessThan(last);
      last = p;
      expect(metricAtPassRate(curve, p)).toBeCloseTo(m, 8);
    }
    // The average player is less extreme than the median one.
    expect(passRateAt(curve, -5)).toBeLessThan(logistic(1 + 1.5));
    expect(passRateAt({ ...curve, sigma: 0 }, 2)).toBeCloseTo(logistic(1 - 0.6), 12);
    expect(() => metricAtPassRate({ ...curve, b: -0.1 }, 0.5)).toThrow(/b > 0/);
  });

  it("Wilson interval: 0 of 10 → [0, 0.2775], 5 of 10 → [0.2366, 0.7634]", () => {
    const [lo0, hi0] = wilsonInterval(0, 10);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.27753, 4);
    const [lo, hi] = wilsonInterval(5, 10);
    expect(lo).toBeCloseTo(0.23659, 4);
    expect(hi).toBeCloseTo(0.76341, 4);
  });
});
