// A child process for the reuse tests: grows one batch of the last chapter of
// each game named in argv (the game loaded afresh in this process), then
// composes its first five levels, and prints, as JSON, every file under models/
// opened while the game loaded and grew the batch (`<game>`), and while it
// composed (`<game>/compose`).
// What a batch reads is what its key must cover (docs/pipeline.md "Pools
// reused"). The recording wraps fs.openSync, the door every input goes
// through (src/io/read-text-file.ts), after the plans are read and before any
// game module loads.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

type PlanChapter = { chapter: number; rules: string[]; parts: Array<{ part: number; generator: unknown }> };
const games = process.argv.slice(2);
// the plans, read before the recording: only to pick each game's part and settings, which a batch is handed
const plans = games.map((game) => JSON.parse(fs.readFileSync(new URL(`../../models/${game}/plan.json`, import.meta.url), "utf8")) as { chapters: PlanChapter[] });

const opened: string[] = [];
const open = fs.openSync as (...a: unknown[]) => number;
fs.openSync = ((path: fs.PathLike, ...rest: unknown[]) => {
  opened.push(String(path));
  return open(path, ...rest);
}) as typeof fs.openSync;
syncBuiltinESMExports();

const { openGame } = await import("../../src/game/registry/open-game.ts");
const { growBatch, runComposeTask } = await import("../../src/pipeline/workers/pipeline-task.ts");
const underModels = () => [...new Set(opened.filter((f) => f.includes("/models/")).map((f) => f.slice(f.indexOf("/models/") + 1)))].sort();
const files: Record<string, string[]> = {};
for (const [i, game] of games.entries()) {
  opened.length = 0;
  const backend = await openGame(game);
  const chapter = plans[i].chapters[plans[i].chapters.length - 1];
  const p = chapter.parts[0];
  const settings = backend.generatorSchema.parse(p.generator) as Record<string, unknown>;
  await growBatch(backend, { kind: "grow", game, seed: 1, chapter: chapter.chapter, part: p.part, batch: 0, level: { number: 290, target: Number(process.env.AIM ?? 20) }, count: 1, rules: chapter.rules, settings, attempts: 1, metric: process.env.METRIC });
  files[game] = underModels();
  opened.length = 0;
  await runComposeTask(backend, { kind: "compose", game, seed: 1, count: 5, attempt: 0 });
  files[`${game}/compose`] = underModels();
}
process.stdout.write(JSON.stringify(files) + "\n");
