export { createRng, deriveSeed, type Rng } from "./create-rng.ts";
export { pick, randomInt } from "./random-int.ts";
export { shuffle } from "./shuffle.ts";
