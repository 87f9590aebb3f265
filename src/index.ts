// levelramp's library (SPEC 8): the designer's API, listed by name — the jobs the CLI runs (each takes parsed inputs
// and returns results: the CLI reads, calls one, prints), the file formats, the games, and the few parts a designer
// composes by hand. test/architecture/root-export.test.ts holds it to at most 80 names, each documented.
// The rest of each layer is its subpath (package.json "exports"): levelramp/io, /random, /game (the contract),
// /registry, /select, /dedup, /render, /calibrate, /pipeline, /report (their folders' index.ts); each game's own
// API is levelramp/<game>. The root knows no game.
//
// The jobs
export {
  buildLevelSet,
  checkLevelSetFolder,
  compareLevels,
  drawLevel,
  generatePools,
  generateShard,
  loadPipelineOptions,
  measureLevel,
  mergeShards,
  readPlayLevels,
  readShards,
  selectLevels,
  verifyLevels,
  writeLevelSet,
  type LevelSet,
  type LevelSetOptions,
  type SelectLevelsInputs,
  type SelectLevelsOptions,
  type SelectedLevels,
  type VerifyResult,
} from "./pipeline/index.ts";
export { reportLevels, type ReportInputs, type ReportOptions, type ReportedLevels } from "./report/index.ts";
export { calibrate, readCalibration, readPlays, type CalibrateOptions, type Plays } from "./calibrate/index.ts";
export { checkGameProgram, type GameCheckResult } from "./program/check-game-program.ts";
// The file formats (SPEC 3): their types, schemas and readers; errors; atomic writes; the selection's defaults
export {
  InputError,
  LevelrampError,
  NoAnswerError,
  SELECT_DEFAULTS,
  calibrationSchema,
  levelsSchema,
  modelSchema,
  planSchema,
  poolSchema,
  rampSchema,
  readJsonFile,
  readPool,
  readPoolFile,
  writeFileAtomic,
  type Calibration,
  type Candidate,
  type Constraint,
  type LevelsFile,
  type Model,
  type Plan,
  type Pool,
  type Ramp,
  type Remedy,
  type ShippedLevel,
} from "./io/index.ts";
// Injected randomness
export { createRng, type Rng } from "./random/index.ts";
// The games: the contract, and opening one by name or game file (SPEC 8, 10)
export { checkGameBackend, gameFromBackend, type Game, type GameBackend } from "./game/index.ts";
export { gameNames, openGame, readGameFile, readGameLevelInput, readGameLevelsSource, readGamePool } from "./game/registry/index.ts";
// Selection by hand (SPEC 6)
export {
  SelectionNoAnswer,
  buildProblem,
  findBreaks,
  solveSelection,
  toLevelsFile,
  type Selection,
  type SelectionInputs,
  type SolveOptions,
  type SolverChoice,
} from "./select/index.ts";
// Reports by hand
export { deviationReport, diffLevels, renderHtmlReport } from "./report/index.ts";
// SVG to PNG
export { svgToPng } from "./render/index.ts";
