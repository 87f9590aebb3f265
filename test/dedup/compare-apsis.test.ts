import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apsisCanonicalForm } from "../../src/apsis/dedup/apsis-canonical-form.ts";
import { findNearCopy } from "../../src/apsis/dedup/apsis-near-copy.ts";
import { applyApsisTransform } from "../../src/apsis/dedup/apsis-transform.ts";
import { compareApsis, comparePreparedApsis } from "../../src/apsis/dedup/compare-apsis.ts";
import { defaultApsisDedupThresholds } from "../../src/apsis/dedup/apsis-dedup-thresholds.ts";
import { prepareApsisLevel, type ApsisDedupLevel } from "../../src/apsis/dedup/prepare-apsis-level.ts";
import { InputError } from "../../src/io/errors.ts";
import type { ApsisBody } from "../../src/apsis/level/apsis-body.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { randomSky, skyLevel, turnedSky } from "./apsis-helpers.ts";
import { graphFromEdges } from "./graph-helpers.ts";

const thresholds = defaultApsisDedupThresholds();
const RADII = thresholds.apsis.ringRadii;

function fixture(name: string) {
  const fx = JSON.parse(readFileSync(new URL(`../../fixtures/dedup/${name}.json`, import.meta.url), "utf8"));
  const level = (side: { level: ApsisBody; blockEdges: Array<[number, number]> }): ApsisDedupLevel => ({
    body: side.level,
    blockGraph: graphFromEdges(side.level.arrows.length, side.blockEdges),
  });
  return { a: level(fx.a), b: level(fx.b), expected: fx.expected };
}

/** Each arrow's angle moved so its midpoint moves by < `chord` units, its direction by < `degrees`. */
function jitterSky(rng: () => number, body: ApsisBody, chord: number, degrees: number): ApsisBody {
  return {
    ...body,
    arrows: body.arrows.map((a) => {
      const maxTurn = (2 * Math.asin(chord / 2 / RADII[a.ring - 1]) * 180) / Math.PI;
      const da = Math.trunc((rng() * 2 - 1) * maxTurn);
      const dd = Math.trunc((rng() * 2 - 1) * degrees);
      return { ...a, angle: a.angle + da, direction: a.direction + dd };
    }),
  };
}

describe("compareApsis", () => {
  it("pins the hand-made mirrored sky (fixtures/dedup/apsis-mirrored-sky.json)", () => {
    const { a, b, expected } = fixture("apsis-mirrored-sky");
    const result = compareApsis(a, b, thresholds);
    expect(result.reasons).toEqual(expected.reasons);
    expect(result.transform).toEqual(expected.transform);
    expect(result.matched).toEqual(expected.matched);
    expect(apsisCanonicalForm(a.body).form).toBe(apsisCanonicalForm(b.body).form);
  });

  it("finds a near copy between two aligned turns (fixtures/dedup/apsis-between-aligned-turns.json)", () => {
    const { a, b, expected } = fixture("apsis-between-aligned-turns");
    const result = compareApsis(a, b, thresholds);
    expect(result.reasons).toEqual(expected.reasons);
    expect(result.matched.length).toBe(expected.matchedSize);
    // the turn found pairs both outer arrows: within 0.82° of 0 or of 180 (mirrored or not)
    const turn = result.transform!.turn;
    expect(Math.min(turn, 360 - turn, Math.abs(turn - 180))).toBeLessThan(0.83);
    // aligning any pair exactly pairs only one outer arrow: 8° off plus 8° off is 16° > 8.82°
    // one arrow fewer of the right length and it is no longer half the sky
    const fewer: ApsisDedupLevel = { ...b, body: { ...b.body, arrows: b.body.arrows.map((x, i) => (i === 1 ? { ...x, length: 36, ring: 4 } : x)) } };
    expect(compareApsis(a, fewer, thresholds).reasons).toEqual([]);
  });

  it("finds a sky's turned, mirrored, reshuffled copy the same by every reason", () => {
    const rng = createRng("dedup/apsis-copies");
    for (let k = 0; k < 40; k++) {
      const level = skyLevel(randomSky(rng, { keys: k % 3, numbers: k % 4, falling: k % 5 === 0 ? [2] : undefined }));
      const turn = Math.floor(rng() * 360);
      const mirror = k % 2 === 1;
      const { copy, where } = turnedSky(level, turn, mirror, rng);
      const result = compareApsis(level, copy, thresholds);
      expect(result.reasons).toEqual(["identical", "near-copy", "same-puzzle"]);
      expect(result.basis).toBe("identical");
      expect(result.transform).toEqual({ turn, mirror });
      for (const [i, j] of result.matched) expect(j).toBe(where[i]);
      for (const [i, j] of result.matched) expect(applyApsisTransform(result.transform!, level.body.arrows[i].angle)).toBe(copy.body.arrows[j].angle);
      // the geometric block rule agrees: the copy's own block graph is the same puzzle
      expect(compareApsis(level, skyLevel(copy.body), thresholds).reasons).toContain("same-puzzle");
    }
  });

  it("the canonical form ignores turn, mirror, order and key names, and nothing else", () => {
    const rng = createRng("dedup/apsis-canonical");
    for (let k = 0; k < 60; k++) {
      const body = randomSky(rng, { arrows: [5, 30], keys: 2, numbers: 2 });
      const level = { body, blockGraph: graphFromEdges(body.arrows.length, []) };
      const form = apsisCanonicalForm(body).form;
      expect(apsisCanonicalForm(turnedSky(level, Math.floor(rng() * 360), rng() < 0.5, rng).copy.body).form).toBe(form);
      const moved = structuredClone(body);
      const i = Math.floor(rng() * body.arrows.length);
      moved.arrows[i].direction += 1;
      expect(apsisCanonicalForm(moved).form).not.toBe(form);
      const swapped = structuredClone(body);
      // keys paired the other way round
      swapped.arrows[1].key = "k1";
      swapped.arrows[3].key = "k0";
      expect(apsisCanonicalForm(swapped).form).not.toBe(form);
    }
  });

  it("still a near copy when jittered within 40 units and 10°, not when every midpoint moves beyond reach", () => {
    const rng = createRng("dedup/apsis-jitter");
    const arcs = RADII.map((r) => (2 * Math.asin(20 / r) * 180) / Math.PI);
    for (let k = 0; k < 30; k++) {
      const level = skyLevel(randomSky(rng));
      const near = { ...level, body: jitterSky(rng, level.body, 39, 10) };
      const nearResult = compareApsis(level, near, thresholds);
      expect(nearResult.reasons).toContain("near-copy");
      expect(nearResult.share).toBeGreaterThanOrEqual(0.5);
      // each midpoint turned by its ring's arc + 12° (either way), directions kept: no turn of ±10° brings any arrow back
      const far = {
        ...level,
        body: {
          ...level.body,
          arrows: level.body.arrows.map((a) => ({ ...a, angle: a.angle + (rng() < 0.5 ? -1 : 1) * Math.ceil(arcs[a.ring - 1] + 12) })),
        },
      };
      expect(compareApsis(level, far, thresholds).reasons).not.toContain("near-copy");
      expect(compareApsis(level, far, thresholds).reasons).not.toContain("identical");
    }
  });

  it("a copy with one mark changed is not the same", () => {
    const rng = createRng("dedup/apsis-mark");
    for (let k = 0; k < 30; k++) {
      const body = randomSky(rng, { keys: 1, numbers: 2 });
      const level = skyLevel(body);
      const variants: ApsisBody[] = [];
      const renumbered = structuredClone(body);
      renumbered.arrows.find((a) => a.number === 2)!.number = 3;
      variants.push(renumbered);
      const unlocked = structuredClone(body);
      delete unlocked.arrows[0].lock;
      variants.push(unlocked);
      const falling = structuredClone(body);
      falling.fallingRings = [3];
      variants.push(falling);
      const moved = structuredClone(body);
      const plain = moved.arrows.findIndex((a) => !a.key && !a.lock && a.number === undefined);
      moved.arrows[plain].number = 3; // a new number on a plain arrow
      variants.push(moved);
      for (const v of variants) expect(compareApsis(level, { body: v, blockGraph: level.blockGraph }, thresholds).same).toBe(false);
    }
  });

  it("random unrelated skies are not the same", () => {
    const rng = createRng("dedup/apsis-unrelated");
    for (let k = 0; k < 40; k++) {
      const options = k % 2 ? { keys: 1, numbers: 1 } : {};
      const result = compareApsis(skyLevel(randomSky(rng, options)), skyLevel(randomSky(rng, options)), thresholds);
      expect(result.same).toBe(false);
    }
  });

  it("the near-copy sweep bound finds exactly what trying every candidate turn finds, with fewer matchings", () => {
    const rng = createRng("dedup/apsis-sweep");
    let found = 0;
    let saved = 0;
    for (let k = 0; k < 80; k++) {
      const base = randomSky(rng, { arrows: [8, 24], keys: k % 2, numbers: k % 3 });
      const other = k % 4 === 0 ? randomSky(rng, { arrows: [8, 24], keys: k % 2, numbers: k % 3 }) : jitterSky(rng, base, 20 + rng() * 60, 5 + rng() * 20);
      const a = prepareApsisLevel({ body: base, blockGraph: graphFromEdges(base.arrows.length, []) }, thresholds.apsis);
      const b = prepareApsisLevel({ body: other, blockGraph: graphFromEdges(other.arrows.length, [[0, 1]]) }, thresholds.apsis);
      const fast = findNearCopy(a, b, thresholds.apsis);
      const full = findNearCopy(a, b, thresholds.apsis, true);
      expect(fast.found?.pairs.length ?? 0).toBe(full.found?.pairs.length ?? 0);
      expect(fast.found?.transform).toEqual(full.found?.transform);
      expect(comparePreparedApsis(a, b, thresholds).reasons).toEqual(comparePreparedApsis(a, b, thresholds, true).reasons);
      if (full.found) found++;
      saved += full.matchings - fast.matchings;
      expect(fast.candidates).toBeLessThanOrEqual(full.candidates);
    }
    expect(found).toBeGreaterThan(20);
    expect(found).toBeLessThan(80);
    expect(saved).toBeGreaterThan(1000);
  });

  it("rejects a block graph not keyed by arrow index and an arrow on a ring without radius", () => {
    const body = randomSky(createRng("dedup/apsis-bad"), { arrows: [4, 4] });
    expect(() => compareApsis({ body, blockGraph: graphFromEdges(3, []) }, skyLevel(body), thresholds)).toThrow(InputError);
    const far = { ...body, arrows: body.arrows.map((a) => ({ ...a, ring: 6 })) };
    expect(() => compareApsis({ body: far, blockGraph: graphFromEdges(4, []) }, skyLevel(body), thresholds)).toThrow(/^dedup\/apsis: /);
  });
});
