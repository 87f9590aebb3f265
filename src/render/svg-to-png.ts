import type { Resvg } from "@resvg/resvg-js";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { LevelrampError } from "../io/errors.ts";
import { bundledFont, type FontSet } from "./bundled-font.ts";

// resvg (a native addon, CommonJS) is loaded on the first render only, with
// `require` so that svgToPng stays synchronous.
let resvgClass: typeof Resvg | undefined;
function loadResvg(): typeof Resvg {
  resvgClass ??= (createRequire(import.meta.url)("@resvg/resvg-js") as typeof import("@resvg/resvg-js")).Resvg;
  return resvgClass;
}

/** Options of {@link svgToPng}. */
export interface SvgToPngOptions {
  /** Width of the PNG in pixels; the height follows the SVG's aspect ratio. Default: the SVG's own width (user units = pixels). */
  width?: number;
  /** Fonts to render text with. Default: {@link bundledFont} (Roboto). */
  font?: FontSet;
  /** Background colour (CSS colour). Default: transparent where the SVG paints nothing. */
  background?: string;
}

/**
 * Renders an SVG document (a level picture or a plot) to PNG bytes with
 * resvg. The font is always given explicitly — system fonts are not loaded —
 * so text renders, and renders the same, on every machine: every generic
 * family (`sans-serif`, `serif`, `monospace`, and unnamed text) maps to the
 * font set's family. Glyphs the font lacks are left out (Roboto covers Latin,
 * Greek, Cyrillic and common symbols).
 *
 * @param svg the SVG source (UTF-8 text).
 * @param options `width` in pixels (a positive integer; default the SVG's width), `font`, `background`.
 * @returns the PNG file's bytes.
 * @throws LevelrampError (exit 2) `render/svg-to-png: ...` for a width that is not a positive
 *   integer, a font file that does not exist, or SVG that resvg cannot parse;
 *   `render/font: ...` when the bundled font is not installed.
 */
export function svgToPng(svg: string, options: SvgToPngOptions = {}): Uint8Array {
  const { width } = options;
  if (width !== undefined && !(Number.isInteger(width) && width > 0)) {
    throw new LevelrampError("render/svg-to-png", `expected width to be a positive whole number of pixels; got ${width}`, 2);
  }
  const font = options.font ?? bundledFont();
  for (const f of font.files) {
    if (!existsSync(f)) throw new LevelrampError("render/svg-to-png", `font file ${f} does not exist`, 2);
  }
  const ResvgClass = loadResvg();
  let resvg: Resvg;
  try {
    resvg = new ResvgClass(svg, {
      font: {
        loadSystemFonts: false,
        fontFiles: font.files,
        defaultFontFamily: font.family,
        sansSerifFamily: font.family,
        serifFamily: font.family,
        monospaceFamily: font.family,
        cursiveFamily: font.family,
        fantasyFamily: font.family,
      },
      fitTo: width === undefined ? { mode: "original" } : { mode: "width", value: width },
      background: options.background,
      logLevel: "off",
    });
  } catch (err) {
    throw new LevelrampError("render/svg-to-png", `could not read the SVG: ${err instanceof Error ? err.message : String(err)}`, 2);
  }
  const png = resvg.render().asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
