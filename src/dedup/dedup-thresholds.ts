import { fileURLToPath } from "node:url";
import { z } from "zod";

/**
 * The game-free numbers of `models/dedup/thresholds.json` (SPEC 7): the file's
 * format tag and the work limit of one canonical labelling. Each game adds
 * its own section under its name (its `dedup.thresholdsSchema`); the registry
 * puts the whole file's schema together.
 */
export const dedupThresholdsShape = {
  format: z.literal("levelramp/dedup@1"),
  /** Work limit of one canonical labelling (search-tree nodes) before it fails (default 200000). */
  canonicalSearchNodes: z.number().int().positive(),
};

/** The package's thresholds file, `models/dedup/thresholds.json`, as a path. */
export const dedupThresholdsFile = fileURLToPath(new URL("../../models/dedup/thresholds.json", import.meta.url));
