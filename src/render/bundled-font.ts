import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { LevelrampError } from "../io/errors.ts";

/** A font family and the TrueType/OpenType files that hold it. */
export interface FontSet {
  /** Family name as written in the font files (used for `sans-serif`, `serif`, `monospace` and the default). */
  family: string;
  /** Absolute paths of `.ttf`/`.otf` files. */
  files: string[];
}

/** The npm package and files of the bundled font (Roboto, OFL-1.1). */
const BUNDLED = {
  family: "Roboto",
  files: ["@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf", "@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf"],
} as const;

/**
 * The font PNG rendering uses: Roboto regular and bold, shipped as TrueType
 * files by the npm package `@expo-google-fonts/roboto` (a dependency), so text
 * renders the same on every machine whatever fonts the system has.
 *
 * @throws LevelrampError (exit 2) `render/font: ...` naming the missing file
 *   when the package is not installed (run `npm ci`).
 */
export function bundledFont(): FontSet {
  const require = createRequire(import.meta.url);
  const files = BUNDLED.files.map((spec) => {
    let path: string | undefined;
    try {
      path = require.resolve(spec);
    } catch {
      path = undefined;
    }
    if (!path || !existsSync(path)) {
      throw new LevelrampError(
        "render/font",
        `the bundled font file ${spec} is missing (the npm package @expo-google-fonts/roboto is not installed; run npm ci). Without a font, text in PNG pictures would silently disappear.`,
        2,
      );
    }
    return path;
  });
  return { family: BUNDLED.family, files };
}
