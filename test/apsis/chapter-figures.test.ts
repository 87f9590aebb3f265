import { describe, expect, it } from "vitest";
import { apsisBackend, apsisChapterFigures, chapterFiguresTable, type ChapterFigureLevel } from "../../src/apsis/index.ts";

const spread = { maxRingShare: 0.35, fromArrows: 4 };

/** A sky with `rings[k]` arrows on ring k + 1 (only the rings matter to the figures). */
function sky(rings: number[]) {
  return { hearts: 3, arrows: rings.flatMap((n, k) => Array.from({ length: n }, (_, i) => ({ ring: k + 1, angle: 10 * i, length: 36, direction: 10 * i }))) };
}

function level(number: number, chapter: number, reads: number, depth: number, rings: number[], deviation?: number): ChapterFigureLevel {
  const arrows = rings.reduce((a, b) => a + b, 0);
  return { number, chapter, metrics: { reads, depth, arrows }, deviation, level: sky(rings) };
}

describe("apsis chapter figures (SPEC 5.2)", () => {
  const levels = [
    level(1, 1, 3, 2, [1, 1], 0),
    level(2, 1, 7, 3, [1, 1, 1], -1),
    level(3, 1, 9, 3, [2, 1, 1], 0.5),
    level(4, 2, 13, 4, [1, 1, 1, 1, 1], 1),
    level(5, 2, 14, 3, [3, 1, 1], -0.5),
  ];

  it("gives arrows, depth and reads first → last, the largest rise, mean |dev| and the worst ring share per chapter (hand-computed)", () => {
    const rows = apsisChapterFigures(levels, spread);
    expect(rows).toEqual([
      {
        chapter: 1,
        levels: 3,
        arrows: { min: 2, max: 4 },
        depth: { first: 2, last: 3, min: 2, max: 3 },
        reads: { first: 3, last: 9, largestRise: 4 },
        meanAbsDeviation: 0.5,
        // Only level 3 has 4+ arrows: 2 of 4 on ring 1.
        worstRingShare: { share: 0.5, level: 3 },
      },
      {
        chapter: 2,
        levels: 2,
        arrows: { min: 5, max: 5 },
        depth: { first: 4, last: 3, min: 3, max: 4 },
        // The rise into the chapter counts: 9 → 13.
        reads: { first: 13, last: 14, largestRise: 4 },
        meanAbsDeviation: 0.75,
        worstRingShare: { share: 0.6, level: 5 },
      },
    ]);
  });

  it("prints one line per chapter under a heading", () => {
    const lines = chapterFiguresTable(apsisChapterFigures(levels, spread), spread);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("no ring over 35.0% of a sky of 4+ arrows");
    expect(lines[2]).toMatch(/^1 +3 +2–4 +2 → 3 \(2–3\) +3 → 9 +4 +0\.500 +50\.0% @3$/);
    expect(lines[3]).toMatch(/^2 +2 +5 +4 → 3 \(3–4\) +13 → 14 +4 +0\.750 +60\.0% @5$/);
  });

  it("says – where a chapter has no sky big enough, and the backend sums up shipped levels with the model's rule (20+ arrows)", () => {
    const small = [level(1, 1, 3, 2, [1, 1])];
    expect(chapterFiguresTable(apsisChapterFigures(small, spread), spread)[2]).toMatch(/ – +– ?$/);
    const lines = apsisBackend.summarizeLevels!([{ ...small[0], part: 1, id: "a", target: 3, deviation: 0 }]);
    expect(lines[0]).toContain("no ring over 35.0% of a sky of 20+ arrows");
  });
});
