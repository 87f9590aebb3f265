export * from "./canonical-label.ts";
export * from "./colour-refinement.ts";
export * from "./dedup-index.ts";
export * from "./dedup-thresholds.ts";
export * from "./dedup-types.ts";
export * from "./hopcroft-karp.ts";
export * from "./indexed-graph-lists.ts";
export * from "./short-hash.ts";
