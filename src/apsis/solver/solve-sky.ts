import type { ApsisBody } from "../level/apsis-body.ts";
import { arrowShape, type ArrowShape } from "../level/arrow-shape.ts";
import { blockGraph, type SkyGraph } from "../level/block-graph.ts";
import { holdGraph } from "../level/hold-graph.ts";
import { ruleHolds } from "../level/rule-holds.ts";
import { skyLimits } from "../level/sky-limits.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";
import { skyRounds, type SkyRounds } from "./sky-rounds.ts";

/** A sky solved from scratch: its shapes, block graph, hold graph and rounds. */
export interface SolvedSky extends SkyRounds {
  shapes: ArrowShape[];
  blocks: SkyGraph;
  holds: SkyGraph;
}

/**
 * Solves a sky from its body alone (SPEC 5.3): lays out every arrow, builds
 * the block graph, adds the rules' holds, and takes the rounds. This is the
 * reference every fast path is checked against.
 *
 * @param sky the sky model (default `models/apsis/sky.json`).
 * @throws NoAnswerError (exit 1) when the hold graph has a cycle (the sky cannot be cleared).
 * @throws LevelrampError (exit 2) when an arrow's ring is not a ring of the sky.
 */
export function solveSky(body: ApsisBody, sky: SkyModel = loadSkyModel()): SolvedSky {
  const limits = skyLimits(sky);
  const shapes = body.arrows.map((a) => arrowShape(a, sky));
  const blocks = blockGraph(shapes, limits);
  const holds = holdGraph(blocks, ruleHolds(body));
  return { shapes, blocks, holds, ...skyRounds(holds) };
}
