import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CARILLON_TRANSFORMS } from "../../src/carillon/dedup/carillon-transforms.ts";
import { compareCarillon } from "../../src/carillon/dedup/compare-carillon.ts";
import { defaultCarillonDedupThresholds } from "../../src/carillon/dedup/carillon-dedup-thresholds.ts";
import type { CarillonDedupLevel } from "../../src/carillon/dedup/prepare-carillon-level.ts";
import { InputError } from "../../src/io/errors.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { jittered, levelOf, randomField, reachGraphOf, turnedCopy } from "./carillon-helpers.ts";
import { graphFromEdges } from "./graph-helpers.ts";

const thresholds = defaultCarillonDedupThresholds();
const ALL_MARKS = ["bell", "echo", "horn", "duet", "drifter", "home", "round"] as const;

function fixtureLevel(side: { level: CarillonBody; reachEdges: Array<[number, number]>; winningFirstTaps: number[] }): CarillonDedupLevel {
  return { body: side.level, reachGraph: graphFromEdges(side.level.dots.length, side.reachEdges), winningFirstTaps: side.winningFirstTaps };
}

describe("compareCarillon", () => {
  it("pins the hand-made quarter-turn case (fixtures/dedup/carillon-quarter-turn.json)", () => {
    const fx = JSON.parse(readFileSync(new URL("../../fixtures/dedup/carillon-quarter-turn.json", import.meta.url), "utf8"));
    const result = compareCarillon(fixtureLevel(fx.a), fixtureLevel(fx.b), thresholds);
    expect(result.same).toBe(true);
    expect(result.reasons).toEqual(fx.expected.reasons);
    expect(result.transform).toEqual(fx.expected.transform);
    expect(result.matched).toEqual(fx.expected.matched);
    expect(result.basis).toBe("identical");
    expect(result.share).toBe(1);
  });

  it("finds a level's turned, mirrored and reshuffled copy the same by every reason, under each of the eight transforms", () => {
    const rng = createRng("dedup/carillon-copies");
    for (let round = 0; round < 3; round++) {
      for (const t of CARILLON_TRANSFORMS) {
        const level = levelOf(randomField(rng, { marks: round === 0 ? [] : [...ALL_MARKS], markShare: 0.3 }));
        const { copy, where } = turnedCopy(level, t, rng);
        const result = compareCarillon(level, copy, thresholds);
        expect(result.reasons).toEqual(["identical", "same-picture", "same-answer", "same-chains"]);
        expect(result.basis).toBe("identical");
        // the matching found is the copy map (dots are ≥ 50 apart, so it is unique)
        for (const [i, j] of result.matched) expect(j).toBe(where[i]);
        expect(result.matched.length).toBe(level.body.dots.length);
        // the engine's reach rule agrees that turning keeps the chains (horn facings turn with the field)
        const recomputed = { ...copy, reachGraph: reachGraphOf(copy.body) };
        expect(compareCarillon(level, recomputed, thresholds).reasons).toContain("same-chains");
      }
    }
  });

  it("still matches a picture jittered under 45 units, and no longer one jittered beyond it", () => {
    const rng = createRng("dedup/carillon-jitter");
    for (let k = 0; k < 30; k++) {
      const level = levelOf(randomField(rng, { dots: [20, 30], spacing: 130 }));
      const near: CarillonDedupLevel = { ...level, body: jittered(rng, level.body, 0, 44) };
      const nearResult = compareCarillon(level, near, thresholds);
      expect(nearResult.reasons).toContain("same-picture");
      expect(nearResult.reasons).toContain("same-answer");
      expect(nearResult.transform).toEqual({ quarterTurns: 0, mirror: false });
      const far: CarillonDedupLevel = { ...level, body: jittered(rng, level.body, 50, 70) };
      const farResult = compareCarillon(level, far, thresholds);
      expect(farResult.reasons).not.toContain("same-picture");
      expect(farResult.reasons).not.toContain("same-answer");
      expect(farResult.reasons).not.toContain("identical");
    }
  });

  it("a copy with one mark changed is not the same", () => {
    const rng = createRng("dedup/carillon-mark-changed");
    let checked = 0;
    for (let k = 0; k < 40; k++) {
      const body = randomField(rng, { marks: ["bell", "echo", "home"], markShare: 0.3 });
      const i = body.dots.findIndex((d) => d.mark);
      if (i < 0) continue;
      const changed: CarillonBody = structuredClone(body);
      changed.dots[i].mark = body.dots[i].mark!.kind === "bell" ? { kind: "echo" } : { kind: "bell" };
      const result = compareCarillon(levelOf(body), levelOf(changed), thresholds);
      expect(result.same).toBe(false);
      // and removing the mark altogether
      delete changed.dots[i].mark;
      expect(compareCarillon(levelOf(body), levelOf(changed), thresholds).same).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("a horn turned away (a mark that changes under the turn) breaks the picture and the answer", () => {
    const rng = createRng("dedup/carillon-horn");
    for (let k = 0; k < 20; k++) {
      const body = randomField(rng, { marks: ["horn"], markShare: 0.15 });
      const i = body.dots.findIndex((d) => d.mark?.kind === "horn");
      if (i < 0) continue;
      const changed: CarillonBody = structuredClone(body);
      changed.dots[i].mark = { kind: "horn", facing: ((body.dots[i].mark as { facing: number }).facing + 90) % 360 };
      const result = compareCarillon(levelOf(body), { ...levelOf(body), body: changed }, thresholds);
      expect(result.reasons).toEqual(["same-chains"]); // same reach graph given, but the pictures differ
      // a horn within 10° is still the same mark
      changed.dots[i].mark = { kind: "horn", facing: ((body.dots[i].mark as { facing: number }).facing + 9) % 360 };
      expect(compareCarillon(levelOf(body), { ...levelOf(body), body: changed }, thresholds).reasons).toContain("same-picture");
    }
  });

  it("random unrelated levels are not the same", () => {
    const rng = createRng("dedup/carillon-unrelated");
    for (let k = 0; k < 40; k++) {
      const a = levelOf(randomField(rng, { marks: k % 2 ? ["bell", "horn"] : [] }));
      const b = levelOf(randomField(rng, { marks: k % 2 ? ["bell", "horn"] : [] }));
      const result = compareCarillon(a, b, thresholds);
      expect(result.same).toBe(false);
      expect(result.basis === "closest" || result.basis === null).toBe(true);
    }
  });

  it("same answer needs the winning first taps to correspond", () => {
    // three dots in a row; b is a with the far dot moved 200 units: 2 of 3 paired (67% ≥ 55%)
    const a: CarillonDedupLevel = {
      body: { width: 640, height: 900, dots: [dot(100, 100, "big"), dot(300, 100, "normal"), dot(500, 100, "normal")] },
      reachGraph: graphFromEdges(3, [[0, 1]]),
      winningFirstTaps: [0, 2],
    };
    const moved: CarillonDedupLevel = { ...a, body: { ...a.body, dots: [dot(100, 100, "big"), dot(300, 100, "normal"), dot(500, 700, "normal")] } };
    expect(compareCarillon(a, moved, thresholds).reasons).toEqual(["same-picture", "same-chains"]); // dot 2 wins in both but is not paired
    const sameWins = { ...moved, winningFirstTaps: [0] };
    const aOneWin = { ...a, winningFirstTaps: [0] };
    expect(compareCarillon(aOneWin, sameWins, thresholds).reasons).toEqual(["same-picture", "same-answer", "same-chains"]);
    // with a different winning tap the answer differs
    expect(compareCarillon(aOneWin, { ...sameWins, winningFirstTaps: [1] }, thresholds).reasons).not.toContain("same-answer");
  });

  it("same answer holds at 30% of the picture, same picture only from 55%", () => {
    // 10 dots; b keeps the first k in place and moves the rest far away (and out of each other's way)
    const base = Array.from({ length: 10 }, (_, i) => dot(60 + 55 * i, 120, "normal"));
    const level = (dots: ReturnType<typeof dot>[]): CarillonDedupLevel => ({ body: { width: 640, height: 900, dots }, reachGraph: graphFromEdges(10, []), winningFirstTaps: [0] });
    const a = level(base);
    const shifted = (k: number) => level(base.map((d, i) => (i < k ? d : { ...d, y: 640 + 23 * i, x: 60 + 3 * i })));
    const reasons = (k: number) => compareCarillon(a, shifted(k), thresholds).reasons.filter((r) => r !== "same-chains");
    expect(reasons(2)).toEqual([]);
    expect(reasons(3)).toEqual(["same-answer"]);
    expect(reasons(5)).toEqual(["same-answer"]);
    expect(reasons(6)).toEqual(["same-picture", "same-answer"]);
  });

  it("rejects a reach graph that is not keyed by dot index", () => {
    const level = levelOf(randomField(createRng("dedup/bad"), { dots: [5, 5] }));
    const bad = { ...level, reachGraph: graphFromEdges(4, []) };
    expect(() => compareCarillon(level, bad, thresholds)).toThrow(InputError);
    expect(() => compareCarillon(level, { ...level, winningFirstTaps: [7] }, thresholds)).toThrow(/^dedup\/carillon: /);
  });
});

function dot(x: number, y: number, size: "small" | "normal" | "big") {
  return { x, y, size, note: 0 };
}
