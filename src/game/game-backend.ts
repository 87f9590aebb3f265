import type { z } from "zod";
import type { DedupGame } from "../dedup/dedup-index.ts";
import type { DedupComparison } from "../dedup/dedup-types.ts";
import type { ShippedLevel } from "../io/schemas/levels.ts";
import type { Rng } from "../random/create-rng.ts";

/**
 * What one generation call is asked for: a candidate for one part of a
 * chapter (a game may call it a tier), aimed at one planned level.
 * `Settings` is what the game's {@link GameBackend.generatorSchema} gives.
 */
export interface GenerateRequest<Settings = Record<string, unknown>> {
  /** Chapter number (1-based). */
  chapter: number;
  /** Part number within the chapter (1-based). */
  part: number;
  /** Global level number the candidate is grown for. */
  level: number;
  /** Ramp target (the ramp metric's value) at `level`. */
  target: number;
  /** The name of the metric `target` is a value of (the selection model's metric); absent in direct calls. */
  metric?: string;
  /** Rules the chapter brings (from the plan), e.g. `["bell"]`, `["key", "number"]`. */
  rules: string[];
  /**
   * The part's generator settings from the plan as {@link GameBackend.generatorSchema}
   * parsed them (defaults filled in): the pipeline parses a plan's settings
   * once, where it reads the plan (naming the plan file and JSON path of a bad
   * value), and `generate` takes them as they are.
   */
  settings: Settings;
  /** The candidate's own random stream. */
  rng: Rng;
  /**
   * The name of this attempt's stream, for a game whose randomness lives
   * outside this process (a program, SPEC 10): `deriveSeed(run seed, chapter,
   * part, index)`, then `/attempt` from the second attempt on. Absent in
   * direct calls (such a game then draws a seed from `rng`).
   */
  seed?: string;
  /** The candidate's number within its part's pool (batch × candidates per batch + its index in the batch); absent in direct calls. */
  index?: number;
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
  /**
   * The concepts the level needs (SPEC 12): what {@link GameBackend.concepts}
   * gives for `level`, in the game's order; absent or empty: none. The
   * pipeline carries them into pools and levels files.
   */
  concepts?: string[];
}

/** One problem a check found: which level thing failed and why. */
export interface LevelProblem {
  /** Short machine-readable reason, e.g. `fair-gap`, `goal`, `replay`, `rule-needed`. */
  reason: string;
  /** Human sentence naming the dots/arrows involved. */
  message: string;
}

/**
 * How a game says two levels are the same (SPEC 7): a {@link DedupGame} over
 * level bodies (its `prepare` builds the record from the game's engine —
 * reach graph, block graph, winning first taps — and computes the
 * invariants once), the full comparison `levelramp compare` prints, and the
 * words for a transform.
 */
export interface BackendDedup<Body = unknown, Prepared = unknown, Transform = unknown> extends DedupGame<Body, Prepared, DedupComparison<Transform>> {
  /** The full comparison of two bodies over every turn and mirror (no prefilter), as `levelramp compare` prints it. */
  compareLevels(a: Body, b: Body): DedupComparison<Transform>;
  /** A transform in words for `levelramp compare`, e.g. "a half turn" or "a 90° turn about the sun, mirrored". */
  describeTransform(transform: Transform): string;
  /**
   * The whole comparison in words for `levelramp compare`, for a game whose
   * comparisons pair no pieces (an outside game, SPEC 10: keys, graphs and its
   * own near-copy test). Absent: `compare` words it from the transform and the
   * matched pieces.
   */
  describeComparison?(comparison: DedupComparison<Transform>): string;
  /**
   * The game's section of `models/dedup/thresholds.json` (stored under the
   * game's name), so the registry can check the whole file. Absent when the
   * game reads no thresholds.
   */
  readonly thresholdsSchema?: z.ZodType;
}

/**
 * What a game can do beyond the calls every game has (Simon Tatham's
 * `can_solve`, `can_format_as_text_ever`, ...). A flag that is true comes
 * with its call: `compose` with {@link GameBackend.composeFirst}, `picture`
 * with {@link GameBackend.renderSvg}, `summary` with
 * {@link GameBackend.summarizeLevels} (checked by {@link checkGameBackend}).
 */
export interface GameCapabilities {
  /** Composes the fixed first levels (SPEC 4.6 / 5.5); without it a plan must compose 0 levels. */
  readonly compose: boolean;
  /** Draws a level as SVG (`show`, the HTML report's cards); without it the report shows numbers only. */
  readonly picture: boolean;
  /** Sums up a shipped level set per chapter in its own terms (`build --stats`, `report.txt`). */
  readonly summary: boolean;
}

/**
 * What a game says of itself, the same in its back end ({@link GameBackend})
 * and in the value the pipeline takes (`Game`, src/game/game.ts).
 */
export interface GameTraits<Body = unknown, Settings = Record<string, unknown>> {
  /**
   * The version of the game's generator: a built-in game's back end declares
   * it, an outside game's program names it in `hello` (SPEC 10). The
   * generator a pool's batches and a shard are keyed by names it,
   * `<game>@<version>+<hash>` (docs/pipeline.md "Pools reused"), the hash over
   * the code a batch of a built-in game runs and its engine models; for an
   * outside game the version alone stands for its own code, so `--reuse`
   * and `merge` take nothing grown by another version. Absent (a game
   * registered at run time that declares none): none of its batches is
   * reused.
   */
  readonly version?: string;
  /** What one piece of a level is called in sentences, e.g. `{ one: "dot", many: "dots" }`. */
  readonly pieces: { readonly one: string; readonly many: string };
  /** zod schema of the level body (SPEC 3): the files of this game parse their bodies with it. */
  readonly bodySchema: z.ZodType<Body>;
  /** zod schema of a plan part's `generator` settings (what {@link GenerateRequest.settings} holds). */
  readonly generatorSchema: z.ZodType<Settings>;
  /** Metric names `grade` returns (the keys pools carry). */
  readonly metricNames: readonly string[];
  /**
   * Every concept the game's `concepts` can name, in the game's order
   * (Carillon: its mark kinds; Apsis: its rules): a selection model may name
   * them before any candidate carries one (SPEC 12 — the default model's
   * `introduceAt` for a rule whose chapter is not built yet). Absent: none known beforehand.
   */
  readonly conceptNames?: readonly string[];
  /** The optional calls this game has. */
  readonly can: GameCapabilities;
}

/**
 * The contract every game back end meets (Simon Tatham's `struct game`):
 * the same calls for every game, so the pipeline, `measure`, `show`,
 * `verify`, `compare`, the report and de-duplication never branch on the
 * game. Each game folder exports one such value; the registry
 * (`src/game/registry.ts`) is the one list of them.
 */
export interface GameBackend<Body = unknown, Solution = unknown, Prepared = unknown, Transform = unknown, Settings = Record<string, unknown>> extends GameTraits<Body, Settings> {
  /** The game's name: the `game` of its files, the first word of its ids and seeds, `models/<game>/`. */
  readonly game: string;
  /**
   * Grows one candidate and proves it; `null` when the bounded tries ran out
   * (the reason counted in `request.stats`). Deterministic given `request.rng`.
   */
  generate(request: GenerateRequest<Settings>): GeneratedLevel<Body, Solution> | null;
  /** Solves exactly: the stored solution and the metrics (SPEC 3 `measure --json`). */
  solve(body: Body): { solution: Solution; measure: Record<string, unknown> };
  /** Metrics of a level (rounded to 6 decimals). */
  grade(body: Body): Record<string, number>;
  /**
   * The concepts a level needs (SPEC 12): the ideas a player must use to
   * solve it, as distinct names in the game's own order (Carillon: the mark
   * kinds whose removal changes the goal or the winning first taps; Apsis:
   * the rules whose removal changes some arrow's round). What `generate` and
   * `composeFirst` give with a level, and what `verify` checks a shipped
   * level's `concepts` against. Absent: the game names no concepts.
   */
  concepts?(body: Body): string[];
  /**
   * The rules a body must meet to be a level of this game at all, checked
   * before it is solved, measured, drawn or compared (cheap: no solving).
   * Carillon: the field is the model's field, every dot wholly inside it, no
   * two dots overlapping; Apsis: every arrow inside the rim and clear of the
   * sun, no two arrows overlapping, every lock with its key. Empty when the
   * body is a level. `measure`, `show`, `compare` and `select` refuse a body
   * that fails (exit 2, {@link checkLevelBody}); `verify` reports it (exit 1)
   * and runs {@link GameBackend.validate} only on a body that passes.
   */
  wellFormed(body: Body): LevelProblem[];
  /**
   * Every check a shipped level must pass (SPEC 4.2/4.5, 5.3/5.4), on a body
   * that is well formed ({@link GameBackend.wellFormed}, which the caller
   * runs first): exact goal, the stored solution replayed through the game's
   * own rules, fair to read, marks/rules needed. Empty when it passes.
   */
  validate(body: Body, solution: Solution, rules: string[]): LevelProblem[];
  /** When two levels are the same (SPEC 7). */
  readonly dedup: BackendDedup<Body, Prepared, Transform>;
  /**
   * Composes the fixed first levels (SPEC 4.6 / 5.5), levels 1..count in order,
   * each proven and measured. Present when `can.compose`.
   */
  composeFirst?(count: number, rng: Rng, stats: Record<string, number>): GeneratedLevel<Body, Solution>[];
  /** An SVG picture of the level; `solution` overlays the taps/rounds. Present when `can.picture`. */
  renderSvg?(body: Body, options?: { solution?: Solution; title?: string }): string;
  /**
   * Lines summing up a shipped level set chapter by chapter, for `build
   * --stats` and `report.txt` (Apsis: arrows, depth and reads first → last,
   * the worst ring share). Levels in level order. Present when `can.summary`.
   */
  summarizeLevels?(levels: readonly ShippedLevel[]): string[];
}

/**
 * Checks that a back end keeps its word (delaunator's `validate` style):
 * a name, at least one metric, and each capability flag matched by its call.
 *
 * @returns the problems found, as sentences; empty when the back end is sound.
 */
export function checkGameBackend(backend: GameBackend): string[] {
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9-]*$/.test(backend.game ?? "")) problems.push(`expected a game name of lower-case letters, digits and dashes; got "${backend.game}"`);
  if (backend.game === "generic") problems.push(`"generic" is the name of metrics-only pools, not a game`);
  if (!backend.metricNames?.length) problems.push("expected at least one metric name");
  if (typeof backend.wellFormed !== "function") problems.push("expected wellFormed(body): the rules a body meets to be a level at all");
  if (backend.can.compose !== (typeof backend.composeFirst === "function")) problems.push(`can.compose is ${backend.can.compose} but composeFirst is ${backend.composeFirst ? "present" : "absent"}`);
  if (backend.can.picture !== (typeof backend.renderSvg === "function")) problems.push(`can.picture is ${backend.can.picture} but renderSvg is ${backend.renderSvg ? "present" : "absent"}`);
  if (backend.can.summary !== (typeof backend.summarizeLevels === "function")) problems.push(`can.summary is ${backend.can.summary} but summarizeLevels is ${backend.summarizeLevels ? "present" : "absent"}`);
  return problems;
}
