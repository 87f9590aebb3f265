import { apsisBodySchema, type ApsisBody } from "./level/apsis-body.ts";
import type { GameBackend } from "../game/game-backend.ts";
import { checkLevel } from "./check/check-level.ts";
import { apsisConcepts } from "./check/apsis-concepts.ts";
import { APSIS_RULES } from "./level/apsis-rules.ts";
import { apsisWellFormed } from "./check/apsis-well-formed.ts";
import { loadSkyModel } from "./model/sky-model.ts";
import { composeFirstFive } from "./compose/compose-first-five.ts";
import { generateLevel } from "./generate/generate-level.ts";
import { apsisGeneratorSchema, type ApsisGeneratorSettings } from "./model/generator-settings.ts";
import { APSIS_METRICS, skyMeasure, skyMetrics } from "./measure/measure-sky.ts";
import { apsisChapterFigures, chapterFiguresTable } from "./measure/chapter-figures.ts";
import { loadBuilderModel } from "./model/builder-model.ts";
import { renderSkySvg } from "./picture/render-sky-svg.ts";
import { solveSky } from "./solver/solve-sky.ts";
import { apsisDedup } from "./dedup/apsis-dedup.ts";
import type { ApsisTransform } from "./dedup/apsis-transform.ts";
import type { PreparedApsisLevel } from "./dedup/prepare-apsis-level.ts";

/**
 * The Apsis game back end (SPEC 5, GameBackend contract), on the default
 * models in `models/apsis/`:
 * - `generate`: one proven candidate for a tier, aimed at its level's reads target;
 * - `solve`: the rounds solution (arrow indices per round) and `measure --json`
 *   `{arrows, depth, reads, freeAtStart, rounds, concepts}`;
 * - `grade`: pool metrics `{reads, depth, arrows, freeAtStart, rules}`;
 * - `concepts`: the rules the sky needs (SPEC 12, {@link apsisConcepts}), also
 *   given with every generated or composed level and in `solve`'s measure;
 * - `wellFormed`: a sky at all (rings, inside the rim and clear of the sun, no
 *   overlap, every lock with its key), before anything solves or draws it;
 * - `validate`: every check of a shipped level (solver, replay, geometry, rules), on a well-formed sky;
 * - `composeFirst`: the composed levels 1..count (SPEC 5.5);
 * - `renderSvg`: the sky as SVG, with an optional rounds overlay;
 * - `summarizeLevels`: per chapter, arrows, depth and reads first → last and
 *   the worst ring share (SPEC 5.2), for `build --stats` and `report.txt`;
 * - `dedup`: when two skies are the same (SPEC 7, see dedup/).
 * `solve` and `grade` throw NoAnswerError (exit 1) on a sky that cannot be cleared.
 */
export const apsisBackend = {
  game: "apsis",
  /** Its generator's version (GameTraits.version): the key of its batches, `apsis@1+<hash>`, names it beside the hash of the code a batch runs and of the engine models. */
  version: "1",
  pieces: { one: "arrow", many: "arrows" },
  bodySchema: apsisBodySchema,
  generatorSchema: apsisGeneratorSchema,
  metricNames: APSIS_METRICS,
  can: { compose: true, picture: true, summary: true },
  dedup: apsisDedup(),
  generate: (request) => generateLevel(request),
  solve(body) {
    const solved = solveSky(body);
    return { solution: solved.solution, measure: { ...skyMeasure(solved), concepts: apsisConcepts(body, loadSkyModel(), solved.rounds) } };
  },
  concepts: (body) => apsisConcepts(body),
  conceptNames: APSIS_RULES,
  grade: (body) => skyMetrics(body, solveSky(body)),
  wellFormed: (body) => apsisWellFormed(body, loadSkyModel()),
  validate: (body, solution, rules) => checkLevel(body, solution, rules),
  composeFirst: (count, rng, stats) => composeFirstFive(count, rng, stats),
  renderSvg: (body, options?) => renderSkySvg(body, options),
  summarizeLevels(levels) {
    const spread = loadBuilderModel().spread;
    return chapterFiguresTable(apsisChapterFigures(levels, spread), spread);
  },
} satisfies GameBackend<ApsisBody, number[][], PreparedApsisLevel, ApsisTransform, ApsisGeneratorSettings>;
