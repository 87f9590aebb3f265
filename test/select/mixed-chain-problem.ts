import { createRng } from "../../src/random/create-rng.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { randomProblem } from "./random-problem.ts";
import { randomTiedProblem } from "./random-tied-problem.ts";

/**
 * The `i`-th chain-shaped random instance of a family named `seed`: even `i` a
 * heavily tied one ({@link randomTiedProblem}), odd `i` a general one
 * ({@link randomProblem}), with eligibility any, steps, pins, kept prefixes and
 * chapter-scoped rules switched on in turn (the dp tests' mix).
 */
export function mixedChainProblem(seed: string, i: number): SelectionProblem {
  const rng = createRng(`${seed}-${i}`);
  return i % 2 === 0
    ? randomTiedProblem(rng, { any: i % 4 === 0, steps: i % 3 === 0, pins: i % 5 === 0, keeps: i % 7 === 0, chapters: i % 6 === 0 })
    : randomProblem(rng, { chainShaped: true, any: i % 3 === 1, pins: i % 5 === 1, keepPrefix: i % 7 === 1, chapters: i % 6 === 1 });
}
