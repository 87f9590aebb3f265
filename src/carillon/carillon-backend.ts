import { InputError, NoAnswerError } from "../io/errors.ts";
import { roundMetric } from "../io/round-metric.ts";
import { carillonBodySchema, type CarillonBody } from "./level/carillon-body.ts";
import type { GameBackend, GenerateRequest, GeneratedLevel } from "../game/game-backend.ts";
import { composeFirstFive } from "./compose/compose-first-five.ts";
import { generateLevel } from "./generate/generate-level.ts";
import { MARK_KINDS, type MarkKind } from "./level/compile-field.ts";
import { carillonGeneratorSettingsSchema, type CarillonGeneratorSettings } from "./model/generator-settings.ts";
import { loadCarillonModels } from "./model/load-models.ts";
import { measureCarillon, type CarillonMeasure } from "./measure/measure-carillon.ts";
import { renderCarillonSvg } from "./picture/render-carillon-svg.ts";
import { checkLevel } from "./check/check-level.ts";
import { carillonConcepts } from "./check/carillon-concepts.ts";
import { carillonWellFormed } from "./check/carillon-well-formed.ts";
import { carillonDedup } from "./dedup/carillon-dedup.ts";
import type { CarillonTransform } from "./dedup/carillon-transforms.ts";
import type { PreparedCarillonLevel } from "./dedup/prepare-carillon-level.ts";

/** Metric names Carillon candidates carry. */
export const CARILLON_METRICS = ["bits", "goal", "dots", "starts"] as const;

function finiteBits(m: CarillonMeasure): number {
  if (!Number.isFinite(m.bits)) {
    throw new NoAnswerError("carillon/bits", "the guesser can never clear this field in the goal under the lean model (a needed tap has weight 0)");
  }
  return roundMetric(m.bits);
}

/**
 * The Carillon game back end (GameBackend contract), every rule of SPEC 4.4.
 * `generate` grows, dresses (chapters with rules), proves, checks and
 * measures one field for a part/level (settings as `generatorSchema` parsed them), with the concepts it needs; `solve` gives the SPEC 3 `measure
 * --json` record (and the field's concepts); `grade` the metrics `{bits, goal, dots, starts}`;
 * `concepts` the mark kinds the field needs (SPEC 12, {@link carillonConcepts});
 * `wellFormed` whether a body is a field at all (the model's field, dots
 * inside it, no two overlapping); `validate` every shipped-level check of a well-formed field (rules included: every mark matters,
 * the level needs its rule, the replay through the rules); `renderSvg` the
 * picture with every mark drawn; `composeFirst` the composed levels 1–5
 * (SPEC 4.6, see compose/); `dedup` when two fields are the same (SPEC 7,
 * see dedup/).
 */
export const carillonBackend = {
  game: "carillon",
  /** Its generator's version (GameTraits.version): the key of its batches, `carillon@1+<hash>`, names it beside the hash of the code a batch runs and of the engine models. */
  version: "1",
  pieces: { one: "dot", many: "dots" },
  bodySchema: carillonBodySchema,
  generatorSchema: carillonGeneratorSettingsSchema,
  metricNames: CARILLON_METRICS,
  can: { compose: true, picture: true, summary: false },
  dedup: carillonDedup(),

  generate(request: GenerateRequest<CarillonGeneratorSettings>): GeneratedLevel<CarillonBody, number[]> | null {
    const unknown = request.rules.filter((r) => !MARK_KINDS.includes(r as MarkKind));
    if (unknown.length > 0) {
      throw new InputError("carillon/generate", `expected rules among ${MARK_KINDS.join(", ")}, got ${unknown.join(", ")}`, { jsonPath: "$.rules" });
    }
    const field = generateLevel({
      level: request.level,
      chapter: request.chapter,
      settings: request.settings,
      rng: request.rng,
      stats: request.stats,
      models: loadCarillonModels(),
      target: request.target,
      rules: request.rules as MarkKind[],
    });
    if (!field) return null;
    if (!Number.isFinite(field.metrics.bits)) {
      request.stats["bits-infinite"] = (request.stats["bits-infinite"] ?? 0) + 1;
      return null;
    }
    return { level: field.body, solution: field.solution, metrics: { ...field.metrics }, rules: [...request.rules], concepts: carillonConcepts(field.body, loadCarillonModels(), field.measure.solved) };
  },

  solve(body) {
    const m = measureCarillon(body);
    const bits = finiteBits(m);
    const concepts = carillonConcepts(body, loadCarillonModels(), m.solved);
    return {
      solution: m.solution,
      measure: { goal: m.goal, winningFirstTaps: m.winningFirstTaps, solution: m.solution, bits, dots: m.dots, concepts },
    };
  },

  concepts: (body) => carillonConcepts(body),
  conceptNames: MARK_KINDS,

  grade(body) {
    const m = measureCarillon(body);
    return { bits: finiteBits(m), goal: m.goal, dots: m.dots, starts: m.starts };
  },

  wellFormed: (body) => carillonWellFormed(body, loadCarillonModels().physics),

  validate(body, solution, rules) {
    return checkLevel(body, solution, rules).map(({ reason, message }) => ({ reason, message }));
  },

  composeFirst(count, rng, stats) {
    return composeFirstFive(count, rng, stats).levels;
  },

  renderSvg(body, options?) {
    return renderCarillonSvg(body, loadCarillonModels().physics, { solution: options?.solution, title: options?.title });
  },
} satisfies GameBackend<CarillonBody, number[], PreparedCarillonLevel, CarillonTransform, CarillonGeneratorSettings>;
