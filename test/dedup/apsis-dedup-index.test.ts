import { describe, expect, it } from "vitest";
import { createApsisDedupIndex } from "../../src/apsis/dedup/apsis-dedup-index.ts";
import { apsisMayMatch } from "../../src/apsis/dedup/apsis-prefilter.ts";
import { comparePreparedApsis } from "../../src/apsis/dedup/compare-apsis.ts";
import { defaultApsisDedupThresholds } from "../../src/apsis/dedup/apsis-dedup-thresholds.ts";
import { prepareApsisLevel, type ApsisDedupLevel, type PreparedApsisLevel } from "../../src/apsis/dedup/prepare-apsis-level.ts";
import type { ApsisBody } from "../../src/apsis/level/apsis-body.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { randomSky, skyLevel, turnedSky } from "./apsis-helpers.ts";

const thresholds = defaultApsisDedupThresholds();
/** Reasons the index finds by key: a repeat by one of them is reported first (the earliest such level). */
const EXACT: string[] = ["identical", "same-puzzle"];

/** Candidates: fresh skies, turned copies, partly moved copies, copies with the block graph kept but the sky redrawn. */
function candidates(seed: string, count: number): ApsisDedupLevel[] {
  const rng = createRng(seed);
  const out: ApsisDedupLevel[] = [];
  while (out.length < count) {
    const r = rng();
    if (out.length < 5 || r < 0.45) {
      const options = rng() < 0.6 ? {} : { keys: 1, numbers: Math.floor(rng() * 3) };
      out.push(skyLevel(randomSky(rng, options)));
      continue;
    }
    const source = out[Math.floor(rng() * out.length)];
    if (r < 0.65) out.push(turnedSky(source, Math.floor(rng() * 360), rng() < 0.5, rng).copy);
    else if (r < 0.85) {
      // move a share of the arrows somewhere else: around the 50% line
      const share = 0.3 + rng() * 0.4;
      const body: ApsisBody = {
        ...source.body,
        arrows: source.body.arrows.map((a) => (rng() < share && !a.key && !a.lock && a.number === undefined ? { ...a, angle: a.angle + 40 + Math.floor(rng() * 280) } : a)),
      };
      out.push(skyLevel(body));
    } else {
      // the same block graph under a different sky: same puzzle redrawn
      out.push({ body: randomSkyLike(rng, source.body), blockGraph: source.blockGraph });
    }
  }
  return out;
}

function randomSkyLike(rng: () => number, body: ApsisBody): ApsisBody {
  return { ...body, arrows: body.arrows.map((a) => ({ ...a, angle: Math.floor(rng() * 360), direction: Math.floor(rng() * 360) })) };
}

describe("Apsis DedupIndex", () => {
  it("gives the same answers as comparing with every chosen level in order, while skipping most pairs", () => {
    const index = createApsisDedupIndex(thresholds);
    const chosen: Array<{ id: string; prepared: PreparedApsisLevel }> = [];
    let repeats = 0;
    const reasonsSeen = new Set<string>();
    candidates("dedup/apsis-index", 200).forEach((level, k) => {
      const id = `a${k}`;
      const prepared = prepareApsisLevel(level, thresholds.apsis);
      const results = chosen.map((c) => ({ id: c.id, ...comparePreparedApsis(prepared, c.prepared, thresholds) }));
      const expected = results.find((r) => r.reasons.some((x) => EXACT.includes(x))) ?? results.find((r) => r.reasons.length > 0) ?? null;
      const verdict = index.addIfNew(id, level);
      if (expected) {
        repeats++;
        expected.reasons.forEach((r) => reasonsSeen.add(r));
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
    expect(repeats).toBeGreaterThan(40);
    expect([...reasonsSeen].sort()).toEqual(["identical", "near-copy", "same-puzzle"]);
    expect(index.stats.pairsPrefiltered).toBeGreaterThan(index.stats.pairsCompared);
    expect(index.stats.exactHits).toBeGreaterThan(0);
  });

  it("the prefilter never rejects a near copy", () => {
    const levels = candidates("dedup/apsis-prefilter", 150).map((l) => prepareApsisLevel(l, thresholds.apsis));
    let rejected = 0;
    let near = 0;
    for (let i = 0; i < levels.length; i++) {
      for (let j = Math.max(0, i - 30); j < i; j++) {
        const isNear = comparePreparedApsis(levels[i], levels[j], thresholds).reasons.includes("near-copy");
        if (isNear) near++;
        if (!apsisMayMatch(levels[i], levels[j], thresholds)) {
          rejected++;
          expect(isNear).toBe(false);
        }
      }
    }
    expect(near).toBeGreaterThan(30);
    expect(rejected).toBeGreaterThan(1000);
  });
});
