import { invertPositiveDefinite } from "./numeric/newton-maximise.ts";

/**
 * The covariance of maximum-likelihood estimates when levels vary more than
 * the model says (SPEC 11 intervals): a sandwich A⁻¹·(A + τ²·Σ_l g_l g_lᵀ)·A⁻¹,
 * with A the observed information of the binomial (or Rasch) likelihood and
 * g_l the derivative of level l's score with respect to an extra shift u_l of
 * its logit (u_l ~ N(0, τ²) independent). Each level's shift moves the score
 * by about g_l·u_l, so the score's variance is A + τ²·Σ g gᵀ; with τ = 0 it is
 * the usual A⁻¹.
 *
 * @param information A (P×P); `sensitivity` g_l per included level; `tau` τ (logits).
 * @returns the P×P covariance, or `undefined` when A is not positive definite.
 */
export function overdispersedCovariance(information: number[][], sensitivity: number[][], tau: number): number[][] | undefined {
  const inv = invertPositiveDefinite(information);
  if (!inv) return undefined;
  const P = information.length;
  const meat = information.map((row) => row.slice());
  for (const g of sensitivity) for (let i = 0; i < P; i++) for (let j = 0; j < P; j++) meat[i][j] += tau * tau * g[i] * g[j];
  const left = inv.map((row) => meat[0].map((_, j) => row.reduce((s, v, k) => s + v * meat[k][j], 0)));
  return left.map((row) => inv[0].map((_, j) => row.reduce((s, v, k) => s + v * inv[k][j], 0)));
}
