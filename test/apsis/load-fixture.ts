import { fileURLToPath } from "node:url";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import type { ApsisBody } from "../../src/apsis/level/apsis-body.ts";
import { levelFileSchemaOf } from "../../src/io/schemas/level.ts";
import { apsisBackend } from "../../src/apsis/apsis-backend.ts";

// A game's files parse with its body schema.
const apsisLevel = levelFileSchemaOf({ name: "apsis", bodySchema: apsisBackend.bodySchema });

/** Reads `fixtures/apsis/<name>.json` (a `levelramp/level@1` file) and returns its Apsis body. */
export function loadFixture(name: string): ApsisBody {
  const file = fileURLToPath(new URL(`../../fixtures/apsis/${name}.json`, import.meta.url));
  const level = readJsonFile(apsisLevel, file);
  if (level.game !== "apsis") throw new Error(`${name} is not an Apsis level`);
  return level.level as ApsisBody;
}
