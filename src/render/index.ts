export { bundledFont, type FontSet } from "./bundled-font.ts";
export { svgToPng, type SvgToPngOptions } from "./svg-to-png.ts";
