import type { CarillonBody } from "../../level/carillon-body.ts";
import { randomInt, type Rng } from "../../../random/index.ts";
import { countReason, type DressContext } from "./dress-context.ts";
import { drawBells } from "./draw-bells.ts";
import { drawDrifters } from "./draw-drifters.ts";
import { drawDuets } from "./draw-duets.ts";
import { drawEchoes } from "./draw-echoes.ts";
import { drawHome } from "./draw-home.ts";
import { drawHorns } from "./draw-horns.ts";
import { drawRounds } from "./draw-rounds.ts";
import { compileField, type CarillonField, type MarkKind } from "../../level/compile-field.ts";
import type { MarkCounts } from "../../model/generator-model.ts";
import type { CarillonModels } from "../../model/load-models.ts";
import { fieldEngine } from "../../solver/field-engine.ts";
import { buildReachGraph } from "../../level/reach-graph.ts";
import { simulateTap } from "../../level/simulate-tap.ts";

/** What {@link dressField} is asked for. */
export interface DressRequest {
  /** The grown field, its built-in heavy bells already marked. */
  base: CarillonBody;
  /** Root dot indices of the grown field. */
  roots: readonly number[];
  /** The chapter's rules, in plan order (e.g. `["echo", "home", "round"]`). */
  rules: readonly MarkKind[];
  /** Marks per kind, `[min, max]` (generator.json's `dressing.marks`, overridden by the part's settings). */
  counts: MarkCounts;
  /** Length of a drifter's step, field units [min, max] (default generator.json's `dressing.driftStep`). */
  driftStep?: readonly [number, number];
  rng: Rng;
  models: CarillonModels;
  /** Rejections by reason, incremented in place. */
  stats: Record<string, number>;
  /** What every draw of `base` reads ({@link prepareDressing}); built here when not given. */
  prepared?: PreparedDressing;
}

/** What every draw of one grown field reads, the same for all of them: the compiled field, in-neighbours and chain ends. */
export interface PreparedDressing {
  /** The grown field compiled (built-in bells marked). */
  readonly field: CarillonField;
  /** In-neighbours of every dot (whose own rings reach it), ascending. */
  readonly inn: readonly number[][];
  /** For each root, the dot that pops last when that root is tapped. */
  readonly chainEnds: readonly number[];
}

/**
 * Compiles a grown field once for all its draws ({@link dressField}'s
 * `prepared`): the draws of one field differ only through their random
 * numbers, so what they read of the field itself is built once.
 *
 * @throws InputError (exit 2) for a malformed mark.
 */
export function prepareDressing(base: CarillonBody, roots: readonly number[], models: CarillonModels): PreparedDressing {
  const field = compileField(base, models.physics);
  const graph = buildReachGraph(field);
  const inn: number[][] = Array.from({ length: field.count }, () => []);
  graph.forEachEdge((_e, _a, s, t) => inn[Number(t)].push(Number(s)));
  inn.forEach((l) => l.sort((a, b) => a - b));
  const engine = fieldEngine(base, models.physics);
  const start = engine.model.start();
  const chainEnds = roots.map((r) => {
    const popped = simulateTap(engine.field, start, r, { rings: engine.frames }).popped;
    return popped[popped.length - 1];
  });
  return { field, inn, chainEnds };
}

const DRAWS: Record<MarkKind, (ctx: DressContext, count: number) => number> = {
  bell: drawBells,
  echo: drawEchoes,
  horn: drawHorns,
  duet: drawDuets,
  drifter: drawDrifters,
  home: drawHome,
  round: drawRounds,
};

/**
 * One dressing of a grown field with its chapter's marks (SPEC 4.5): for each
 * rule in plan order, a count drawn in its `[min, max]` and that many marks
 * drawn by the rule's own draw (bells besides the built-in ones; echo
 * stones, horns, duet pairs, drifters, home notes, round bells), each on a
 * dot without a mark. Independent draws of the same field differ only
 * through `rng`.
 *
 * @returns the dressed body, or null when some rule (other than the bell,
 *   whose built-in bells already count) found no room for its least count
 *   (`dress-no-room-<kind>` counted).
 */
export function dressField(request: DressRequest): CarillonBody | null {
  const { base, models, rng } = request;
  const { field, inn, chainEnds } = request.prepared ?? prepareDressing(base, request.roots, models);
  const ctx: DressContext = {
    dots: base.dots.slice(),
    field,
    inn,
    roots: request.roots,
    chainEnds,
    driftStep: request.driftStep ?? models.generator.dressing.driftStep,
    expectedGoal: Math.max(1, request.roots.length),
    rng,
    models,
    stats: request.stats,
  };
  for (const kind of request.rules) {
    const range = request.counts[kind] ?? [0, 0];
    // Every rule but the bell (built in while growing) needs at least one mark of its own.
    const least = kind === "bell" ? range[0] : Math.max(1, range[0]);
    const want = Math.max(least, randomInt(rng, range[0], range[1]));
    const placed = DRAWS[kind](ctx, want);
    if (placed < least) {
      countReason(ctx, `dress-no-room-${kind}`);
      return null;
    }
  }
  return { ...base, dots: ctx.dots };
}
