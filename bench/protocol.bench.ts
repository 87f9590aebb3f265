// What the protocol of SPEC 10 costs (docs/protocol.md): one call through the
// asynchronous client (pipes + the program), candidates per
// second through the wire against the same generator called in this process
// (the Node example, examples/rush-hour), the de-duplication check of one
// candidate against a growing set of chosen levels when every pair asks the
// program's `similar` (or once, `similarMany`), and long lines: split by the
// line reader against the earlier splitter (bench/baselines/split-lines.ts),
// and through the connection from a real program, a 200 MB line refused.
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DedupIndex } from "../src/dedup/dedup-index.ts";
import type { DedupComparison } from "../src/dedup/dedup-types.ts";
import type { Game } from "../src/game/game.ts";
import { openGame } from "../src/game/registry/open-game.ts";
import { LineReader } from "../src/program/line-reader.ts";
import { MAX_LINE_BYTES, ProgramConnection } from "../src/program/program-connection.ts";
import { createRng, deriveSeed } from "../src/random/create-rng.ts";
import { SplitLines } from "./baselines/split-lines.ts";
import type { BenchCase, BenchSuite } from "./harness.ts";

const rushHourFile = fileURLToPath(new URL("../examples/rush-hour/game.json", import.meta.url));
const rushHourPuzzle = new URL("../examples/rush-hour/puzzle.mjs", import.meta.url);
const hopsFile = fileURLToPath(new URL("../fixtures/program/hops-game.json", import.meta.url));

/** The example's first part's generator settings (its plan). */
async function rushHourSettings(): Promise<Record<string, unknown>> {
  const { readFileSync } = await import("node:fs");
  const plan = JSON.parse(readFileSync(new URL("../examples/rush-hour/models/plan.json", import.meta.url), "utf8"));
  return plan.chapters[0].parts[0].generator ?? {};
}

const rush = () => openGame(rushHourFile);
const hop = () => openGame(hopsFile);

/** `count` candidates through the game value as the pipeline grows them: seeds of one part, generate then solve (the value's generate does both). */
async function growThroughGame(game: Game, settings: Record<string, unknown>, count: number, round: number) {
  let kept = 0;
  const stats: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const index = round * count + i;
    const got = await game.generate({ chapter: 1, part: 1, level: 1, target: 3, metric: "moves", rules: [], settings, rng: createRng("bench"), stats, seed: deriveSeed("bench", 1, 1, index), index });
    if (got) kept++;
  }
  return { kept };
}

let round = 0;
const CANDIDATES = 20;

const cases: BenchCase<any>[] = [
  {
    name: "one call through the client (hops key: two pipes, a Node program)",
    setup: () => hop(),
    repeat: 21,
    run: async (game: Game) => {
      for (let i = 0; i < 100; i++) await game.dedup.prepare({ cells: [2, 1, 2, 1, 1 + (i % 5)] });
      return { calls: 200, note: "100 prepares = 100 key + 100 graph calls; per call = median / 200" };
    },
    teardown: (game: Game) => game.close(),
  },
];

if (existsSync(rushHourFile)) {
  cases.push(
    {
      name: `rush-hour: ${CANDIDATES} candidates through the wire (generate + solve)`,
      setup: async () => ({ game: await rush(), settings: await rushHourSettings() }),
      repeat: 11,
      run: ({ game, settings }) => growThroughGame(game, settings, CANDIDATES, round++),
      teardown: ({ game }) => game.close(),
    },
    {
      name: `rush-hour: the same ${CANDIDATES} candidates in this process (generateLevel + solveLevel)`,
      setup: async () => ({ puzzle: await import(pathToFileURL(fileURLToPath(rushHourPuzzle)).href), settings: await rushHourSettings() }),
      repeat: 11,
      run: ({ puzzle, settings }) => {
        let kept = 0;
        const r = round++;
        for (let i = 0; i < CANDIDATES; i++) {
          const made = puzzle.generateLevel(deriveSeed("bench", 1, 1, r * CANDIDATES + i), settings, { metric: "moves", target: 3 });
          if (made.level !== null && puzzle.solveLevel(made.level).status === "solved") kept++;
        }
        return { kept };
      },
    },
  );
}

/** A dedup index of `n` chosen hop rows (distinct, none similar to the candidates), and candidates that repeat none (a new one each run: no answer is kept from an earlier run). */
function similarCase(n: number): BenchCase<{ game: Game; index: DedupIndex<unknown, unknown, DedupComparison<unknown>> }> {
  let run = 0;
  return {
    name: `similar: one candidate against ${n.toLocaleString("en-US")} chosen levels (hops: one similarMany call of ${n} levels)`,
    setup: async () => {
      const game = await hop();
      const index = new DedupIndex<unknown, unknown, DedupComparison<unknown>>(game.dedup.hooks);
      const rng = createRng(`similar-${n}`);
      const seen = new Set<string>();
      while (index.size < n) {
        const cells = [9, ...Array.from({ length: 11 }, () => 1 + Math.floor(rng() * 9))];
        const key = cells.join();
        if (seen.has(key)) continue;
        seen.add(key);
        index.addPrepared(key, await game.dedup.prepare({ cells }));
      }
      return { game, index };
    },
    repeat: 11,
    run: async ({ game, index }) => {
      const before = index.stats.pairsCompared;
      const candidate = await game.dedup.prepare({ cells: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2 + run++] });
      await game.dedup.ask!(candidate, index.bucketOf(candidate), true);
      const verdict = index.checkPrepared(candidate);
      if (verdict.same) throw new Error("bench/protocol: the candidate should repeat no chosen level");
      return { similarCalls: index.stats.pairsCompared - before };
    },
    teardown: ({ game }) => game.close(),
  };
}
for (const n of [100, 400, 1600]) cases.push(similarCase(n));

const MIB = 1024 * 1024;
/** One JSON line of about `mib` MiB (a string member), cut in the 64 KiB chunks a pipe gives. */
function lineChunks(mib: number): Buffer[] {
  const line = Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"pad":"${"x".repeat(mib * MIB - 48)}"}}\n`);
  return Array.from({ length: Math.ceil(line.length / 65536) }, (_, i) => line.subarray(i * 65536, (i + 1) * 65536));
}
for (const mib of [4, 16, 32]) {
  cases.push(
    {
      name: `a ${mib} MiB line in 64 KiB chunks: the line reader (one pass, decoded once)`,
      setup: () => lineChunks(mib),
      repeat: 5,
      run: (chunks: Buffer[]) => {
        const reader = new LineReader(MAX_LINE_BYTES);
        let lines = 0;
        for (const c of chunks) lines += reader.push(c).length;
        return { lines };
      },
    },
    {
      name: `a ${mib} MiB line in 64 KiB chunks: the earlier splitter (concatenate and split per chunk)`,
      setup: () => lineChunks(mib).map((c) => c.toString("latin1")),
      repeat: mib > 4 ? 1 : 3,
      warmup: 1,
      run: (chunks: string[]) => {
        const splitter = new SplitLines(MAX_LINE_BYTES);
        let lines = 0;
        for (const c of chunks) {
          const got = splitter.push(c);
          if (got !== "too-long") lines += got.length;
        }
        return { lines };
      },
    },
  );
}

/** A Node program that answers each request line with one line of `bytes` bytes (a JSON string), ending it unless `endless`. */
function bigLineProgram(bytes: number): string {
  const file = join(tmpdir(), `levelramp-bench-line-${bytes}.mjs`);
  writeFileSync(
    file,
    `import { createInterface } from "node:readline";
const chunk = "x".repeat(1 << 20);
process.stdout.on("error", () => process.exit(0)); // refused and ended: nothing more to write
createInterface({ input: process.stdin }).on("line", (l) => {
  const id = JSON.parse(l).id;
  let left = ${bytes} - 64;
  process.stdout.write('{"jsonrpc":"2.0","id":' + id + ',"result":{"pad":"');
  const pump = () => {
    while (left > 0) { const n = Math.min(left, chunk.length); left -= n; if (!process.stdout.write(n === chunk.length ? chunk : chunk.slice(0, n))) return process.stdout.once("drain", pump); }
    process.stdout.write('"}}\\n');
  };
  pump();
});
`,
  );
  return file;
}
for (const mib of [1, 16, 60]) {
  cases.push({
    name: `a ${mib} MiB response line through the connection (a Node program writes it)`,
    setup: () => new ProgramConnection({ argv: [process.execPath, bigLineProgram(mib * MIB)], cwd: tmpdir(), timeoutMs: 120_000, label: "bench" }),
    repeat: 5,
    run: async (connection: ProgramConnection) => {
      const reply = await connection.exchange('{"jsonrpc":"2.0","id":1,"method":"hello","params":{}}');
      if (!reply.ok) throw new Error(`bench/protocol: ${reply.fault.kind}`);
      return { characters: reply.line.length };
    },
    teardown: (connection: ProgramConnection) => connection.close(),
  });
}
cases.push({
  name: "a 200 MB response line refused once 64 MiB came (a Node program writes it; a new program each run)",
  repeat: 5,
  run: async () => {
    const connection = new ProgramConnection({ argv: [process.execPath, bigLineProgram(200_000_000)], cwd: tmpdir(), timeoutMs: 120_000, label: "bench" });
    const reply = await connection.exchange('{"jsonrpc":"2.0","id":1,"method":"hello","params":{}}');
    await connection.close();
    if (reply.ok || reply.fault.kind !== "too-long") throw new Error("bench/protocol: expected the line refused");
    return { refused: reply.fault.kind };
  },
});

export const suite: BenchSuite = { name: "protocol", cases };
