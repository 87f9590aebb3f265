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

/**
 * Deepest nesting of arrays and objects read from JSON (a file or a game
 * program's answer): 64. levelramp's deepest format (a shard: task, result,
 * candidate, body, dot, mark, step) nests about 10 deep; 100,000 `[` would
 * otherwise overflow the stack of every recursive step after the parse
 * (writing it back, hashing it, the error locator), an internal error.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Largest `--time-limit` (seconds): 1,000,000 s, about 11.5 days. Node's
 * timers hold at most 2^31 − 1 ms (about 24.8 days): a longer delay fires at
 * once (after 1 ms), which would end every solve with a timeout.
 */
export const MAX_TIME_LIMIT_SECONDS = 1_000_000;

/** Smallest `--time-limit` (seconds): 0.001 s, Node's timer resolution. */
export const MIN_TIME_LIMIT_SECONDS = 0.001;

/**
 * Largest `--min-moves` tolerance (objective units): 1e15. An objective of
 * bounded inputs stays below 2e15 (a million levels, each at most 2e9 off);
 * past about 9e15 doubles no longer add small numbers exactly.
 */
export const MAX_TOLERANCE = 1e15;

/**
 * Smallest `maxRun` precision: 1e-6. Metrics are stored rounded to 6
 * decimals (SPEC 2), so a finer precision changes nothing but lets
 * `v / precision` overflow to Infinity (every value one bucket).
 */
export const MIN_RUN_PRECISION = 1e-6;

/** Largest level number an option names (`--level`, `--keep-until`): level numbers in files are at most {@link NUMBER_LIMIT} too. */
export const MAX_LEVEL_NUMBER = NUMBER_LIMIT;
