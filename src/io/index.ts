export * from "./atomic-write.ts";
export * from "./candidate-id.ts";
export * from "./canonical-json.ts";
export * from "./errors.ts";
export * from "./read-json-file.ts";
export * from "./round-metric.ts";
export * from "./schemas/index.ts";
