/**
 * The bounds every input is held to (SPEC 2): numbers read from files are
 * finite and within ±{@link NUMBER_LIMIT}; a file above
 * {@link MAX_INPUT_BYTES} is refused before it is read.
 */

/** Every number in a file (models, ramps, plans, pools, levels, level bodies) lies within ±1e9. */
export const NUMBER_LIMIT = 1e9;

/**
 * Largest input file read (64 MiB): a whole 20-chapter Carillon build's
 * pools.json is about 5 MiB, so this is over ten times what a real pool
 * needs, and far below what would exhaust memory while parsing.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/**
 * Most levels a plan may hold in all (and `--keep` ranges may name): a
 * million, far above any game's level count; a plan of 1e9 levels in one part
 * used to fill the heap until Node died of it.
 */
export const MAX_PLAN_LEVELS = 1_000_000;

/** Most candidates a plan part may ask for per level (`poolPerLevel`); real plans ask for 3 to 8. */
export const MAX_POOL_PER_LEVEL = 1_000;

/** A byte count in words, e.g. `64 MiB`, `3.2 KiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = bytes;
  let u = -1;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[u]}`;
}
