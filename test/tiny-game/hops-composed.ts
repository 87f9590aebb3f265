// "Hops" with a composer, for the sharding tests: its first levels are short
// rows drawn on the composing stream, so a composed set often holds two rows
// that are the same puzzle (composed again on the next stream), and short
// grown rows often repeat a composed one (dropped, then extra rounds).
import type { GameBackend } from "../../src/game/game-backend.ts";
import { hopsGame, type HopsBody } from "./hops.ts";

export const hopsComposedGame: GameBackend<HopsBody, number[], string, null> = {
  ...hopsGame,
  game: "hopsc",
  can: { ...hopsGame.can, compose: true },
  composeFirst(count, rng, stats) {
    const levels = [];
    while (levels.length < count) {
      const g = hopsGame.generate({ chapter: 1, part: 1, level: levels.length + 1, target: 1, rules: [], settings: { cells: 4 }, rng, stats });
      if (g) levels.push(g);
    }
    return levels;
  },
};
