import { fileURLToPath } from "node:url";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import type { ApsisBody } from "../../src/io/schemas/apsis-body.ts";
import { levelFileSchema } from "../../src/io/schemas/level.ts";

/** Reads `fixtures/apsis/<name>.json` (a `levelramp/level@1` file) and returns its Apsis body. */
export function loadFixture(name: string): ApsisBody {
  const file = fileURLToPath(new URL(`../../fixtures/apsis/${name}.json`, import.meta.url));
  const level = readJsonFile(levelFileSchema, file);
  if (level.game !== "apsis") throw new Error(`${name} is not an Apsis level`);
  return level.level as ApsisBody;
}
