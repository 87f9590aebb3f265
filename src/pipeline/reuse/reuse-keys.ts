import { createHash } from "node:crypto";
import { BUILT_IN_GAMES } from "../../game/registry.ts";
import type { Game } from "../../game/game.ts";
import { canonicalJson } from "../../io/canonical-json.ts";
import type { ComposeTask, GrowBatchTask } from "../workers/pipeline-task.ts";
import { generatorFingerprint, growFingerprint } from "./generator-fingerprint.ts";

/**
 * What grows a game's candidates, as a pool's `grown.generator` names it
 * (docs/pipeline.md "Pools reused"): levelramp's code and engine models
 * ({@link growFingerprint}; for composing, {@link generatorFingerprint},
 * since composers read the game's bundled ramp), followed by
 * ` + <game>@<version>` for a game whose generator lives outside levelramp's
 * code (an outside game's program names its version, SPEC 10). `null` for a
 * game registered at run time that declares no version: nothing tells its
 * batches from another version's, so none is reused.
 *
 * @param kind `grow` for batches, `compose` for composed levels.
 */
export function reuseGenerator(game: Pick<Game, "name" | "version">, kind: "grow" | "compose"): string | null {
  const base = kind === "grow" ? growFingerprint() : generatorFingerprint();
  if (Object.hasOwn(BUILT_IN_GAMES, game.name)) return base;
  return game.version === undefined ? null : `${base} + ${game.name}@${game.version}`;
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
