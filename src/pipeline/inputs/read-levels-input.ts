import { InputError } from "../../io/errors.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { modelSchema } from "../../io/schemas/model.ts";
import { rampSchema } from "../../io/schemas/ramp.ts";
import type { Order } from "../../io/order/order.ts";
import type { Game } from "../../game/game.ts";
import { readGameLevelsSource } from "../../game/registry/read-game-file.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Model } from "../../io/schemas/model.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { orderLevels } from "../../select/problem/order-levels.ts";
import { planSlots } from "../../select/problem/plan-slots.ts";

/** What a command reads a levels file or an order with. */
export interface LevelsInputOptions {
  ramp?: Ramp;
  model?: Model;
  plan?: Plan;
  planFile?: string;
  /**
   * Which of the outside game's own files (`game.models`, SPEC 10) an order
   * takes where `model` / `ramp` are not given: its selection model, its
   * ramp (`report` takes both, `verify` the model). Never used for a levels
   * file, which embeds its own, nor without `game`.
   */
  gameDefaults?: ReadonlyArray<"model" | "ramp">;
  /** The option an order needs and lacks, named in the message (e.g. `report needs --ramp`): `ramp` or `model`. */
  require?: { ramp?: string; model?: string };
  /** The module of the messages, e.g. `cli/report`. */
  module?: string;
  /** An outside game whose levels files may be read (`--game`, SPEC 10); a built-in game's are read without. */
  game?: Game;
}

/**
 * A levels file, or an order (SPEC 3 "An order": a generic pool, CSV or JSON,
 * whose candidates carry level numbers) as one ({@link orderLevels}): the
 * way `report`, `verify`, `diff` and `select --from` read what they are given;
 * a levels file's game is opened first (`options.game` when it is that game).
 *
 * @returns the levels file, its game (none for a generic file or an order), the order when the file was one,
 *   and the outside game's model and ramp files when the order took them (`gameDefaults`).
 * @throws InputError (exit 2): the file's own problems (see `readLevelsSource`),
 *   an order without a ramp or model the command needs, and `orderLevels`'s.
 */
export async function readLevelsInput(file: string, options: LevelsInputOptions = {}): Promise<{ levels: LevelsFile; game?: Game; order?: Order; modelFile?: string; rampFile?: string }> {
  const planLevels = options.plan ? planSlots(options.plan, () => 0).length : undefined;
  const { value: source, game } = await readGameLevelsSource(file, { planLevels, planFile: options.planFile }, options.game);
  if (source.kind === "levels") return { levels: source.file, ...(game ? { game } : {}) };
  const module = options.module ?? "io/order";
  // An outside game's own model and ramp, read only for an order that lacks them.
  const { game: outside, gameDefaults = [] } = options;
  const modelFile = !options.model && outside && gameDefaults.includes("model") ? outside.models.selection : undefined;
  const rampFile = !options.ramp && outside && gameDefaults.includes("ramp") ? outside.models.ramp : undefined;
  const ramp = options.ramp ?? (rampFile ? readJsonFile(rampSchema, rampFile) : undefined);
  const model = options.model ?? (modelFile ? readJsonFile(modelSchema, modelFile) : undefined);
  if (options.require?.ramp && !ramp) throw new InputError(module, `${file} is an order (a pool with level numbers): ${options.require.ramp}, its targets come from the ramp at each level`);
  if (options.require?.model && !model) throw new InputError(module, `${file} is an order (a pool with level numbers): ${options.require.model}, the rules its levels are checked against`);
  return { levels: orderLevels(source.order, { ...options, ramp, model }), order: source.order, ...(modelFile ? { modelFile } : {}), ...(rampFile ? { rampFile } : {}) };
}
