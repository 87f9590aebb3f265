import { canonicalJson } from "../io/canonical-json.ts";
import { InputError, ProgramFault } from "../io/errors.ts";
import { parseWith, readJson, readJsonFile } from "../io/read-json-file.ts";
import { modelSchema } from "../io/schemas/model.ts";
import { planSchema } from "../io/schemas/plan.ts";
import { rampSchema } from "../io/schemas/ramp.ts";
import { graphCertificate } from "./graph-certificate.ts";
import { cut } from "./fault-message.ts";
import { ProgramClient } from "./program-client.ts";
import { readProgramGame } from "./read-program-game.ts";
import { OPTIONAL_METHODS, type OptionalMethod, type SolveResult } from "./wire-results.ts";

/** One check of `levelramp game check`: its name, whether it passed, and what it found. */
export interface GameCheckLine {
  check: string;
  ok: boolean;
  detail: string;
}

/** The answer of {@link checkGameProgram}. */
export interface GameCheckResult {
  /** Every check passed. */
  ok: boolean;
  /** The game's name. */
  game: string;
  /** The game file as given. */
  file: string;
  checks: GameCheckLine[];
}

/** What a check of one optional method finds: its line's detail, or why it fails. */
type CheckAnswer = string | { fail: string };

/** The checks of the optional methods (5 of SPEC 10's conformance run), each on the generated level, with the two processes A and B. */
const OPTIONAL_CHECKS: Record<OptionalMethod, (a: ProgramClient, b: ProgramClient, level: unknown) => Promise<CheckAnswer>> = {
  async key(a, b, level) {
    const [k1, k2] = [(await a.call("key", { level })).key, (await b.call("key", { level })).key];
    return k1 === k2 ? `the same key in both processes (${k1.length} characters)` : { fail: `the level's key differs: ${cut(JSON.stringify(k1), 80)} and ${cut(JSON.stringify(k2), 80)}` };
  },
  async graph(a, b, level) {
    const [g1, g2] = [await a.call("graph", { level }), await b.call("graph", { level })];
    return graphCertificate(g1) === graphCertificate(g2) ? `the same graph in both processes (${g1.nodes.length} nodes, ${g1.edges.length} edges)` : { fail: "the level's graph differs between the two processes (not isomorphic)" };
  },
  async similar(a, _b, level) {
    const answer = await a.call("similar", { a: level, b: level });
    return answer.same ? "a level is similar to itself" : { fail: "similar says a level is not similar to itself" };
  },
  async similarMany(a, _b, level) {
    const answer = await a.call("similarMany", { a: level, b: [level] });
    return answer.same.some((s) => s.index === 0) ? "a level is among its own near copies" : { fail: "similarMany says a level is not similar to itself" };
  },
  picture: async (a, _b, level) => `an SVG of ${(await a.call("picture", { level })).svg.length} characters`,
};

/** Seeds tried for a level before the check gives up (`check/0` … `check/9`). */
export const CHECK_SEEDS = 10;

/**
 * The conformance run of SPEC 10 (`levelramp game check`), against two
 * processes A and B of the game's program:
 * 1. `hello` (A) answers with the game file's name, a version and its optional methods;
 * 2. `generate` for the plan's first part (seeds `check/0` … `check/9`, until one gives a level) on A;
 * 3. the same request on B, and again on A after other calls, gives the same level (canonical JSON);
 * 4. `solve` of it says `solved`, with metrics that hold the selection model's and the ramp's metric;
 * 5. `solve` on B gives the same status, metrics, solution and concepts (SPEC 12);
 * 6. `key` (when offered) is the same on A and B; 7. `graph` (when offered) gives the same certificate
 *    on A and B; 8. `similar` and `similarMany` (when offered) find the level similar to itself;
 *    9. `picture` (when offered) answers an SVG.
 * A check that needs an earlier one's level is skipped (failed) when there is none. A program fault
 * fails its check (with the fault's message); the process that faulted is not asked again.
 * Both processes are ended at the end.
 *
 * @param file the game file.
 * @param taken the names of the games levelramp has (a game file may not take one).
 * @throws InputError (exit 2) for a bad game file, plan, ramp or selection model.
 */
export async function checkGameProgram(file: string, taken: readonly string[] = []): Promise<GameCheckResult> {
  const game = readProgramGame(file);
  if (taken.includes(game.name) || game.name === "generic") throw new InputError("program/game-file", `expected a name of its own; "${game.name}" is the name of a game levelramp has`, { file, jsonPath: "$.name" });
  // The plan names a game this process does not know (the check registers none): its name is checked here, the rest by the plan's schema.
  const rawPlan = readJson(game.models.plan) as { game?: unknown } | null;
  if (rawPlan?.game !== game.name) throw new InputError("program/game-file", `expected the plan of game "${game.name}" (the game file's name); got ${JSON.stringify(rawPlan?.game)}`, { file: game.models.plan, jsonPath: "$.game" });
  const plan = parseWith(planSchema, { ...rawPlan, game: "generic" }, game.models.plan);
  const model = readJsonFile(modelSchema, game.models.selection);
  const ramp = readJsonFile(rampSchema, game.models.ramp);
  const checks: GameCheckLine[] = [];
  const a = new ProgramClient(game);
  const b = new ProgramClient(game);
  const run = async (check: string, work: () => Promise<CheckAnswer>) => {
    try {
      const got = await work();
      checks.push(typeof got === "string" ? { check, ok: true, detail: got } : { check, ok: false, detail: got.fail });
    } catch (err) {
      if (!(err instanceof ProgramFault)) throw err;
      checks.push({ check, ok: false, detail: err.message.replace(/^program\/wire: /, "") });
    }
  };
  try {
    let offers: Set<string> = new Set();
    await run("hello", async () => {
      const info = await a.hello();
      offers = new Set(info.methods);
      return `${info.name} ${info.version}, offers ${info.methods.size ? [...info.methods].join(", ") : "no optional method"}`;
    });
    const first = plan.chapters[0];
    const part = first.parts[0];
    const request = (seed: string) => ({ seed, chapter: first.chapter, part: part.part, index: 0, settings: part.generator ?? {}, aim: { metric: model.metric, target: ramp.points[0][1] } });
    let level: unknown = null;
    let seed = "";
    await run("generate", async () => {
      const reasons: string[] = [];
      for (let i = 0; i < CHECK_SEEDS && level === null; i++) {
        const got = await a.call("generate", request(`check/${i}`));
        if (got.level === null) reasons.push(got.reason ?? "no reason");
        else [level, seed] = [got.level, `check/${i}`];
      }
      if (level === null) return { fail: `${CHECK_SEEDS} seeds gave no level for chapter ${first.chapter} part ${part.part} (reasons: ${[...new Set(reasons)].join("; ")})` };
      return `seed "${seed}" gives a level of ${canonicalJson(level).length} characters (chapter ${first.chapter} part ${part.part})`;
    });
    const need = (check: string, work: () => Promise<CheckAnswer>) => run(check, async () => (level === null ? { fail: "no level to check (generate gave none)" } : work()));
    let solved: SolveResult | null = null;
    await need("solve", async () => {
      const answer = await a.call("solve", { level });
      solved = answer;
      if (answer.status !== "solved") return { fail: `the generated level is ${answer.status}: a level that solve does not call solved never enters a pool` };
      const missing = [...new Set([model.metric, ramp.metric])].filter((m) => !(m in (answer.metrics ?? {})));
      if (missing.length) return { fail: `its metrics ${canonicalJson(answer.metrics)} lack ${missing.join(", ")} (the selection model's and the ramp's metric)` };
      return `solved: ${cut(canonicalJson(answer.metrics), 120)}`;
    });
    await need("generate twice, two processes", async () => {
      const there = (await b.call("generate", request(seed))).level;
      const again = (await a.call("generate", request(seed))).level;
      const want = canonicalJson(level);
      if (canonicalJson(there) !== want) return { fail: `another process gave another level for the same request: ${cut(canonicalJson(there), 120)} instead of ${cut(want, 120)} (a generate must be a pure function of its request)` };
      if (canonicalJson(again) !== want) return { fail: `the same process gave another level for the same request later: ${cut(canonicalJson(again), 120)} instead of ${cut(want, 120)} (no state may carry from one request to the next)` };
      return "the same level in both processes, and again later";
    });
    await need("solve twice, two processes", async () => {
      const there = await b.call("solve", { level });
      const words = (s: SolveResult | null) => canonicalJson({ status: s?.status, metrics: s?.metrics ?? {}, solution: s?.solution ?? null, concepts: s?.concepts ?? [] });
      if (words(there) !== words(solved)) return { fail: `another process solved it otherwise: ${cut(words(there), 150)} instead of ${cut(words(solved), 150)}` };
      return "the same status, metrics, solution and concepts";
    });
    for (const method of OPTIONAL_METHODS) if (offers.has(method)) await need(method, () => OPTIONAL_CHECKS[method](a, b, level));
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
  return { ok: checks.every((c) => c.ok), game: game.name, file, checks };
}
