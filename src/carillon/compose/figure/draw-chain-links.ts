import type { DotSize } from "../../model/physics-model.ts";
import type { ChainSpec } from "../../model/compose-model.ts";
import type { ChainLinks } from "./lay-chain.ts";
import { drawInt, type FigureContext } from "./layout.ts";

/** A drawn chain: its links, and the index (in chain order) of the junction's big dot, if any. */
export interface ChainPlan {
  links: ChainLinks;
  /** Index of the big dot whose ring crosses the junction one way, or null for a chain without one. */
  junction: number | null;
}

/**
 * Draws how one chain of a figure is made (SPEC 4.6 "sizes"): the start dot
 * (big with `bigStartChance` once big dots are allowed), and, with
 * `junctionChance`, a head of `head` dots ending in a big dot whose ring
 * reaches the next dot `beats.junction` beats later (1.25: big → normal at
 * 137.5 units, a reach the normal dot cannot return, so the head is a start
 * and the tail is not). Every other link is `beats.link` (the half-beat);
 * the tail fills the curve with normal dots, `maxDots` in all at most.
 * Without big dots (levels 1–2) every chain is normal dots on the half-beat.
 */
export function drawChainLinks(ctx: FigureContext, spec: ChainSpec): ChainPlan {
  const { beats } = ctx.compose;
  const big = ctx.sizes.includes("big");
  const startBig = big && ctx.rng() < spec.bigStartChance;
  const junction = big && ctx.rng() < spec.junctionChance;
  const head = drawInt(ctx.rng, spec.head);
  const start: DotSize = startBig ? "big" : "normal";
  if (!junction || head < 1) {
    return { links: { sizes: [start], beats: [], fill: { size: "normal", beats: beats.link, max: spec.maxDots - 1 } }, junction: null };
  }
  const sizes: DotSize[] = head === 1 ? ["big"] : [start, ...Array<DotSize>(head - 2).fill("normal"), "big"];
  const linkBeats: number[] = Array<number>(head - 1).fill(beats.link);
  sizes.push("normal");
  linkBeats.push(beats.junction);
  return {
    links: {
      sizes,
      beats: linkBeats,
      oneWay: [head - 1],
      fill: { size: "normal", beats: beats.link, max: Math.max(0, spec.maxDots - sizes.length) },
    },
    junction: head - 1,
  };
}
