// levelramp's library (SPEC 8): everything the CLI does, as typed functions.
export * from "./io/index.ts";
export * from "./random/index.ts";
export * from "./select/index.ts";
export * from "./report/index.ts";
export * from "./game/index.ts";
export * from "./carillon/index.ts";
export * from "./apsis/index.ts";
export * from "./dedup/index.ts";
export * from "./render/index.ts";
export * from "./pipeline/index.ts";
