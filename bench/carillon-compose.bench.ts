// Carillon composition benchmarks (SPEC 4.6): the time to compose levels 1–5 — draw every
// variation, lay it on the beat, prove and measure it with the engine, give it notes, pick the
// set and check the five again — at 24, 48 (the default) and 96 variations per level; and one
// variation of each figure on its own (lay out + prove + notes + scores). Seeds rotate through
// a fixed list, so the median is over different compositions; counters are means (pool sizes,
// pooled rhythm, the last level's bits).
import type { BenchCase, BenchSuite } from "./harness.ts";
import { composeCandidate } from "../src/carillon/compose/compose-candidate.ts";
import { composeFirstFive } from "../src/carillon/compose/compose-first-five.ts";
import { drawFigure } from "../src/carillon/compose/figure/draw-figure.ts";
import { loadComposeModels, type ComposeModels } from "../src/carillon/model/load-compose-model.ts";
import { loadCarillonModels } from "../src/carillon/model/load-models.ts";
import { milestonesAt } from "../src/carillon/generate/grow/milestones.ts";
import { createRng, deriveSeed } from "../src/random/index.ts";
import { rampTarget } from "../src/select/ramp/ramp-target.ts";

const models = loadCarillonModels();
const base = loadComposeModels();

function composeCase(variations: number): BenchCase {
  const composeModels: ComposeModels = { ...base, compose: { ...base.compose, variationsPerLevel: variations } };
  let seed = 0;
  let runs = 0;
  const sum = { pool: 0, rhythm: 0, bits5: 0 };
  return {
    name: `compose levels 1–5, ${variations} variations/level`,
    repeat: variations > 48 ? 5 : 9,
    warmup: 1,
    run: () => {
      const r = composeFirstFive(5, createRng(deriveSeed("bench-compose", seed++)), {}, { models, composeModels });
      runs++;
      sum.pool += r.pools.reduce((a, p) => a + p.length, 0);
      sum.rhythm += r.rhythm;
      sum.bits5 += r.levels[4].metrics.bits;
      return { meanPool: +(sum.pool / runs).toFixed(1), meanRhythm: +(sum.rhythm / runs).toFixed(3), meanBits5: +(sum.bits5 / runs).toFixed(3) };
    },
  };
}

function figureCase(level: number): BenchCase {
  const spec = base.compose.levels[level - 1];
  const milestones = milestonesAt(models.generator, level, 1);
  const previous = level > 1 ? milestonesAt(models.generator, level - 1, 1).sizes : [];
  const demand = {
    level,
    milestones,
    mustHave: level > 1 ? milestones.sizes.filter((s) => !previous.includes(s)) : [],
    everyTapWins: spec.everyTapWins,
    target: rampTarget(base.ramp)(level),
  };
  const rng = createRng(deriveSeed("bench-figure", level));
  let tried = 0;
  let passed = 0;
  return {
    name: `one variation: level ${level} ${spec.figure}`,
    repeat: 41,
    run: () => {
      const layout = drawFigure(spec.figure, { physics: models.physics, fair: models.fair, compose: base.compose, sizes: milestones.sizes, rng });
      tried++;
      if (layout && !("reason" in composeCandidate(layout, 0, demand, models, base.compose))) passed++;
      return { passRate: +(passed / tried).toFixed(2) };
    },
  };
}

const cases: BenchCase<any>[] = [composeCase(24), composeCase(48), composeCase(96)];
for (let level = 1; level <= base.compose.levels.length; level++) cases.push(figureCase(level));

export const suite: BenchSuite = { name: "carillon-compose", cases };
