import { availableParallelism } from "node:os";

/** The default worker count: the machine's available parallelism. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** The most worker threads a run may ask for (SPEC 2 resource bounds): 4 × the machine's cores, at most 64. */
export function maxWorkers(): number {
  return Math.min(64, 4 * availableParallelism());
}
