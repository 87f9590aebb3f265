// No imports, no Node: the model schema, the selection engine and the browser editor's bundle share it.

/**
 * The name a `maxRun` gives to read the levels' concept sets (SPEC 12)
 * instead of a metric: `{"type": "maxRun", "key": "concepts", "length": 3}`.
 * No other constraint reads it, and it is no metric a model may name.
 */
export const CONCEPTS_KEY = "concepts";
