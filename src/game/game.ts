import type { z } from "zod";
import type { DedupHooks } from "../dedup/dedup-index.ts";
import type { DedupComparison } from "../dedup/dedup-types.ts";
import type { ShippedLevel } from "../io/schemas/levels.ts";
import type { Rng } from "../random/create-rng.ts";
import type { GameTraits, GeneratedLevel, GenerateRequest, LevelProblem } from "./game-backend.ts";

/**
 * How another thread opens the same game (a pipeline worker, SPEC 9): a
 * built-in game by its name, an outside game by its game file's absolute
 * path (SPEC 10: the worker starts a program of its own), a game written as
 * a module by the module and the name of its export (a plug-in, the tiny
 * test game).
 */
export type GameSource = { name: string } | { gameFile: string } | { module: string; exportName: string };

/** A game's own model files (SPEC 3 defaults): `models/<game>/` for a built-in game, what an outside game's file names (SPEC 10). */
export interface GameModels {
  plan: string;
  ramp: string;
  selection: string;
}

/**
 * How the layers above a game tell levels apart (SPEC 7): a level is
 * prepared once (asynchronously: an outside game asks its program's `key`
 * and `graph`), then compared with others synchronously through `hooks`
 * (what the de-duplication index runs). A game whose comparisons need
 * answers from outside (an outside game's near-copy test) gets them in
 * {@link ask} first, for a candidate and the levels it is about to be
 * compared with.
 */
export interface GameDedup<Body = unknown, Prepared = unknown, Transform = unknown> {
  /** A level's record for comparisons (its invariants, computed once). */
  prepare(body: Body): Promise<Prepared>;
  /** The synchronous comparison hooks over prepared records: buckets, exact keys, prefilter, the full comparison. */
  readonly hooks: DedupHooks<Prepared, DedupComparison<Transform>>;
  /**
   * Gets ready what comparing `candidate` with each of `others` needs from
   * outside levelramp (an outside game's near-copy answers, in as few calls
   * as it can); absent when the comparisons need nothing. Compare a pair
   * through `hooks` only after it was asked here.
   *
   * @param others the levels `candidate` is about to be compared with, in the order they will be.
   * @param stopAtSame only what a de-duplication index (`DedupIndex.checkPrepared`) compares (`others`
   *   are its levels): the earliest level sharing an exact key with the
   *   candidate when one does, else the levels in order up to the first the
   *   game finds the same; default false: every pair (a pool's conflict check).
   */
  ask?(candidate: Prepared, others: readonly Prepared[], stopAtSame?: boolean): Promise<void>;
  /** The full comparison of two bodies (no prefilter), as `levelramp compare` prints it. */
  compareLevels(a: Body, b: Body): Promise<DedupComparison<Transform>>;
  /** A transform in words for `levelramp compare`. */
  describeTransform(transform: Transform): string;
  /** The whole comparison in words, for a game whose comparisons pair no pieces (an outside game); absent: from the transform and matched pieces. */
  describeComparison?(comparison: DedupComparison<Transform>): string;
  /** The game's section of `models/dedup/thresholds.json`, when it reads one. */
  readonly thresholdsSchema?: z.ZodType;
}

/**
 * A game as a value (SPEC 8; Tatham's midend takes `const game *`): what
 * `openGame` returns and what the pipeline, verify, the report and the CLI
 * take as an argument — its name, its schemas and models, and its calls,
 * asynchronous, so a built-in game (plain values over its back end) and an
 * outside game (a client of its program, SPEC 10) are used the same way.
 * A game that holds a resource (an outside game's program) frees it in
 * {@link close}; the built-in games hold none.
 */
export interface Game<Body = unknown, Solution = unknown, Prepared = unknown, Transform = unknown, Settings = Record<string, unknown>> extends GameTraits<Body, Settings> {
  /** The game's name: the `game` of its files, the first word of its ids and seeds. */
  readonly name: string;
  /** Its own plan, ramp and selection model (the defaults of `build`, `select`, ...). */
  readonly models: GameModels;
  /** How a worker thread opens the same game. */
  readonly source: GameSource;
  /** One candidate for a part and level, proven and measured, or `null` (its reason counted in `request.stats`); deterministic in the request. */
  generate(request: GenerateRequest<Settings>): Promise<GeneratedLevel<Body, Solution> | null>;
  /** The exact solution and what `measure --json` prints. */
  solve(body: Body): Promise<{ solution: Solution; measure: Record<string, unknown> }>;
  /** A level's metrics, rounded to 6 decimals. */
  grade(body: Body): Promise<Record<string, number>>;
  /** The concepts a level needs (SPEC 12); absent: the game names none. */
  concepts?(body: Body): Promise<string[]>;
  /** Whether a body is a level of the game at all (cheap, no solving): the problems, empty when it is. */
  wellFormed(body: Body): LevelProblem[];
  /** Every check a shipped, well-formed level passes (the stored solution replayed, fair to read, rules needed): the problems, empty when it passes. */
  check(body: Body, solution: Solution, rules: string[]): Promise<LevelProblem[]>;
  /** When two levels are the same (SPEC 7). */
  readonly dedup: GameDedup<Body, Prepared, Transform>;
  /** The composed levels 1..count (SPEC 4.6 / 5.5); present when `can.compose`. */
  composeFirst?(count: number, rng: Rng, stats: Record<string, number>): Promise<GeneratedLevel<Body, Solution>[]>;
  /** An SVG picture of a level (`solution` overlays the moves); present when `can.picture`. */
  picture?(body: Body, options?: { solution?: Solution; title?: string }): Promise<string>;
  /** Lines summing up a shipped level set chapter by chapter; present when `can.summary`. */
  summarizeLevels?(levels: readonly ShippedLevel[]): string[];
  /** Frees what the game holds (an outside game's program: its whole process tree). Safe to call twice. */
  close(): Promise<void>;
}
