import { describe, expect, it } from "vitest";
import { assignNotes } from "../../src/carillon/compose/melody/assign-notes.ts";
import { loadComposeModels } from "../../src/carillon/model/load-compose-model.ts";
import { intervalCost, melodyCost, melodyScore, type MelodyModel, type Voice } from "../../src/carillon/compose/melody/melody-cost.ts";
import type { DotSize } from "../../src/carillon/model/physics-model.ts";
import { createRng } from "../../src/random/index.ts";

const { compose } = loadComposeModels();
const model: MelodyModel = compose;

/** A plain chain of `n` pops (each popped by the one before), the last one final. */
const path = (sizes: DotSize[]): Voice => ({
  sizes,
  parent: sizes.map((_, k) => k - 1),
  final: sizes.map((_, k) => k === sizes.length - 1),
});

/** Every note assignment the sizes allow (the plain reference of the exact search). */
function bruteForce(voice: Voice): number {
  let best = Infinity;
  const notes: number[] = [];
  const walk = (k: number) => {
    if (k === voice.sizes.length) {
      best = Math.min(best, melodyCost(model, voice, notes));
      return;
    }
    const [lo, hi] = model.notes.range[voice.sizes[k]];
    for (let n = lo; n <= hi; n++) {
      notes[k] = n;
      walk(k + 1);
    }
  };
  walk(0);
  return best;
}

describe("melody costs (SPEC 4.6: steps beat leaps, a leap is followed by a step back, the chain ends home)", () => {
  it("compose.json: big bells low, small bells high; costs as documented", () => {
    expect(model.notes).toEqual({ home: 0, range: { small: [3, 6], normal: [0, 6], big: [0, 3] } });
    expect(model.melody).toEqual({ step: 0, repeat: 0.5, skip: 0.6, leap: 1, unrecovered: 1, turn: 0.2, notHome: 2 });
  });

  it("interval costs by hand", () => {
    expect(intervalCost(model, 3, 2, 0)).toEqual({ cost: 0, motion: -1 });
    expect(intervalCost(model, 3, 3, 0)).toEqual({ cost: 0.5, motion: 0 });
    expect(intervalCost(model, 1, 3, 0)).toEqual({ cost: 0.6, motion: 2 });
    expect(intervalCost(model, 0, 4, 0)).toEqual({ cost: 1, motion: 2 });
    // After a leap up: a step down recovers it; a step up does not.
    expect(intervalCost(model, 4, 3, 2)).toEqual({ cost: 0, motion: -1 });
    expect(intervalCost(model, 4, 5, 2)).toEqual({ cost: 1, motion: 1 });
    // After a step up, stepping straight back is a wobble.
    expect(intervalCost(model, 4, 3, 1)).toEqual({ cost: 0.2, motion: -1 });
  });

  it("a scale down to home costs nothing; a leap-heavy line costs 7 and scores 0.3", () => {
    const voice = path(["normal", "normal", "normal", "normal", "normal"]);
    expect(melodyCost(model, voice, [4, 3, 2, 1, 0])).toBe(0);
    expect(melodyScore(model, [voice], [[4, 3, 2, 1, 0]])).toBe(1);
    // 0→4 leap (1); 4→0 leap, not a step back (1 + 1); twice more.
    expect(melodyCost(model, voice, [0, 4, 0, 4, 0])).toBe(7);
    expect(melodyScore(model, [voice], [[0, 4, 0, 4, 0]])).toBeCloseTo(1 - 7 / (4 * 2 + 2), 12);
    // Not ending home costs notHome.
    expect(melodyCost(model, voice, [0, 1, 2, 3, 4])).toBe(2);
  });

  it("a leap-heavy note assignment scores lower than the assignment the search chooses", () => {
    const voice = path(Array<DotSize>(9).fill("normal"));
    const best = assignNotes(model, voice);
    const leapy = [0, 5, 1, 6, 2, 6, 1, 5, 0];
    expect(melodyScore(model, [voice], [leapy])).toBeLessThan(melodyScore(model, [voice], [best.notes]));
    expect(melodyScore(model, [voice], [leapy])).toBeLessThan(0.5);
  });

  it("the best tune a chain's sizes allow: a big dot stays low, a small one high, every final pop ends home", () => {
    const voice = path(["normal", "big", "normal", "normal", "normal", "normal", "normal"]);
    const { notes, cost } = assignNotes(model, voice);
    expect(notes[1]).toBeLessThanOrEqual(3);
    expect(notes[6]).toBe(0);
    expect(cost).toBe(melodyCost(model, voice, notes));
    // A chain ending on a small dot cannot end home: its best tune pays notHome.
    const high = path(["normal", "normal", "small"]);
    expect(assignNotes(model, high).notes[2]).toBeGreaterThanOrEqual(3);
    expect(assignNotes(model, high).cost).toBeGreaterThanOrEqual(model.melody.notHome);
  });

  it("two branches ringing out from the middle are two lines, both ending home together", () => {
    // Tap 0; 0 pops 1 and 2 together, 1 pops 3, 2 pops 4; 3 and 4 are the last moment.
    const voice: Voice = { sizes: Array<DotSize>(5).fill("normal"), parent: [-1, 0, 0, 1, 2], final: [false, false, false, true, true] };
    const { notes, cost } = assignNotes(model, voice);
    expect(cost).toBe(0);
    expect(notes).toEqual([2, 1, 1, 0, 0]);
  });

  it("exact: the dynamic programme matches brute force on random chains and pop trees (and reports the cost it chose)", () => {
    const rng = createRng("melody-brute");
    const sizes: DotSize[] = ["small", "normal", "big"];
    let checked = 0;
    for (let t = 0; t < 120; t++) {
      const n = 1 + Math.floor(rng() * 6);
      const voice: Voice = { sizes: [], parent: [], final: [] };
      for (let k = 0; k < n; k++) {
        voice.sizes.push(sizes[Math.floor(rng() * 3)]);
        voice.parent.push(k === 0 ? -1 : rng() < 0.7 ? k - 1 : Math.floor(rng() * k));
        voice.final.push(k === n - 1 || rng() < 0.15);
      }
      const { notes, cost } = assignNotes(model, voice);
      expect(cost).toBeCloseTo(bruteForce(voice), 12);
      expect(melodyCost(model, voice, notes)).toBeCloseTo(cost, 12);
      notes.forEach((note, k) => {
        const [lo, hi] = model.notes.range[voice.sizes[k]];
        expect(note).toBeGreaterThanOrEqual(lo);
        expect(note).toBeLessThanOrEqual(hi);
      });
      checked++;
    }
    expect(checked).toBe(120);
  });
});
