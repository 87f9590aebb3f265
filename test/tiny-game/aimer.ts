// "Aimer", a test-only game whose generator lands near the value it is aimed
// at, with the long tail below the aim that real generators have (three
// quarters of its candidates fall up to 6 units under it, the rest up to 3 above): what
// the build's refine rounds are for (docs/pipeline.md "Refine rounds").
import { z } from "zod";
import type { GameBackend } from "../../src/game/game-backend.ts";

/** The level body: the value it measures and a serial that keeps bodies apart. */
export type AimerBody = { value: number; serial: number };

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const grade = (body: AimerBody) => ({ value: body.value });

/** The back end: lands at target − 6·u (three times in four) or target + 3·u, u uniform in [0, 1). */
export const aimerGame: GameBackend<AimerBody, number[], string, null> = {
  game: "aimer",
  pieces: { one: "value", many: "values" },
  bodySchema: z.strictObject({ value: z.number(), serial: z.number().int() }),
  generatorSchema: z.strictObject({}),
  metricNames: ["value"],
  can: { compose: false, picture: false, summary: false },
  generate({ target, rng }) {
    const value = round6(rng() < 0.75 ? target - 6 * rng() : target + 3 * rng());
    const level = { value, serial: Math.floor(rng() * 1e9) };
    return { level, solution: [], metrics: grade(level), rules: [] };
  },
  solve: (body) => ({ solution: [], measure: grade(body) }),
  grade,
  wellFormed: () => [],
  validate: () => [],
  dedup: {
    prepare: (body) => `${body.value}/${body.serial}`,
    bucketKey: (key) => key,
    exactKeys: (key) => [key],
    mayBeSame: (a, b) => a === b,
    compare: (a, b) => ({ same: a === b, reasons: a === b ? ["identical"] : [], transform: null, matched: [], basis: a === b ? "identical" : null, share: a === b ? 1 : 0 }),
    compareLevels: (a, b) => aimerGame.dedup.compare(aimerGame.dedup.prepare(a), aimerGame.dedup.prepare(b)),
    describeTransform: () => "no turn",
  },
};
