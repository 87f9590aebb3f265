// Test helper: loads a Carillon fixture (a levelramp/level@1 file) by case name.
import { fileURLToPath } from "node:url";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { levelFileSchemaOf } from "../../src/io/schemas/level.ts";
import { carillonBackend } from "../../src/carillon/carillon-backend.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";

// A game's files parse with its body schema.
const carillonLevel = levelFileSchemaOf({ name: "carillon", bodySchema: carillonBackend.bodySchema });

const dir = fileURLToPath(new URL("../../fixtures/carillon/", import.meta.url));

/** The body of fixtures/carillon/<name>.json. */
export function loadFixture(name: string): CarillonBody {
  return readJsonFile(carillonLevel, `${dir}${name}.json`).level as CarillonBody;
}
