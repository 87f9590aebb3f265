import { fileURLToPath } from "node:url";
import { readJsonFile } from "../../io/read-json-file.ts";
import { carillonDifficultySchema, type CarillonDifficulty } from "./difficulty-model.ts";
import { carillonFairSchema, type CarillonFair } from "./fair-model.ts";
import { carillonGeneratorModelSchema, type CarillonGeneratorModel } from "./generator-model.ts";
import { carillonPhysicsSchema, type CarillonPhysics } from "./physics-model.ts";
import { carillonSolverSchema, type CarillonSolverModel } from "./solver-model.ts";

/** Every Carillon model file the engine reads (models/carillon/*.json). */
export interface CarillonModels {
  physics: CarillonPhysics;
  fair: CarillonFair;
  difficulty: CarillonDifficulty;
  solver: CarillonSolverModel;
  generator: CarillonGeneratorModel;
}

const defaultDir = fileURLToPath(new URL("../../../models/carillon/", import.meta.url));
const cache = new Map<string, CarillonModels>();

/**
 * Reads and validates the Carillon model files of `dir` (default: the
 * project's models/carillon/): physics.json, fair.json, difficulty.json,
 * solver.json, generator.json. Cached per directory.
 *
 * @throws InputError (exit 2) naming the file and JSON path of the first problem.
 */
export function loadCarillonModels(dir: string = defaultDir): CarillonModels {
  const base = dir.endsWith("/") ? dir : `${dir}/`;
  const hit = cache.get(base);
  if (hit) return hit;
  const models: CarillonModels = {
    physics: readJsonFile(carillonPhysicsSchema, `${base}physics.json`),
    fair: readJsonFile(carillonFairSchema, `${base}fair.json`),
    difficulty: readJsonFile(carillonDifficultySchema, `${base}difficulty.json`),
    solver: readJsonFile(carillonSolverSchema, `${base}solver.json`),
    generator: readJsonFile(carillonGeneratorModelSchema, `${base}generator.json`),
  };
  cache.set(base, models);
  return models;
}
