export * from "./bundled-font.ts";
export * from "./svg-to-png.ts";
