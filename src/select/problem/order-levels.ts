import { CONCEPTS_KEY } from "../../io/concepts/concepts-key.ts";
import { InputError } from "../../io/errors.ts";
import { orderError, type Order } from "../../io/order/order.ts";
import { roundMetric } from "../../io/round-metric.ts";
import type { LevelsFile, ShippedLevel } from "../../io/schemas/levels.ts";
import type { Model } from "../../io/schemas/model.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { rampTarget } from "../ramp/ramp-target.ts";
import { Objective } from "./objective.ts";
import { planSlots } from "./plan-slots.ts";

/** Why an order's levels file is `feasible`: it is a progression read as it ships, not a selection. */
export const ORDER_NOTE = "a shipped order, read as it is (not a selection)";

/** Candidate indices of an order in level order (level 1 first). */
function byLevel(order: Order): number[] {
  const out = new Array<number>(order.levels.length);
  order.levels.forEach((level, i) => (out[level - 1] = i));
  return out;
}

/**
 * The plan an order ships (SPEC 3 "An order"): its chapters and their parts
 * in level order, each part's level count the levels that carry it.
 *
 * @throws InputError (exit 2) naming the CSV line (JSON: the candidate) of
 *   the first level that breaks the plan's shape: a chapter or part that
 *   comes back after another began, or chapters (parts) whose numbers do not
 *   rise in level order.
 */
export function orderPlan(order: Order): Plan {
  const chapters: Plan["chapters"] = [];
  for (const i of byLevel(order)) {
    const { chapter, part } = order.pool.candidates[i];
    const ch = chapters[chapters.length - 1];
    const level = order.levels[i];
    if (ch && ch.chapter === chapter) {
      const p = ch.parts[ch.parts.length - 1];
      if (p.part === part) p.levels++;
      else if (part > p.part) ch.parts.push({ part, levels: 1 });
      else throw orderError(order, i, `level ${level} is in chapter ${chapter} part ${part}, after part ${p.part} began (an order's parts run in level order, each a run of consecutive levels, their numbers rising)`);
    } else if (!ch || chapter > ch.chapter) {
      chapters.push({ chapter, rules: [], parts: [{ part, levels: 1 }] });
    } else {
      throw orderError(order, i, `level ${level} is in chapter ${chapter}, after chapter ${ch.chapter} began (an order's chapters run in level order, each a run of consecutive levels, their numbers rising)`);
    }
  }
  return { format: "levelramp/plan@1", game: "generic", composed: 0, chapters };
}

/** Options of {@link orderLevels}. */
export interface OrderLevelsOptions {
  /** Targets come from it at each level number; absent (verify, diff), targets are 0 on the model's metric. */
  ramp?: Ramp;
  /** The model whose rules are embedded (verify, report breaks); absent, a model of the ramp's metric with no constraint. */
  model?: Model;
  /** A plan the order must follow (level numbers, chapters, parts); absent, the order's own ({@link orderPlan}). */
  plan?: Plan;
  planFile?: string;
}

/**
 * An order as a levels file (SPEC 3 "An order"), so that `report`, `verify`,
 * `diff`, `select --from` and the report's ramp editor take it wherever they
 * take one: per level its number, chapter, part, id, metrics, the ramp's
 * target at its number (6 decimals), the deviation and its concepts (SPEC 12); the model and ramp
 * embedded; the objective of these levels under the model; status
 * `feasible` (a shipped order is not a selection, so nothing is proven); the
 * plan's parts it fills.
 *
 * @throws InputError (exit 2) naming the CSV line (JSON: the candidate): a
 *   level whose chapter or part is not the plan's at its number; a metric the
 *   ramp or a model rule reads that a level lacks; and the plan shape of {@link orderPlan}.
 */
export function orderLevels(order: Order, options: OrderLevelsOptions = {}): LevelsFile {
  if (options.ramp && options.model && options.ramp.metric !== options.model.metric) {
    throw new InputError("io/order", `expected a ramp about the model's metric "${options.model.metric}"; the ramp is about "${options.ramp.metric}"`, { file: order.file });
  }
  const plan = options.plan ?? orderPlan(order);
  const metric = options.ramp?.metric ?? options.model?.metric ?? firstMetric(order);
  const ramp: Ramp = options.ramp ?? { format: "levelramp/ramp@1", metric, points: [[1, 0]], interpolation: "linear" };
  const model: Model = options.model ?? { format: "levelramp/model@1", metric, eligibility: "part", constraints: [], objective: { norm: "L1", evenness: 0 } };
  const target = rampTarget(ramp);
  const slots = planSlots(plan, (n) => roundMetric(target(n))).slice(0, order.levels.length);
  const read = [...new Set([metric, model.metric, ...model.constraints.flatMap((c) => ("key" in c && c.key !== CONCEPTS_KEY ? [c.key] : []))])];
  const levels: ShippedLevel[] = byLevel(order).map((i, s) => {
    const c = order.pool.candidates[i];
    const slot = slots[s];
    if (slot.chapter !== c.chapter || slot.part !== c.part) {
      throw orderError(order, i, `level ${slot.number} is in chapter ${slot.chapter} part ${slot.part} of the plan${options.planFile ? ` ${options.planFile}` : ""}; the order says chapter ${c.chapter} part ${c.part}`);
    }
    for (const key of read) {
      if (!Object.hasOwn(c.metrics, key)) throw orderError(order, i, `expected a value of "${key}" (${key === metric ? "the ramp's metric" : "the model reads it"}); the level has ${Object.keys(c.metrics).join(", ") || "no metric"}`);
    }
    const value = c.metrics[metric];
    const level: ShippedLevel = { number: slot.number, chapter: c.chapter, part: c.part, id: c.id, metrics: c.metrics, target: slot.target, deviation: roundMetric(value - slot.target) };
    if (c.concepts && c.concepts.length > 0) level.concepts = c.concepts;
    return level;
  });
  const objective = new Objective({ metric: model.metric, slots, candidates: levels, objective: model.objective }).total(levels.map((_, s) => s));
  const parts: Array<{ chapter: number; part: number; first: number; last: number }> = [];
  for (const l of levels) {
    const p = parts[parts.length - 1];
    if (p && p.chapter === l.chapter && p.part === l.part) p.last = l.number;
    else parts.push({ chapter: l.chapter, part: l.part, first: l.number, last: l.number });
  }
  return {
    format: "levelramp/levels@1",
    game: "generic",
    seed: null,
    model,
    ramp,
    objective: roundMetric(objective),
    status: "feasible",
    optimal: false,
    note: ORDER_NOTE,
    plan: { parts },
    levels,
  };
}

/** The first metric of an order's candidates (the metric of an order read without a ramp or a model). */
function firstMetric(order: Order): string {
  const first = order.pool.candidates[0];
  const name = first && Object.keys(first.metrics)[0];
  if (!name) throw new InputError("io/order", "expected at least one metric column besides id, chapter, part and level", { file: order.file });
  return name;
}
