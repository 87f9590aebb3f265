export * from "./create-rng.ts";
export * from "./random-int.ts";
export * from "./shuffle.ts";
