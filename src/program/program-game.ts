import { z } from "zod";
import { CONCEPTS_KEY } from "../io/concepts/concepts-key.ts";
import type { GeneratedLevel, GenerateRequest, LevelProblem } from "../game/game-backend.ts";
import type { Game } from "../game/game.ts";
import { canonicalJson } from "../io/canonical-json.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import { roundMetric } from "../io/round-metric.ts";
import { countUp, RESERVED_KEY } from "../io/hostile/own-key.ts";
import { boundedJson } from "../io/schemas/bounded-json.ts";
import { modelSchema } from "../io/schemas/model.ts";
import { cut } from "./fault-message.ts";
import { ProgramClient, type ProgramClientOptions, type ProgramInfo } from "./program-client.ts";
import { programDedup, type ProgramDedupRecord } from "./program-dedup.ts";
import type { ProgramGame } from "./read-program-game.ts";
import type { SolveResult } from "./wire-results.ts";

/** An outside game as a value: the {@link Game} over its program, and what the program said of itself. */
export interface ProgramGameValue extends Game<unknown, unknown, ProgramDedupRecord, null> {
  /** The game file it was made from. */
  readonly program: ProgramGame;
  /** The program's `hello`: name, version, optional methods. */
  readonly info: ProgramInfo;
}

/** The metrics of a `solve` answer, rounded to the 6 decimals every stored metric carries (SPEC 2). */
function roundedMetrics(answer: SolveResult): Record<string, number> {
  return Object.fromEntries(Object.entries(answer.metrics ?? {}).map(([k, v]) => [k, roundMetric(v)]));
}

/** A seed string drawn from a stream, for a direct call that gives no `seed` (64 bits as 16 hex digits). */
function seedFromStream(rng: () => number): string {
  const word = () => Math.floor(rng() * 2 ** 32).toString(16).padStart(8, "0");
  return word() + word();
}

/**
 * A counter name for a generator reason: the program's words, short and on
 * one line; `__proto__` (which no file may hold as a key) is quoted.
 */
function reasonKey(reason: string | undefined): string {
  const words = (reason ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
  return words === RESERVED_KEY ? `"${words}"` : words || "no level (no reason given)";
}

/**
 * An outside game as a value (SPEC 10): the {@link Game} every layer above
 * takes, each call a request to the game's program through an asynchronous
 * {@link ProgramClient} (JSON-RPC over its stdio; one request on the wire at
 * a time, so calls made together are queued, never mixed).
 *
 * - `name` is the game file's; a body is any bounded JSON value
 *   (`boundedJson`), and so are a plan part's generator settings; `models`
 *   are the game file's; `source` is its absolute path (a worker thread
 *   opens it again: a program of its own);
 * - `generate` asks the program's `generate` with the seed levelramp derived
 *   for the candidate (`request.seed`, SPEC 9), then its `solve`: only a
 *   `solved` level is a candidate; its metrics are `solve`'s, rounded to 6
 *   decimals, its concepts `solve`'s; a `{level: null}` or another status is
 *   counted under its reason;
 * - `solve`, `grade` and `concepts` ask `solve` (its `concepts`, SPEC 12:
 *   none when it gives none); `check` asks it again and fails a level whose
 *   status or solution changed (verify), and `grade` and `concepts` then take
 *   that answer for the same body;
 * - `dedup` is {@link programDedup} (key, graph, similar or similarMany);
 * - `picture` when `hello` lists it; no composed levels, no summary;
 * - `close` ends the program's whole process tree.
 *
 * The program starts here and answers `hello` before the value is made.
 *
 * @throws ProgramFault (exit 2) when the program does not start or answers `hello` late or wrongly;
 *   InputError (exit 2) when the game file's selection model cannot be read.
 */
export async function programGame(game: ProgramGame, options: ProgramClientOptions = {}): Promise<ProgramGameValue> {
  const client = new ProgramClient(game, options);
  // A fault in hello has ended the program already.
  const info = await client.hello();
  const model = readJsonFile(modelSchema, game.models.selection);
  const metricNames = [...new Set([model.metric, ...model.constraints.flatMap((c) => ("key" in c && c.key !== CONCEPTS_KEY ? [c.key] : []))])];
  const solveRaw = (body: unknown): Promise<SolveResult> => client.call("solve", { level: body });
  // verify runs check, then grade and concepts on the same body: they take check's fresh answer instead of asking again.
  let checked: { json: string; answer: SolveResult } | null = null;
  const answerFor = (body: unknown): Promise<SolveResult> => (checked?.json === canonicalJson(body) ? Promise.resolve(checked.answer) : solveRaw(body));

  const value: ProgramGameValue = {
    name: game.name,
    version: info.version,
    program: game,
    info,
    pieces: { one: "piece", many: "pieces" },
    bodySchema: boundedJson("a level body (any JSON value)"),
    generatorSchema: z.record(z.string(), boundedJson("a generator setting", true)),
    metricNames,
    can: { compose: false, picture: info.methods.has("picture"), summary: false },
    models: game.models,
    source: { gameFile: game.path },
    async generate(request: GenerateRequest): Promise<GeneratedLevel<unknown, unknown> | null> {
      const params = {
        seed: request.seed ?? seedFromStream(request.rng),
        chapter: request.chapter,
        part: request.part,
        index: request.index ?? 0,
        settings: request.settings,
        ...(request.metric !== undefined ? { aim: { metric: request.metric, target: request.target } } : {}),
      };
      const made = await client.call("generate", params);
      if (made.level === null) {
        countUp(request.stats, reasonKey(made.reason));
        return null;
      }
      const answer = await solveRaw(made.level);
      if (answer.status !== "solved") {
        countUp(request.stats, answer.status);
        return null;
      }
      return { level: made.level, solution: answer.solution ?? null, metrics: roundedMetrics(answer), rules: request.rules, concepts: answer.concepts ?? [] };
    },
    async solve(body) {
      const answer = await solveRaw(body);
      return { solution: answer.solution ?? null, measure: { status: answer.status, metrics: roundedMetrics(answer), solution: answer.solution ?? null, ...(answer.concepts ? { concepts: answer.concepts } : {}) } };
    },
    grade: async (body) => roundedMetrics(await answerFor(body)),
    concepts: async (body) => (await answerFor(body)).concepts ?? [],
    wellFormed: () => [],
    async check(body, solution): Promise<LevelProblem[]> {
      const answer = await solveRaw(body);
      checked = { json: canonicalJson(body), answer };
      if (answer.status !== "solved") return [{ reason: answer.status, message: `the program's solve now says ${answer.status}` }];
      const fresh = canonicalJson(answer.solution ?? null);
      const stored = canonicalJson(solution ?? null);
      if (fresh !== stored) return [{ reason: "solution", message: `the program's solve now gives another solution: ${cut(fresh, 120)} (stored: ${cut(stored, 120)})` }];
      return [];
    },
    dedup: programDedup(client, info, game.dedup),
    close: () => client.close(),
  };
  if (value.can.picture) {
    value.picture = async (body, opts) => (await client.call("picture", { level: body, ...(opts?.solution !== undefined ? { solution: opts.solution } : {}) })).svg;
  }
  return value;
}
