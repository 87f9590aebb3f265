import type { z } from "zod";
import type { ShippedLevel } from "../io/schemas/levels.ts";
import type { Rng } from "../random/create-rng.ts";

/**
 * What one generation call is asked for: a candidate for one part (Carillon)
 * or tier (Apsis) of a chapter, aimed at one planned level.
 */
export interface GenerateRequest {
  /** Chapter number (1-based). */
  chapter: number;
  /** Part (Carillon) / tier (Apsis) number within the chapter (1-based). */
  part: number;
  /** Global level number the candidate is grown for. */
  level: number;
  /** Ramp target (the ramp metric's value) at `level`. */
  target: number;
  /** Rules the chapter brings (from the plan), e.g. `["bell"]`, `["key", "number"]`. */
  rules: string[];
  /** The part's generator settings from the plan, already checked by {@link GameBackend.generatorSchema}. */
  settings: Record<string, unknown>;
  /** The candidate's own random stream. */
  rng: Rng;
  /** Rejection counters by reason, incremented in place (`--stats`). */
  stats: Record<string, number>;
}

/** A generated, proven and measured candidate. */
export interface GeneratedLevel<Body, Solution> {
  /** The level body (SPEC 3), as stored in files. */
  level: Body;
  /** The stored optimal solution (Carillon: tapped dot indices; Apsis: arrow indices per round). */
  solution: Solution;
  /** Measured metrics, rounded to 6 decimals (SPEC 2). */
  metrics: Record<string, number>;
  /** Rules the level uses. */
  rules: string[];
}

/** One problem a check found: which level thing failed and why. */
export interface LevelProblem {
  /** Short machine-readable reason, e.g. `fair-gap`, `goal`, `replay`, `rule-needed`. */
  reason: string;
  /** Human sentence naming the dots/arrows involved. */
  message: string;
}

/**
 * The contract every game back end meets (Simon Tatham's puzzles style): the
 * same calls for Carillon and Apsis, so the pipeline, `measure`, `show`,
 * `verify` and de-duplication never branch on the game.
 */
export interface GameBackend<Body = unknown, Solution = unknown> {
  readonly game: "carillon" | "apsis";
  /** zod schema of the level body (SPEC 3). */
  readonly bodySchema: z.ZodType<Body>;
  /** zod schema of a plan part's `generator` settings. */
  readonly generatorSchema: z.ZodType<Record<string, unknown>>;
  /** Metric names `grade` returns (the keys pools carry). */
  readonly metricNames: readonly string[];
  /**
   * Grows one candidate and proves it; `null` when the bounded tries ran out
   * (the reason counted in `request.stats`). Deterministic given `request.rng`.
   */
  generate(request: GenerateRequest): GeneratedLevel<Body, Solution> | null;
  /** Solves exactly: the stored solution and the metrics (SPEC 3 `measure --json`). */
  solve(body: Body): { solution: Solution; measure: Record<string, unknown> };
  /** Metrics of a level (rounded to 6 decimals). */
  grade(body: Body): Record<string, number>;
  /**
   * Every check a shipped level must pass (SPEC 4.2/4.5, 5.3/5.4): exact goal,
   * the stored solution replayed through the game's own rules, fair to read,
   * marks/rules needed. Empty when it passes.
   */
  validate(body: Body, solution: Solution, rules: string[]): LevelProblem[];
  /**
   * Composes the fixed first levels (SPEC 4.6 / 5.5), levels 1..count in order,
   * each proven and measured. Absent until the game has it.
   */
  composeFirst?(count: number, rng: Rng, stats: Record<string, number>): GeneratedLevel<Body, Solution>[];
  /** An SVG picture of the level; `solution` overlays the taps/rounds. */
  renderSvg(body: Body, options?: { solution?: Solution; title?: string }): string;
  /**
   * Lines summing up a shipped level set chapter by chapter, for `build
   * --stats` and `report.txt` (Apsis: arrows, depth and reads first → last,
   * the worst ring share). Levels in level order. Absent when the game has none.
   */
  summarizeLevels?(levels: readonly ShippedLevel[]): string[];
}
