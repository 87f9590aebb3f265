// Test helper: loads a Carillon fixture (a levelramp/level@1 file) by case name.
import { fileURLToPath } from "node:url";
import { loadGame } from "../../src/game/registry/load-game.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { levelFileSchema } from "../../src/io/schemas/level.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";

// A game's files (bodies, plans) parse once the registry has loaded the game.
await loadGame("carillon");

const dir = fileURLToPath(new URL("../../fixtures/carillon/", import.meta.url));

/** The body of fixtures/carillon/<name>.json. */
export function loadFixture(name: string): CarillonBody {
  return readJsonFile(levelFileSchema, `${dir}${name}.json`).level as CarillonBody;
}
