// Checking one candidate against the chosen levels (SPEC 7): seeded random Carillon fields
// (20–40 dots) and Apsis skies (20–30 arrows), indexes of 100, 1,000 and 3,000 chosen levels.
import type { BenchSuite, BenchCase } from "./harness.ts";
import { createApsisDedupIndex } from "../src/apsis/dedup/apsis-dedup-index.ts";
import { createCarillonDedupIndex } from "../src/carillon/dedup/carillon-dedup-index.ts";
import { CARILLON_TRANSFORMS } from "../src/carillon/dedup/carillon-transforms.ts";
import { defaultApsisDedupThresholds } from "../src/apsis/dedup/apsis-dedup-thresholds.ts";
import { defaultCarillonDedupThresholds } from "../src/carillon/dedup/carillon-dedup-thresholds.ts";
import type { DedupIndex, DedupIndexStats } from "../src/dedup/dedup-index.ts";
import { prepareApsisLevel, type ApsisDedupLevel } from "../src/apsis/dedup/prepare-apsis-level.ts";
import { prepareCarillonLevel, type CarillonDedupLevel } from "../src/carillon/dedup/prepare-carillon-level.ts";
import { createRng } from "../src/random/create-rng.ts";
import { randomSky, skyLevel, turnedSky } from "../test/dedup/apsis-helpers.ts";
import { jittered, levelOf, randomField, turnedCopy } from "../test/dedup/carillon-helpers.ts";

const carillonThresholds = defaultCarillonDedupThresholds();
const apsisThresholds = defaultApsisDedupThresholds();

function carillonLevels(seed: string, count: number, marks: boolean): CarillonDedupLevel[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => levelOf(randomField(rng, marks ? { marks: ["bell", "horn"], markShare: 0.1 } : {})));
}

function apsisLevels(seed: string, count: number, marks: boolean): ApsisDedupLevel[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => skyLevel(randomSky(rng, marks ? { keys: 1, numbers: 2 } : {})));
}

// one pool of levels per game, shared by all cases (setup is untimed)
const pools = new Map<string, unknown[]>();
function pool<T>(key: string, make: () => T[]): T[] {
  if (!pools.has(key)) pools.set(key, make());
  return pools.get(key) as T[];
}

function delta(before: DedupIndexStats, after: DedupIndexStats) {
  return {
    otherBucket: after.pairsOtherBucket - before.pairsOtherBucket,
    prefiltered: after.pairsPrefiltered - before.pairsPrefiltered,
    compared: after.pairsCompared - before.pairsCompared,
    exactHits: after.exactHits - before.exactHits,
  };
}

function checkCase<L, P, C extends { same: boolean }>(
  name: string,
  build: () => { index: DedupIndex<L, P, C>; candidate: L; expectSame: boolean },
): BenchCase<{ index: DedupIndex<L, P, C>; candidate: L; expectSame: boolean }> {
  return {
    name,
    setup: build,
    repeat: 21,
    run: ({ index, candidate, expectSame }) => {
      const before = { ...index.stats };
      const verdict = index.check(candidate);
      if (verdict.same !== expectSame) throw new Error(`bench/dedup: ${name}: expected same=${expectSame}`);
      return delta(before, index.stats);
    },
  };
}

const cases: BenchCase<any>[] = [];
for (const chosen of [100, 1000, 3000]) {
  for (const marks of [false, true]) {
    const tag = marks ? "marked" : "plain";
    cases.push(
      checkCase(`carillon ${tag} new vs ${chosen}`, () => {
        const levels = pool(`c-${tag}`, () => carillonLevels(`bench/dedup/carillon/${tag}`, 3001, marks));
        const index = createCarillonDedupIndex(carillonThresholds);
        levels.slice(0, chosen).forEach((l, i) => index.addPrepared(`c${i}`, index.prepare(l)));
        return { index, candidate: levels[3000], expectSame: false };
      }),
    );
    cases.push(
      checkCase(`apsis ${tag} new vs ${chosen}`, () => {
        const levels = pool(`a-${tag}`, () => apsisLevels(`bench/dedup/apsis/${tag}`, 3001, marks));
        const index = createApsisDedupIndex(apsisThresholds);
        levels.slice(0, chosen).forEach((l, i) => index.addPrepared(`a${i}`, index.prepare(l)));
        return { index, candidate: levels[3000], expectSame: false };
      }),
    );
  }
}
// a repeat of the last chosen level, turned: every earlier level is looked at first
cases.push(
  checkCase("carillon plain turned copy of #1000 vs 1000", () => {
    const levels = pool("c-plain", () => carillonLevels("bench/dedup/carillon/plain", 3001, false));
    const index = createCarillonDedupIndex(carillonThresholds);
    levels.slice(0, 1000).forEach((l, i) => index.addPrepared(`c${i}`, index.prepare(l)));
    return { index, candidate: turnedCopy(levels[999], CARILLON_TRANSFORMS[5], createRng("bench/turn")).copy, expectSame: true };
  }),
  checkCase("apsis plain turned copy of #1000 vs 1000", () => {
    const levels = pool("a-plain", () => apsisLevels("bench/dedup/apsis/plain", 3001, false));
    const index = createApsisDedupIndex(apsisThresholds);
    levels.slice(0, 1000).forEach((l, i) => index.addPrepared(`a${i}`, index.prepare(l)));
    return { index, candidate: turnedSky(levels[999], 137, true, createRng("bench/turn")).copy, expectSame: true };
  }),
  // a geometric repeat only (no exact key): every earlier level goes through the prefilter
  checkCase("carillon plain jittered copy of #1000 vs 1000", () => {
    const levels = pool("c-plain", () => carillonLevels("bench/dedup/carillon/plain", 3001, false));
    const index = createCarillonDedupIndex(carillonThresholds);
    levels.slice(0, 1000).forEach((l, i) => index.addPrepared(`c${i}`, index.prepare(l)));
    return { index, candidate: levelOf(jittered(createRng("bench/jitter"), levels[999].body, 20, 40)), expectSame: true };
  }),
  checkCase("apsis plain half-moved copy of #1000 vs 1000", () => {
    const levels = pool("a-plain", () => apsisLevels("bench/dedup/apsis/plain", 3001, false));
    const index = createApsisDedupIndex(apsisThresholds);
    levels.slice(0, 1000).forEach((l, i) => index.addPrepared(`a${i}`, index.prepare(l)));
    const source = levels[999].body;
    // every third arrow turned 90° away: two thirds stay, the sky and block graph change
    const moved = { ...source, arrows: source.arrows.map((a, i) => (i % 3 === 0 ? { ...a, angle: a.angle + 90, direction: a.direction + 90 } : a)) };
    return { index, candidate: skyLevel(moved), expectSame: true };
  }),
  {
    name: "carillon prepare one level (30 dots avg)",
    setup: () => pool("c-plain", () => carillonLevels("bench/dedup/carillon/plain", 3001, false)).slice(0, 50),
    repeat: 11,
    run: (levels: CarillonDedupLevel[]) => {
      for (const l of levels) prepareCarillonLevel(l, carillonThresholds.carillon);
      return { levels: levels.length, note: "time is for all of them" };
    },
  },
  {
    name: "apsis prepare one level (25 arrows avg)",
    setup: () => pool("a-plain", () => apsisLevels("bench/dedup/apsis/plain", 3001, false)).slice(0, 50),
    repeat: 11,
    run: (levels: ApsisDedupLevel[]) => {
      for (const l of levels) prepareApsisLevel(l, apsisThresholds.apsis);
      return { levels: levels.length, note: "time is for all of them" };
    },
  },
);

export const suite: BenchSuite = { name: "dedup", cases };
