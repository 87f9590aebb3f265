import { createHash } from "node:crypto";
import { canonicalJson } from "../../io/canonical-json.ts";
import type { Model } from "../../io/schemas/model.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import type { Game } from "../../game/game.ts";
import { generatorFingerprint } from "../reuse/generator-fingerprint.ts";
import type { PipelineOptions } from "../level-set/pipeline-result.ts";
import type { PipelineSettings } from "../inputs/pipeline-settings.ts";

/** Everything besides the seed that can change a candidate of `generate` (SPEC 9), as a shard records it. */
export interface GenerationInputs {
  /** The game's code and models a batch or composing reads ({@link gameGenerator}). */
  generator: string;
  /** The chapters asked for, in plan order. */
  chapters: number[];
  /** `models/pipeline/build.json` as the run read it. */
  settings: PipelineSettings;
  plan: Plan;
  /** The selection model (its metric and constraints steer the aims). */
  model: Model;
  /** The ramp (the targets batches are grown for). */
  ramp: Ramp;
}

/**
 * The generator of a game's candidates as a shard names it (SPEC 9, 10):
 * `<game>@<version>+<hash>` over the code a batch of the game runs and the
 * models its batches and composing read ({@link generatorFingerprint},
 * `compose`: a shard holds both). The same key a pool reused answers by
 * (docs/pipeline.md "Pools reused"), so `merge` takes shards from a levelramp
 * that differs from its own only outside that code (drops, conflicts and extra
 * rounds it computes itself).
 */
export function gameGenerator(game: Pick<Game, "name" | "version">): string {
  return generatorFingerprint(game, "compose");
}

/** The generation inputs of a run: its chapters, settings, plan, model and ramp, and its generator ({@link gameGenerator}). */
export function generationInputs(options: Pick<PipelineOptions, "game" | "chapters" | "settings" | "plan" | "model" | "ramp">): GenerationInputs {
  const { game, chapters, settings, plan, model, ramp } = options;
  return { generator: gameGenerator(game), chapters: [...chapters], settings, plan, model, ramp };
}

/**
 * The settings hash of a sharded run (SPEC 9): SHA-256 (hex) of the canonical
 * JSON of `{game, inputs}` ({@link GenerationInputs}: generator fingerprint,
 * chapters, pipeline settings, plan, model, ramp). Two shards with the same
 * hash and seed are shares of the same run. Key order and spacing of the
 * files do not matter; any value does.
 */
export function settingsHash(game: string, inputs: GenerationInputs): string {
  return createHash("sha256").update(canonicalJson({ game, inputs })).digest("hex");
}
