// The registry: the one list of the games (../registry.ts) and what loads them from it.
export { findGame, gameNames, gameSource, isGameFile, loadGame, loadGameFrom, registerGame, requireGame } from "./load-game.ts";
export { openGameFile } from "./open-game-file.ts";
export { gameNamedIn, readGameFile, readGameLevelInput, readGameLevelsSource, readGamePool, readGamePoolLevels } from "./read-game-file.ts";
export { dedupThresholdsSchema, loadDedupThresholds, type DedupThresholds } from "./load-dedup-thresholds.ts";
export { formatNames, formatSchema } from "./game-formats.ts";
export { openGame } from "./open-game.ts";
