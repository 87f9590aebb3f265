import { checkLevelBody } from "../../game/check-level-body.ts";
import type { Game } from "../../game/game.ts";
import { InputError } from "../../io/errors.ts";
import type { LevelInput } from "../../io/read-level-input.ts";
import { svgToPng } from "../../render/svg-to-png.ts";

/** How {@link drawLevel} draws. */
export interface DrawLevelOptions {
  /** Overlay the solution (taps in order, rounds): the stored one, else the game's solve's. Default false. */
  solution?: boolean;
  /** `svg` (default) or `png`: rendered with resvg and the bundled font (`svgToPng`), so text never disappears. */
  format?: "svg" | "png";
  /** A PNG's width or height in pixels (the other follows the picture's shape); default the SVG's own size. */
  width?: number;
  height?: number;
}

/** A drawn level: its title (`<game> level <n> · <id>`, as the picture shows it) and the picture's bytes. */
export interface LevelPicture {
  title: string;
  /** SVG text, or PNG bytes. */
  data: string | Uint8Array;
}

/**
 * The `show` job (SPEC 2): one level as a picture — its body checked against
 * its game (`checkLevelBody`), the solution overlaid when asked (the stored
 * one, else solved), titled with the game, the level's number and id, drawn
 * by the game (`game.picture`) and, for `png`, rendered (`svgToPng`).
 *
 * @param game the level's game; it must draw its levels (`game.picture`).
 * @param input the level as read (`readGameLevelInput`).
 * @returns the title and the picture: SVG text, or PNG bytes (pixels: `width` or `height`, else the SVG's own size).
 * @throws InputError (exit 2) for a game without pictures, a body that is not
 *   a level of `game`, `width` and `height` both given or given for an SVG;
 *   what `svgToPng` throws for a size past its bounds.
 */
export async function drawLevel(game: Game, input: LevelInput, options: DrawLevelOptions = {}): Promise<LevelPicture> {
  const module = "pipeline/show";
  const png = options.format === "png";
  const { width, height } = options;
  if (width !== undefined && height !== undefined) throw new InputError(module, "give width or height, not both (the other follows the picture's shape)");
  if (!png && (width !== undefined || height !== undefined)) throw new InputError(module, `${width !== undefined ? "width" : "height"} is for a PNG (format "png"); an SVG has no pixel size`);
  if (!game.picture) throw new InputError(module, `expected a game that draws its levels; ${input.game} has no picture`);
  const body = checkLevelBody(game, input.body, { file: input.file, jsonPath: input.bodyPath }, module);
  const solution = options.solution ? (input.solution ?? (await game.solve(body)).solution) : undefined;
  const title = `${input.game}${input.number ? ` level ${input.number}` : ""}${input.id ? ` · ${input.id}` : ""}`;
  const svg = await game.picture(body, { solution, title });
  return { title, data: png ? svgToPng(svg, { width, height }) : svg };
}
