import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LevelrampError } from "../io/errors.ts";

/** A font family and the TrueType/OpenType files that hold it. */
export interface FontSet {
  /** Family name as written in the font files (used for `sans-serif`, `serif`, `monospace` and the default). */
  family: string;
  /** Absolute paths of `.ttf`/`.otf` files. */
  files: string[];
}

/**
 * The bundled font (Roboto regular and bold, OFL-1.1): `fonts/` at the
 * package root, two folders up from `src/render/` and from `dist/render/`.
 * `npm run build` copies the files there from the dev dependency
 * `@expo-google-fonts/roboto`, and the package ships them.
 */
const BUNDLED = {
  family: "Roboto",
  files: ["Roboto_400Regular.ttf", "Roboto_700Bold.ttf"],
} as const;

/**
 * The font PNG rendering uses: Roboto regular and bold, shipped in the
 * package's `fonts/` folder, so text renders the same on every machine
 * whatever fonts the system has.
 *
 * @throws LevelrampError (exit 2) `render/font: ...` naming the missing file
 *   when `fonts/` was not built (in a checkout: run `npm run build`, which
 *   `npm ci` runs).
 */
export function bundledFont(): FontSet {
  const files = BUNDLED.files.map((name) => {
    const path = fileURLToPath(new URL(`../../fonts/${name}`, import.meta.url));
    if (!existsSync(path)) {
      throw new LevelrampError(
        "render/font",
        `the bundled font file ${path} is missing (in a checkout, run npm run build; npm ci runs it). Without a font, text in PNG pictures would silently disappear.`,
        2,
      );
    }
    return path;
  });
  return { family: BUNDLED.family, files };
}
