import type { CarillonBody } from "../io/schemas/carillon-body.ts";
import { compileField, type CarillonField } from "./field.ts";
import type { CarillonPhysics } from "./physics-model.ts";
import { plainTapModel } from "./plain-tap-model.ts";
import { buildReachGraph, type ReachGraph } from "./reach-graph.ts";
import { ringTable, type Ring } from "./ring-table.ts";
import type { TapModel } from "./tap-model.ts";

/** A body made ready to play: the compiled field, its reach graph, rings, and the tap model the searches use. */
export interface FieldEngine {
  readonly field: CarillonField;
  readonly graph: ReachGraph;
  readonly rings: Ring[];
  readonly model: TapModel;
}

/**
 * Compiles a body and picks its tap model: the plain closure model for plain
 * fields (the only kind this engine plays so far).
 *
 * @throws InputError (exit 2) at `$.dots[i].mark` for a mark whose rule is not supported yet.
 */
export function fieldEngine(body: CarillonBody, physics: CarillonPhysics): FieldEngine {
  const field = compileField(body, physics);
  const graph = buildReachGraph(field);
  return { field, graph, rings: ringTable(graph), model: plainTapModel(field, graph) };
}
