import type { CarillonBody } from "../level/carillon-body.ts";
import { compileField, type CarillonField } from "../level/compile-field.ts";
import type { CarillonPhysics } from "../model/physics-model.ts";
import { plainTapModel } from "./plain-tap-model.ts";
import { buildReachGraph, type ReachGraph } from "../level/reach-graph.ts";
import { ringFrames, type RingFrames } from "../level/ring-frames.ts";
import { ringTable, type Ring } from "../level/ring-table.ts";
import { rulesTapModel, type RulesTapModel } from "./rules-tap-model.ts";
import type { TapModel } from "./tap-model.ts";

/** A body made ready to play: the compiled field, its reach graph, rings, and the tap model the searches use. */
export interface FieldEngine {
  readonly field: CarillonField;
  /** Reach graph before the first tap (each dot's own ring: a horn's cone, an echo stone's own size). */
  readonly graph: ReachGraph;
  /** Each dot's own ring before the first tap, from the reach graph. */
  readonly rings: Ring[];
  /** Rings at every tap count (drifters move; echo stones' rings by the size that pops them). */
  readonly frames: RingFrames;
  readonly model: TapModel;
  /** The rules' tap model when the field carries marks (null on a plain field). */
  readonly rules: RulesTapModel | null;
}

/**
 * Compiles a body and picks its tap model: the plain closure model for a
 * plain field, the rules' model (every tap through the event simulation,
 * SPEC 4.4) for a field with marks.
 *
 * @throws InputError (exit 2) for a malformed mark (see {@link compileField}).
 */
export function fieldEngine(body: CarillonBody, physics: CarillonPhysics): FieldEngine {
  const field = compileField(body, physics);
  const graph = buildReachGraph(field);
  const frames = ringFrames(field);
  const rules = field.marked ? rulesTapModel(field, { frames }) : null;
  return { field, graph, rings: ringTable(graph), frames, model: rules ?? plainTapModel(field, graph), rules };
}
