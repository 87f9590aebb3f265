// No imports, no Node: the selection engine and the browser editor's bundle share it.

/** The types of the concept rules (SPEC 12). */
export type ConceptRuleType = "introduce" | "introduceAt" | "maxNew" | "practice" | "quota";

/** Whether a model constraint is a concept rule (SPEC 12): introduce, introduceAt, maxNew, practice or quota. */
export function isConceptConstraint<C extends { type: string }>(c: C): c is Extract<C, { type: ConceptRuleType }> {
  return c.type === "introduce" || c.type === "introduceAt" || c.type === "maxNew" || c.type === "practice" || c.type === "quota";
}
