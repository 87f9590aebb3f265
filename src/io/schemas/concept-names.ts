// No imports, no Node: the CSV reader, the schemas and the browser editor's bundle share these rules.

/** What separates names in a CSV `concepts` cell (SPEC 12): `bell;echo`. */
export const CONCEPT_SEPARATOR = ";";

/**
 * Why `name` is not a concept name (SPEC 12: the metric-name rules of SPEC 2
 * — not empty, not `__proto__`, the key JavaScript reserves — and no `;`, the
 * CSV column's separator, and no spaces around it), or `undefined` when it is one.
 *
 * @returns the expectation in words (`expected a concept name ...`), or `undefined`.
 */
export function conceptNameProblem(name: string): string | undefined {
  if (name.length === 0) return "expected a concept name (not empty)";
  if (name === "__proto__") return 'expected a concept name other than "__proto__" (a name JavaScript reserves)';
  if (name.includes(CONCEPT_SEPARATOR)) return "expected a concept name without ';' (it separates names in a CSV concepts column)";
  if (name.trim() !== name) return "expected a concept name without spaces around it";
  return undefined;
}

/**
 * The names of a CSV `concepts` cell (SPEC 12): split at `;`, each name
 * trimmed of spaces (`bell; echo` is `bell`, `echo`), in the order written;
 * an empty (or blank) cell is no concept.
 *
 * @returns the names, or the first problem in words: an empty name (`bell;;echo`,
 *   a `;` at an end), a name the rules of {@link conceptNameProblem} refuse, a name given twice.
 */
export function splitConcepts(cell: string): { names: string[] } | { problem: string } {
  if (cell.trim() === "") return { names: [] };
  const names = cell.split(CONCEPT_SEPARATOR).map((n) => n.trim());
  for (let j = 0; j < names.length; j++) {
    const name = names[j];
    if (name === "") return { problem: `expected concept names separated by ';' (no empty name between two, or at an end); got "${cell}"` };
    const problem = conceptNameProblem(name);
    if (problem) return { problem: `${problem}; got "${name}"` };
    if (names.indexOf(name) < j) return { problem: `expected distinct concept names; "${name}" is given twice` };
  }
  return { names };
}
