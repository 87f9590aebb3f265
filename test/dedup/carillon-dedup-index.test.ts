import { describe, expect, it } from "vitest";
import { createCarillonDedupIndex } from "../../src/carillon/dedup/carillon-dedup-index.ts";
import { CARILLON_TRANSFORMS } from "../../src/carillon/dedup/carillon-transforms.ts";
import { carillonMayMatch, carillonTransformsToTry } from "../../src/carillon/dedup/carillon-prefilter.ts";
import { comparePreparedCarillon } from "../../src/carillon/dedup/compare-carillon.ts";
import { defaultCarillonDedupThresholds } from "../../src/carillon/dedup/carillon-dedup-thresholds.ts";
import { prepareCarillonLevel, type CarillonDedupLevel, type PreparedCarillonLevel } from "../../src/carillon/dedup/prepare-carillon-level.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { jittered, levelOf, randomField, turnedCopy } from "./carillon-helpers.ts";

const thresholds = defaultCarillonDedupThresholds();
/** Reasons the index finds by key: a repeat by one of them is reported first (the earliest such level). */
const EXACT: string[] = ["same-chains"];

/** A stream of candidates: fresh fields, turned copies, jittered copies, relabelled marks. */
function candidates(seed: string, count: number): CarillonDedupLevel[] {
  const rng = createRng(seed);
  const out: CarillonDedupLevel[] = [];
  while (out.length < count) {
    const r = rng();
    if (out.length < 5 || r < 0.45) {
      const marks = rng() < 0.5 ? [] : rng() < 0.5 ? (["bell"] as const) : (["horn", "duet"] as const);
      out.push(levelOf(randomField(rng, { marks: [...marks], markShare: 0.2 })));
      continue;
    }
    const source = out[Math.floor(rng() * out.length)];
    if (r < 0.65) out.push(turnedCopy(source, CARILLON_TRANSFORMS[Math.floor(rng() * 8)], rng).copy);
    else if (r < 0.85) out.push(levelOf(jittered(rng, source.body, 0, 30 + rng() * 40)));
    else {
      // same dots and chains, one tap fewer among the winners: answer changes, picture stays
      out.push({ ...source, winningFirstTaps: source.winningFirstTaps.slice(1) });
    }
  }
  return out;
}

describe("Carillon DedupIndex", () => {
  it("gives the same answers as comparing with every chosen level in order, while skipping most pairs", () => {
    const index = createCarillonDedupIndex(thresholds);
    const chosen: Array<{ id: string; prepared: PreparedCarillonLevel }> = [];
    let repeats = 0;
    candidates("dedup/carillon-index", 160).forEach((level, k) => {
      const id = `c${k}`;
      // reference: compare with every chosen level; the earliest exact repeat, else the earliest repeat
      const prepared = prepareCarillonLevel(level, thresholds.carillon);
      const results = chosen.map((c) => ({ id: c.id, ...comparePreparedCarillon(prepared, c.prepared, thresholds) }));
      const expected = results.find((r) => r.reasons.some((x) => EXACT.includes(x))) ?? results.find((r) => r.reasons.length > 0) ?? null;
      const verdict = index.addIfNew(id, level);
      if (expected) {
        repeats++;
        expect(verdict.same).toBe(true);
        if (verdict.same) {
          expect(verdict.id).toBe(expected.id);
          expect(verdict.comparison.reasons).toEqual(expected.reasons);
          expect(verdict.comparison.transform).toEqual(expected.transform);
          expect(verdict.comparison.matched).toEqual(expected.matched);
        }
      } else {
        expect(verdict.same).toBe(false);
        chosen.push({ id, prepared });
      }
    });
    expect(index.size).toBe(chosen.length);
    expect(repeats).toBeGreaterThan(30);
    expect(chosen.length).toBeGreaterThan(50);
    // the fast paths really ran
    expect(index.stats.pairsOtherBucket).toBeGreaterThan(0);
    expect(index.stats.pairsPrefiltered).toBeGreaterThan(index.stats.pairsCompared);
    expect(index.stats.exactHits).toBeGreaterThan(0);
  });

  it("the prefilter never rejects a pair that is the same picture, answer or identical", () => {
    const levels = candidates("dedup/carillon-prefilter", 120).map((l) => prepareCarillonLevel(l, thresholds.carillon));
    let rejected = 0;
    let geometric = 0;
    for (let i = 0; i < levels.length; i++) {
      for (let j = Math.max(0, i - 25); j < i; j++) {
        const reasons = comparePreparedCarillon(levels[i], levels[j], thresholds).reasons.filter((r) => r !== "same-chains");
        if (reasons.length > 0) geometric++;
        if (!carillonMayMatch(levels[i], levels[j], thresholds)) {
          rejected++;
          expect(reasons).toEqual([]);
        }
      }
    }
    expect(geometric).toBeGreaterThan(50);
    expect(rejected).toBeGreaterThan(1000);
  });

  it("the per-transform bound keeps the transform that maps a level onto its turned copy, both ways", () => {
    const rng = createRng("dedup/carillon-transform-mask");
    CARILLON_TRANSFORMS.forEach((t, k) => {
      for (let round = 0; round < 3; round++) {
        const level = levelOf(randomField(rng, { marks: round === 0 ? [] : ["horn", "bell"] }));
        const copy = turnedCopy(level, t, rng).copy;
        const a = prepareCarillonLevel(level, thresholds.carillon);
        const b = prepareCarillonLevel(copy, thresholds.carillon);
        expect(carillonTransformsToTry(a, b, thresholds)?.[k]).toBe(true);
        const inverse = CARILLON_TRANSFORMS.findIndex((u) => u.mirror === t.mirror && (t.mirror ? u.quarterTurns === t.quarterTurns : (u.quarterTurns + t.quarterTurns) % 4 === 0));
        expect(carillonTransformsToTry(b, a, thresholds)?.[inverse]).toBe(true);
        expect(comparePreparedCarillon(b, a, thresholds).transform).toEqual(CARILLON_TRANSFORMS[inverse]);
      }
    });
  });
});
