// No Node, no zod at run time (a type import only): the selection engine and the browser editor's bundle share it.
import type { ConceptConstraint, Constraint } from "./schemas/model.ts";

/** Whether a model constraint is a concept rule (SPEC 12): introduce, introduceAt, maxNew, practice or quota. */
export function isConceptConstraint(c: Constraint): c is ConceptConstraint {
  return c.type === "introduce" || c.type === "introduceAt" || c.type === "maxNew" || c.type === "practice" || c.type === "quota";
}
