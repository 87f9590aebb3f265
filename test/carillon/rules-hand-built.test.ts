// Every rule of SPEC 4.4 on a hand-built field: goal, winning first taps and bits with the
// mark differ from the same field without it (values computed by hand in the comments; default
// lean: weight 1 for a preview at least half the largest in the current state, 0.25 below).
// Geometry: radius/reach small 12/60, normal 18/110, big 26/170; A reaches B when
// dist − radius(B) ≤ reach(A); rings travel 110 units per beat.
import { describe, expect, it } from "vitest";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { plainBody } from "../../src/carillon/check/mark-units.ts";
import { measureCarillon } from "../../src/carillon/measure/measure-carillon.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();

function both(name: string) {
  const body = loadFixture(name);
  expect(body.dots.some((d) => d.mark)).toBe(true);
  const rules = measureCarillon(body, { models });
  const plain = measureCarillon(plainBody(body), { models });
  expect(plain.engine.rules).toBeNull(); // the plain field really is played by the plain model
  expect(rules.engine.rules).not.toBeNull();
  return { rules, plain };
}

describe("each rule changes goal, winning first taps and bits (SPEC 4.4)", () => {
  it("heavy bell: one hit cracks it, the crack lasts, a second hit or a tap pops it", () => {
    // Big 0 (120,300) → normal 1 (285,300) ↔ normal 2 (390,300); the bell is dot 1.
    // Plain: 0's chain pops everything: goal 1, only 0 wins; previews 3,2,2 all weigh 1 → log2 3.
    // Bell: tapping 0 only cracks 1 (one pop); tapping 1 pops 1 and 2; tapping 2 pops 2 and cracks 1.
    // Goal 2 and every first tap wins (0 then 1 or 2; 1 then 0; 2 then 0, whose hit pops the cracked bell).
    // Bits: previews 1,2,1 all weigh 1 (≥ half of 2). After 0: both taps clear (p 1). After 1: p 1.
    // After 2 ({0, cracked 1}): tap 0 clears, tap 1 leaves 0; previews 2,1 weigh 1,1 → p ½.
    // p = (1 + 1 + ½)/3 = 5/6 → log2(6/5) ≈ 0.263.
    const { rules, plain } = both("bell-cracks-middle-of-line");
    expect([plain.goal, plain.winningFirstTaps]).toEqual([1, [0]]);
    expect(plain.bits).toBeCloseTo(Math.log2(3), 9);
    expect(rules.goal).toBe(2);
    expect(rules.winningFirstTaps).toEqual([0, 1, 2]);
    expect(rules.bits).toBeCloseTo(Math.log2(6 / 5), 9);
  });

  it("echo stone: popped by a ring it echoes the popper's size; tapped, its own", () => {
    // Big 0 (100,300); small echo 1 (230,300): 0 reaches it (130−12 = 118 ≤ 170); normal 2 (370,300):
    // 1's own ring misses it (140−18 = 122 > 60), a big echo reaches it (122 ≤ 170).
    // Plain: sources {0} and {2}: goal 2, winning 0 and 2. Previews 2,1,1 all weigh 1:
    // after 0 p 1; after 1 p 0; after 2 ({0,1}) p ½ → p ½ → 1 bit.
    // Echo: 0 pops 1, which echoes a big ring and pops 2: goal 1, only 0 wins. Previews 3,1,1
    // weigh 1, ¼, ¼ → p = 1/1.5 → log2 1.5 ≈ 0.585.
    const { rules, plain } = both("echo-small-stone-echoes-big-ring");
    expect([plain.goal, plain.winningFirstTaps, plain.bits]).toEqual([2, [0, 2], 1]);
    expect([rules.goal, rules.winningFirstTaps]).toEqual([1, [0]]);
    expect(rules.bits).toBeCloseTo(Math.log2(1.5), 9);
  });

  it("horn: twice the reach inside its ±45° cone, nothing outside it", () => {
    // Normal horn 0 (100,300) facing 0°; normal 1 (300,300): 182 > 110 but ≤ 220, inside the cone;
    // normal 2 (100,400) at 90°: mutual with 0 in plain reach (82 ≤ 110), outside the cone.
    // Plain: {0,2} and {1}: goal 2, every first tap wins, previews 2,1,2 all weigh 1 → p 1 → 0 bits.
    // Horn: 0 pops 1 but not 2; 2 pops 0, whose cone pops 1: goal 1, only 2 wins.
    // Previews 2,1,3 weigh 1, ¼, 1 → p = 1/2.25 → log2(9/4) ≈ 1.170.
    const { rules, plain } = both("horn-cone-reaches-far-dot");
    expect([plain.goal, plain.winningFirstTaps, plain.bits]).toEqual([2, [0, 1, 2], 0]);
    expect([rules.goal, rules.winningFirstTaps]).toEqual([1, [2]]);
    expect(rules.bits).toBeCloseTo(Math.log2(9 / 4), 9);
  });

  it("duet: when one of the pair pops, the other pops at the same moment wherever it is", () => {
    // Two lines big→normal↔normal at y 200 (0,1,2) and 700 (3,4,5); duet 2↔3.
    // Plain: goal 2, winning 0 and 3, log2 9 bits (fixture two-lines-far-apart).
    // Duet: 0's chain reaches 2, which pops 3 and its line: goal 1, only 0 wins (3 pops 2 and 1, never 0).
    // Previews 6,5,5,5,2,2 weigh 1,1,1,1,¼,¼ → p = 1/4.5 → log2 4.5 ≈ 2.170.
    const { rules, plain } = both("duet-joins-two-lines");
    expect([plain.goal, plain.winningFirstTaps]).toEqual([2, [0, 3]]);
    expect(plain.bits).toBeCloseTo(Math.log2(9), 9);
    expect([rules.goal, rules.winningFirstTaps]).toEqual([1, [0]]);
    expect(rules.bits).toBeCloseTo(Math.log2(4.5), 9);
  });

  it("drifter: moves by its step after every tap, so a tap changes what the next one reaches", () => {
    // Normal 0 (100,300); drifter 1 (280,300) step [−80, 0]: at tap 0 it is 162 from 0's edge reach
    // (misses), after one tap at (200,300), 82 (mutual reach). 2 (100,600) ↔ 3 (100,700) mutual.
    // Plain: three sources {0}, {1}, {2,3}: goal 3, every first tap wins, previews 1,1,2,2 weigh 1
    // → p 1 → 0 bits.
    // Drifter: tap 2 or 3 first, then 0 or 1 pops both: goal 2, winning 2 and 3.
    // p = 2/4 · 1 = ½ → 1 bit.
    const { rules, plain } = both("drifter-comes-into-reach");
    expect([plain.goal, plain.winningFirstTaps, plain.bits]).toEqual([3, [0, 1, 2, 3], 0]);
    expect([rules.goal, rules.winningFirstTaps, rules.bits]).toEqual([2, [2, 3], 1]);
    expect(rules.fair.problems).toEqual([]);
    expect(rules.solution).toEqual([2, 0]);
  });

  it("home note: it must pop last, or the level is lost", () => {
    // Big 0 (120,300) → normal home 1 (285,300) → small 2 (380,300), whose ring (60) misses 1 (77 away).
    // Plain: 0's chain pops everything: goal 1, only 0 wins. Previews 3, 2, 1 weigh 1, 1, ¼ → p = 1/2.25
    // → log2(9/4) ≈ 1.170.
    // Home: tapping 0 pops the home note while 2 is still on the field (lost); tapping 1 loses at once;
    // so 2 goes first, then 0 (home last): goal 2, only 2 wins. Start previews 3, 2, 1 (a lost tap still
    // pops its chain) weigh 1, 1, ¼; after 2, previews 2 (0 wins) and 1 (1 loses) both weigh 1 → p = ½.
    // p = ¼/2.25 · ½ = 1/18 → log2 18 ≈ 4.170.
    const { rules, plain } = both("home-note-mid-line");
    expect([plain.goal, plain.winningFirstTaps]).toEqual([1, [0]]);
    expect(plain.bits).toBeCloseTo(Math.log2(9 / 4), 9);
    expect([rules.goal, rules.winningFirstTaps]).toEqual([2, [2]]);
    expect(rules.bits).toBeCloseTo(Math.log2(18), 9);
    expect(rules.solved.solution).toEqual([2, 0]);
  });

  it("home note on the line that ends on it: the same goal, but that line must be played last", () => {
    // Two lines big→normal↔normal at y 200 (0,1,2) and 700 (3,4,5), home on 2 (popping last in 0's chain).
    // Home: line 2 must go first (tap 3), then 0: goal 2, only 3 wins (plain: 0 and 3).
    // Previews 3,2,2,3,2,2 all weigh 1; only 3 wins; after it ({0,1,2}) previews 3,2,2 all weigh 1 and
    // only 0 wins → p = 1/6 · 1/3 → log2 18 ≈ 4.170 (plain log2 9).
    const { rules, plain } = both("home-note-last-in-line");
    expect([plain.goal, plain.winningFirstTaps]).toEqual([2, [0, 3]]);
    expect([rules.goal, rules.winningFirstTaps]).toEqual([2, [3]]);
    expect(rules.bits).toBeCloseTo(Math.log2(18), 9);
    expect(rules.solution).toEqual([3, 0]);
  });

  it("round bells: each pops only after every lower number; a hit or tap out of turn is lost", () => {
    // Three-dot line with round bells 1 = order 2, 2 = order 1.
    // 0's ring hits 1 out of turn (lost); tapping 1 first is a wasted tap; tapping 2 pops 2 then 1.
    // Goal 2, winning 0 and 2. Previews 1,0,2 weigh 1, ¼, 1 (total 2.25).
    // After 0 ({1,2}): tap 1 (preview 0, ¼) loses, tap 2 (2, 1) clears → p 0.8; after 1: p 0;
    // after 2: p 1. p = (0.8 + 0 + 1)/2.25 = 0.8 → log2 1.25 ≈ 0.322.
    const { rules, plain } = both("round-bells-out-of-order");
    expect([plain.goal, plain.winningFirstTaps]).toEqual([1, [0]]);
    expect([rules.goal, rules.winningFirstTaps]).toEqual([2, [0, 2]]);
    expect(rules.bits).toBeCloseTo(Math.log2(1.25), 9);
  });
});
