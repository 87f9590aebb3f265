/**
 * Play data ready to fit (SPEC 11), read from a plays CSV by `readPlays` or
 * built in code. Levels are indexed 0..L−1 in level-number order; rows point
 * at them by index.
 */
export interface Plays {
  /** `levels`: one row per level; `rasch`: one row per (player, level). */
  kind: "levels" | "rasch";
  /** The metric the fit is about (a key of every level's `metrics`). */
  metric: string;
  /** The levels that have plays, in level-number order. */
  levels: PlayedLevel[];
  /** One row per level (`levels`) or per (player, level) (`rasch`). */
  rows: PlayRow[];
  /** Player names, indexed by `PlayRow.player` (`rasch` only; empty otherwise). */
  players: string[];
  /** The identity of every level of the levels the plays are about, played or not (`levelsDigest`), when read from a file. */
  levelsDigest?: string;
}

/** A level of the levels file that has plays. */
export interface PlayedLevel {
  /** Global level number (SPEC 2). */
  number: number;
  /** Candidate id. */
  id: string;
  /** The measured metric `m` (the levels file's stored value). */
  metric: number;
}

/** Attempts and wins, for one level or one player on one level. */
export interface PlayRow {
  /** Index into `Plays.levels`. */
  level: number;
  /** Index into `Plays.players` (`rasch`), or −1. */
  player: number;
  /** Attempts made (integer ≥ 0). */
  attempts: number;
  /** Attempts won (integer, 0 ≤ wins ≤ attempts). */
  wins: number;
  /** 1-based CSV line the row came from (0 when built in code). */
  line: number;
}
