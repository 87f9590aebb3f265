import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Vitest runs test files on (cores − 1) workers by default: one on the 2-core machines CI and most
// designers use, with the other core idle while a file waits on a child process. Many of our files
// spawn the CLI or a game program, so two files at a time keep both cores busy (the suite's wall
// time on 2 cores, measured: README, "The two commands"); three workers on 2 cores were slower.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
