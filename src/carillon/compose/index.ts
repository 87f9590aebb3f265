// The composed first levels of Carillon (SPEC 4.6): the composer, its model and the melody.
export { composeFirstFive, type ComposeOptions, type ComposeResult, type ComposedLevelBreakdown } from "./compose-first-five.ts";
export { carillonComposeSchema, type CarillonCompose, type ChainSpec, type FigureName } from "../model/compose-model.ts";
export { loadComposeModels, type ComposeModels } from "../model/load-compose-model.ts";
export { MAJOR_SCALE, melodyWav, solutionNotes, type NoteEvent } from "./melody/melody-wav.ts";
