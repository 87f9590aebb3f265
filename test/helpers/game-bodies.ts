import { apsisBackend } from "../../src/apsis/apsis-backend.ts";
import { carillonBackend } from "../../src/carillon/carillon-backend.ts";

// The built-in games as their files' formats need them (name and body schema), for
// tests that parse a game's files with `levelsSchemaOf(carillonBodies)` and the like.

/** Carillon's name and body schema. */
export const carillonBodies = { name: "carillon", bodySchema: carillonBackend.bodySchema };

/** Apsis's name and body schema. */
export const apsisBodies = { name: "apsis", bodySchema: apsisBackend.bodySchema };
