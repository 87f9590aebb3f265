// The game-free core of de-duplication (SPEC 7): the index of chosen levels, comparisons, canonical labelling, matching.
export { DedupIndex, type DedupGame, type DedupHooks, type DedupIndexStats, type DedupVerdict } from "./dedup-index.ts";
export { pairSame, pairsSame } from "./pair-same.ts";
export { type DedupComparison, type DedupReason, type MatchBasis } from "./dedup-types.ts";
export { dedupThresholdsFile, dedupThresholdsShape } from "./dedup-thresholds.ts";
export { canonicalLabel, canonicalLabelLists, graphToLists, type CanonicalLabelOptions, type CanonicalLabelling, type CanonicalListsForm, type LabelledLists } from "./canonical-label.ts";
export { inLists, indexedGraphLists } from "./indexed-graph-lists.ts";
export { hopcroftKarp, type BipartiteMatching } from "./hopcroft-karp.ts";
export { shortHash } from "./short-hash.ts";
