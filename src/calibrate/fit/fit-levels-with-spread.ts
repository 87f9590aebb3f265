import { fitLevelsModel } from "./fit-levels.ts";
import { fitRasch } from "./fit-rasch.ts";
import type { ModelFit } from "./model-fit.ts";
import type { Plays } from "../plays.ts";

/**
 * The per-level model of SPEC 11 with a level spread τ > 0 (real play data
 * vary from level to level beyond binomial): each level's logit is
 * a − b·m + u_l with u_l ~ N(0, τ²) integrated out by maximum likelihood over
 * all attempts (adaptive Gauss–Hermite: the Rasch machinery with each level
 * its own "player", η = τz − a' − b·m with a' = −a, and σ held at τ). a and b
 * are then the typical level's, not attenuated towards a flatter curve, and a
 * level with many attempts weighs at most about 1/τ² rather than its
 * attempts. With τ = 0 it is `fitLevelsModel`.
 *
 * @param include per level, 1 to use it (default all); `tau` τ in logits.
 * @returns the fit, `params` [a, b] with the information in that order.
 */
export function fitLevelsWithSpread(plays: Plays, include: Uint8Array | undefined, tau: number): ModelFit {
  if (!(tau > 0)) return fitLevelsModel(plays, include);
  let pooled = perLevel.get(plays);
  if (!pooled) {
    const n = new Float64Array(plays.levels.length);
    const w = new Float64Array(plays.levels.length);
    for (const r of plays.rows) {
      n[r.level] += r.attempts;
      w[r.level] += r.wins;
    }
    const rows = plays.levels.map((_, l) => ({ level: l, player: l, attempts: n[l], wins: w[l], line: 0 }));
    pooled = { ...plays, kind: "rasch", rows, players: plays.levels.map((l) => String(l.number)) };
    perLevel.set(plays, pooled);
  }
  const plain = fitLevelsModel(plays, include);
  const start = plain.newton.converged ? [-plain.params[0], plain.params[1], Math.log(tau)] : undefined;
  const fit = fitRasch(pooled, include, false, start, tau);
  const [a, b] = fit.params;
  const info = fit.information;
  return {
    kind: "levels",
    params: [-a, b],
    fixedB: false,
    information: [
      [info[0][0], -info[0][1]],
      [-info[1][0], info[1][1]],
    ],
    logLik: fit.logLik,
    newton: fit.newton,
  };
}
const perLevel = new WeakMap<Plays, Plays>();
