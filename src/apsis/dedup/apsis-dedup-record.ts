import type { ApsisDedupLevel } from "./prepare-apsis-level.ts";
import type { ApsisBody } from "../level/apsis-body.ts";
import { arrowShape } from "../level/arrow-shape.ts";
import { blockGraph } from "../level/block-graph.ts";
import { skyLimits } from "../level/sky-limits.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";

/**
 * The de-duplication record of an Apsis level (SPEC 7), built from the
 * engine: the body and its block graph (graphology, node keys = arrow
 * indices, blocker → blocked; rule holds are not part of it, the marks are
 * labels of the comparison). Works on any sky, also one that cannot be cleared.
 *
 * @param sky default `models/apsis/sky.json`.
 * @throws LevelrampError (exit 2) when an arrow's ring is not a ring of the sky.
 */
export function apsisDedupRecord(body: ApsisBody, sky: SkyModel = loadSkyModel()): ApsisDedupLevel {
  return { body, blockGraph: blockGraph(body.arrows.map((a) => arrowShape(a, sky)), skyLimits(sky)) };
}
