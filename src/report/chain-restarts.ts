import type { LevelsFile } from "../io/schemas/levels.ts";
import type { ChainConstraint } from "../select/problem/selection-problem.ts";
import { describeConstraint, isChapterScoped } from "../select/rules/chain-rules.ts";

/** Where the chain restarts (SPEC 6 `scope: "chapter"`): the scoped rules, and the chapter starts where they stop looking back. */
export interface ChainRestarts {
  /** The chapter-scoped rules, e.g. `nonDecreasing(gold, chapter)`. */
  rules: string[];
  /** The first level of every chapter after the file's first: there the scoped rules start afresh. */
  levels: number[];
}

/**
 * The chain's restarts in a levels file (SPEC 6 `scope`): with chapter-scoped
 * chain rules in its model, the first level of each chapter after the first.
 *
 * @returns undefined when no chain rule is chapter-scoped (the chain never restarts).
 */
export function chainRestarts(file: Pick<LevelsFile, "model" | "levels">): ChainRestarts | undefined {
  const scoped = file.model.constraints.filter((c): c is ChainConstraint => "scope" in c && isChapterScoped(c as ChainConstraint));
  if (!scoped.length) return undefined;
  const levels = file.levels.filter((l, i) => i > 0 && l.chapter !== file.levels[i - 1].chapter).map((l) => l.number);
  return { rules: scoped.map(describeConstraint), levels };
}

/** One line for the terminal: `the chain restarts at levels 8, 13 (chapter starts; chapter-scoped: nonDecreasing(gold, chapter))`. */
export function restartsLine(r: ChainRestarts): string {
  const at = r.levels.length ? `at level${r.levels.length === 1 ? "" : "s"} ${r.levels.join(", ")} (chapter starts)` : "at no level (one chapter)";
  return `the chain restarts ${at}; chapter-scoped: ${r.rules.join(", ")}`;
}
