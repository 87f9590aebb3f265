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
  /** Height of the PNG in pixels instead (the width follows); not with `width`. */
  height?: number;
  /** Fonts to render text with. Default: {@link bundledFont} (Roboto). */
  font?: FontSet;
  /** Background colour (CSS colour). Default: transparent where the SVG paints nothing. */
  background?: string;
}

/** The largest PNG side rendered, in pixels (SPEC 2 resource bounds: 8,000 × 8,000 × 4 bytes is 256 MB). */
export const MAX_PICTURE_PX = 8000;

/**
 * Renders an SVG document (a level picture or a plot) to PNG bytes with
 * resvg. The font is always given explicitly — system fonts are not loaded —
 * so text renders, and renders the same, on every machine: every generic
 * family (`sans-serif`, `serif`, `monospace`, and unnamed text) maps to the
 * font set's family. Glyphs the font lacks are left out (Roboto covers Latin,
 * Greek, Cyrillic and common symbols).
 *
 * @param svg the SVG source (UTF-8 text).
 * @param options `width` or `height` in pixels (a positive integer; default the SVG's own size), `font`, `background`.
 * @returns the PNG file's bytes.
 * @throws LevelrampError (exit 2) `render/svg-to-png: ...` for a width or height that is not a positive
 *   integer, a picture whose width or height would pass {@link MAX_PICTURE_PX},
 *   a font file that does not exist, or SVG that resvg cannot parse;
 *   `render/font: ...` when the bundled font is not installed.
 */
export function svgToPng(svg: string, options: SvgToPngOptions = {}): Uint8Array {
  const { width, height } = options;
  for (const [name, v] of [["width", width], ["height", height]] as const) {
    if (v !== undefined && !(Number.isInteger(v) && v > 0 && v <= MAX_PICTURE_PX)) {
      throw new LevelrampError("render/svg-to-png", `expected ${name} to be a whole number of pixels from 1 to ${MAX_PICTURE_PX.toLocaleString("en-US")}; got ${v}`, 2);
    }
  }
  if (width !== undefined && height !== undefined) throw new LevelrampError("render/svg-to-png", "expected width or height, not both (the other follows the picture's shape)", 2);
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
      fitTo: width !== undefined ? { mode: "width", value: width } : height !== undefined ? { mode: "height", value: height } : { mode: "original" },
      background: options.background,
      logLevel: "off",
    });
  } catch (err) {
    throw new LevelrampError("render/svg-to-png", `could not read the SVG: ${err instanceof Error ? err.message : String(err)}`, 2);
  }
  // The size the picture will have, before a single pixel is allocated.
  const scale = width !== undefined ? width / resvg.width : height !== undefined ? height / resvg.height : 1;
  const [w, h] = [Math.ceil(resvg.width * scale), Math.ceil(resvg.height * scale)];
  if (!(w <= MAX_PICTURE_PX && h <= MAX_PICTURE_PX)) {
    throw new LevelrampError("render/svg-to-png", `expected a picture of at most ${MAX_PICTURE_PX.toLocaleString("en-US")} × ${MAX_PICTURE_PX.toLocaleString("en-US")} pixels; this one would be ${w} × ${h} (give a smaller width or height)`, 2);
  }
  const png = resvg.render().asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
