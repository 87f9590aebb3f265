/** The model files of an outside game, as its game file names them (joined with the game file's folder). */
export interface GameModelFiles {
  plan: string;
  ramp: string;
  selection: string;
}

const byGame = new Map<string, GameModelFiles>();

/**
 * Notes the plan, ramp and selection model of an outside game (SPEC 10), so
 * a command's defaults (`models/<game>/...` for a built-in game) are its
 * game file's. The registry calls it when it registers a game file; this
 * module imports nothing, so a command that only needs the defaults (`select`)
 * loads no game.
 */
export function setGameModelFiles(game: string, files: GameModelFiles): void {
  byGame.set(game, files);
}

/** The model files of an outside game registered in this thread; `undefined` for any other game. */
export function gameModelFiles(game: string): GameModelFiles | undefined {
  return byGame.get(game);
}
