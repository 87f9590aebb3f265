// The contract every game back end meets (Tatham's struct game). The registry (registry.ts, the one
// list, and registry/, which loads from it) sits above the games it lists, so it is not re-exported
// here: import it from ./registry/index.ts.
export { checkGameBackend, type GameBackend, type GameCapabilities, type GameTraits, type BackendDedup, type GenerateRequest, type GeneratedLevel, type LevelProblem } from "./game-backend.ts";
export { dedupOverRecords, type RecordDedupParts } from "./dedup-over-records.ts";
export { gameFromBackend } from "./game-from-backend.ts";
export { type Game, type GameDedup, type GameModels, type GameSource } from "./game.ts";
export { addIfNewLevel } from "./add-if-new-level.ts";
