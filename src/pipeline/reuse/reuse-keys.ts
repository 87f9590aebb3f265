import { createHash } from "node:crypto";
import type { Game } from "../../game/game.ts";
import { canonicalJson } from "../../io/canonical-json.ts";
import type { ComposeTask, GrowBatchTask } from "../workers/pipeline-task.ts";
import { InputError } from "../../io/errors.ts";
import { generatorFingerprint } from "./generator-fingerprint.ts";

/**
 * What grows a game's candidates, as a pool's `grown.generator` names it
 * (docs/pipeline.md "Pools reused"): `<game>@<version>+<hash>`
 * ({@link generatorFingerprint}: the code a batch of the game runs and, for a
 * built-in game, its engine models; for composing, its bundled ramp too).
 * `null` for a game that declares no version (one registered at run time):
 * nothing tells its batches from another version's, so none is reused.
 *
 * @param kind `grow` for batches, `compose` for composed levels.
 */
export function reuseGenerator(game: Pick<Game, "name" | "version">, kind: "grow" | "compose"): string | null {
  return game.version === undefined ? null : generatorFingerprint(game, kind);
}

/**
 * Refuses a pool whose record names its generator in the older form,
 * `levelramp@<version>+<hash>` over all of levelramp's code and models
 * (` + <game>@<version>` after it for an outside game): a key no batch of
 * this levelramp has, whatever changed, since every key holds the generator.
 * A generator of this form starts with the pool's game (`carillon@1+...`);
 * `null` (a game without a version) passes.
 *
 * @throws InputError (exit 2) naming the file and `$.grown.generator`.
 */
export function checkGeneratorForm(generator: string | null, game: string, file: string): void {
  if (generator === null || generator.startsWith(`${game}@`) || generator.startsWith(`${game}+`)) return;
  throw new InputError(
    "pipeline/reuse",
    `expected the generator of ${game}'s batches as this levelramp names it (${game}@<version>+<hash> over the game's own code and models); "${generator}" is an older form of the key, over all of levelramp's code, which no batch of this levelramp's has: build the whole set once with this levelramp, neither reusing this pool nor continuing its set, and reuse the pool that build writes`,
    { file, jsonPath: "$.grown.generator" },
  );
}

const sha256 = (value: unknown) => createHash("sha256").update(canonicalJson(value)).digest("hex");

/**
 * The key of a part's batches (docs/pipeline.md "Pools reused"): SHA-256 of
 * the canonical JSON of everything a batch of the part is a pure function of
 * besides its number and its aim (`task.batch`, `task.level`) — the
 * generator ({@link reuseGenerator}), game, seed, chapter, part, rules,
 * generator settings, candidates per batch, attempts per candidate and the
 * metric the aim is a value of. Two batches with the same key, number and
 * aim are the same candidates and counters.
 */
export function partKey(generator: string | null, task: Omit<GrowBatchTask, "kind" | "batch" | "level">): string {
  const { game, seed, chapter, part, rules, settings, count, attempts, metric } = task;
  return sha256({ generator, game, seed, chapter, part, rules, settings, count, attempts, metric: metric ?? null });
}

/** The key of a run's composing ({@link partKey}'s counterpart): SHA-256 of the generator, game, seed and count of levels. */
export function composeKey(generator: string | null, task: Pick<ComposeTask, "game" | "seed" | "count">): string {
  return sha256({ generator, game: task.game, seed: task.seed, count: task.count });
}
