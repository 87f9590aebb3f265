import type { GameBackend } from "./game-backend.ts";
import type { Game, GameModels, GameSource } from "./game.ts";

/**
 * A game value over a back end whose calls run in this thread (a built-in
 * game's, a plug-in's): the same names, schemas and capabilities, each call
 * answered at once (`Promise.resolve` of the back end's answer, its errors as
 * rejections), nothing to close. A back end of a game file (SPEC 10) closes
 * its program in {@link Game.close}.
 *
 * @param models the game's own plan, ramp and selection model.
 * @param source how a worker thread opens the same game.
 */
export function gameFromBackend<Body, Solution, Prepared, Transform, Settings>(
  backend: GameBackend<Body, Solution, Prepared, Transform, Settings> & { close?(): void },
  models: GameModels,
  source: GameSource,
): Game<Body, Solution, Prepared, Transform, Settings> {
  const now = <T>(work: () => T): Promise<T> => {
    try {
      return Promise.resolve(work());
    } catch (err) {
      return Promise.reject(err);
    }
  };
  const { dedup } = backend;
  const game: Game<Body, Solution, Prepared, Transform, Settings> = {
    name: backend.game,
    ...(backend.version !== undefined ? { version: backend.version } : {}),
    pieces: backend.pieces,
    bodySchema: backend.bodySchema,
    generatorSchema: backend.generatorSchema,
    metricNames: backend.metricNames,
    ...(backend.conceptNames !== undefined ? { conceptNames: backend.conceptNames } : {}),
    can: backend.can,
    models,
    source,
    generate: (request) => now(() => backend.generate(request)),
    solve: (body) => now(() => backend.solve(body)),
    grade: (body) => now(() => backend.grade(body)),
    wellFormed: (body) => backend.wellFormed(body),
    check: (body, solution, rules) => now(() => backend.validate(body, solution, rules)),
    dedup: {
      prepare: (body) => now(() => dedup.prepare(body)),
      hooks: dedup,
      compareLevels: (a, b) => now(() => dedup.compareLevels(a, b)),
      describeTransform: (t) => dedup.describeTransform(t),
      ...(dedup.describeComparison ? { describeComparison: (c) => dedup.describeComparison!(c) } : {}),
      ...(dedup.thresholdsSchema ? { thresholdsSchema: dedup.thresholdsSchema } : {}),
    },
    close: () => now(() => backend.close?.()),
  };
  if (backend.concepts) game.concepts = (body) => now(() => backend.concepts!(body));
  if (backend.composeFirst) game.composeFirst = (count, rng, stats) => now(() => backend.composeFirst!(count, rng, stats));
  if (backend.renderSvg) game.picture = (body, options) => now(() => backend.renderSvg!(body, options));
  if (backend.summarizeLevels) game.summarizeLevels = (levels) => backend.summarizeLevels!(levels);
  return game;
}
