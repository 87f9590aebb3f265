// Test helper: loads a Carillon fixture (a levelramp/level@1 file) by case name.
import { fileURLToPath } from "node:url";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { levelFileSchema } from "../../src/io/schemas/level.ts";
import type { CarillonBody } from "../../src/io/schemas/carillon-body.ts";

const dir = fileURLToPath(new URL("../../fixtures/carillon/", import.meta.url));

/** The body of fixtures/carillon/<name>.json. */
export function loadFixture(name: string): CarillonBody {
  return readJsonFile(levelFileSchema, `${dir}${name}.json`).level as CarillonBody;
}
