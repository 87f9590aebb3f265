import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Files that change what the process holds for the files after them: they register games in the one
// registry (an outside game's file run through the CLI registers it; some register test games
// themselves), replace a module (vi.mock) or set the environment. Each runs in a fresh worker, as
// every file did before. test/cli/stdout-stderr's and start-own-builds' `start` builds every game of the registry, so they
// run alone too. A new file that does any of these belongs here: test/architecture/shared-workers
// reads every shared file for those calls.
export const ISOLATED = [
  "test/program/**/*.test.ts",
  "test/examples/**/*.test.ts",
  "test/tiny-game/**/*.test.ts",
  "test/cli/orders.test.ts",
  "test/cli/stdout-stderr.test.ts",
  "test/cli/start-own-builds.test.ts",
  "test/pipeline/build-refine-rounds.test.ts",
  "test/pipeline/reuse-pools.test.ts",
  "test/pipeline/reuse-keep-aims.test.ts",
  "test/pipeline/build-from.test.ts",
  "test/pipeline/shard-merge.test.ts",
  "test/reliability/bad-input.test.ts",
  "test/reliability/hostile-program.test.ts",
  "test/select/highs-abort.test.ts",
  "test/library/option-route.test.ts",
  "test/report/hostile-picture-browser.test.ts",
];

// Vitest runs test files on (cores − 1) workers by default: one on the 2-core machines CI and most
// designers use, with the other core idle while a file waits on a child process. Many of our files
// spawn the CLI or a game program, so two files at a time keep both cores busy (the suite's wall
// time on 2 cores, measured: README, "The two commands"); three workers on 2 cores were slower.
//
// Every other file shares its worker with the files before it (isolate: false): each fresh worker
// loads and evaluates levelramp's module graph and its dependencies (zod schemas, vega, HiGHS)
// again, which was a third of the suite's CPU time. Those files only read what the modules hold
// (settings, models and caches of pure functions), so sharing them changes no answer.
//
// No test is timed (speed targets live in benchmarks): the per-test limit only ends a test that
// hangs, and is long enough that a loaded machine does not fail a test that works.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "shared", include: ["test/**/*.test.ts"], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
