import { fileURLToPath } from "node:url";
import { loadGame } from "../../src/game/registry/load-game.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import type { ApsisBody } from "../../src/apsis/level/apsis-body.ts";
import { levelFileSchema } from "../../src/io/schemas/level.ts";

// A game's files (bodies, plans) parse once the registry has loaded the game.
await loadGame("apsis");

/** Reads `fixtures/apsis/<name>.json` (a `levelramp/level@1` file) and returns its Apsis body. */
export function loadFixture(name: string): ApsisBody {
  const file = fileURLToPath(new URL(`../../fixtures/apsis/${name}.json`, import.meta.url));
  const level = readJsonFile(levelFileSchema, file);
  if (level.game !== "apsis") throw new Error(`${name} is not an Apsis level`);
  return level.level as ApsisBody;
}
