import { describe, expect, it } from "vitest";
import { modelSchema, type Constraint } from "../../src/io/schemas/model.ts";
import { breakLine, findBreaks, type SequenceLevel } from "../../src/select/rules/find-breaks.ts";

// The independent checker of SPEC 12's concept rules, by hand: each rule on a sequence written out
// level by level, every break with its words; and the model file's contradictions, named at read.

/** Levels 1.. in one chapter (or the chapters given), each with its concepts and a metric v. */
function seq(concepts: string[][], v?: number[], chapters?: number[]): SequenceLevel[] {
  return concepts.map((c, i) => ({ number: i + 1, id: `L${i + 1}`, metrics: { v: v?.[i] ?? i }, concepts: c, chapter: chapters?.[i] ?? 1 }));
}

const lines = (levels: SequenceLevel[], constraints: Constraint[]) => findBreaks(levels, constraints).map(breakLine);

describe("findBreaks: concept rules (SPEC 12)", () => {
  it("practice: SPEC 12's own example, worded as the spec words it", () => {
    const levels = seq([[], [], [], [], [], ["splitter"], ["splitter", "splitter3"], ["splitter3"], ["splitter"], ["mirror"]]);
    expect(lines(levels, [{ type: "practice", levels: 2 }])).toEqual(["level 7: introduces splitter3 1 level after splitter — practice 2"]);
    // Level 10 introduces mirror 3 levels after splitter3 (levels 8 and 9 between): allowed.
    expect(lines(levels, [{ type: "practice", levels: 3 }])).toEqual([
      "level 7: introduces splitter3 1 level after splitter — practice 3",
      "level 10: introduces mirror 3 levels after splitter3 — practice 3",
    ]);
    const b = findBreaks(levels, [{ type: "practice", levels: 2 }])[0];
    expect(b.concepts).toEqual(["splitter3", "splitter"]);
  });

  it("introduce: a concept carried before one ahead of it in the order; the same level may bring both", () => {
    const order: Constraint = { type: "introduce", order: ["a", "b", "c"] };
    expect(lines(seq([["a"], ["b"], ["c"]]), [order])).toEqual([]);
    expect(lines(seq([["a", "b", "c"], ["c"]]), [order])).toEqual([]);
    expect(lines(seq([["b"], ["a"], ["c", "b"], ["x"]]), [order])).toEqual(["level 1: carries b before a is introduced — introduce a, b, c"]);
    expect(lines(seq([["c"], ["c", "a"]]), [order])).toEqual([
      "level 1: carries c before a and b are introduced — introduce a, b, c",
      "level 2: carries c before b is introduced — introduce a, b, c",
    ]);
  });

  it("introduceAt: before from, after to, never by to; a window before the first level is not checked", () => {
    const at: Constraint = { type: "introduceAt", concept: "k", from: 3, to: 4 };
    expect(lines(seq([[], [], ["k"], []]), [at])).toEqual([]);
    expect(lines(seq([[], [], [], ["k"]]), [at])).toEqual([]);
    expect(lines(seq([[], ["k"], [], []]), [at])).toEqual(["level 2: introduces k at level 2, before level 3 — introduceAt k 3..4"]);
    expect(lines(seq([[], [], [], [], ["k"]]), [at])).toEqual(["level 4: k is not introduced by level 4 (it comes at level 5) — introduceAt k 3..4"]);
    expect(lines(seq([[], [], [], [], []]), [at])).toEqual(["level 4: k is not introduced by level 4 — introduceAt k 3..4"]);
    // A sequence that ends before level 4 may still bring k later.
    expect(lines(seq([[], [], []]), [at])).toEqual([]);
    // Levels 11.. cannot tell when a concept due by level 4 came.
    const late = seq([["k"], []]).map((l, i) => ({ ...l, number: 11 + i }));
    expect(lines(late, [at])).toEqual([]);
    // Numbers with a gap: due by level 4, the sequence jumps from 2 to 7.
    const gap = seq([[], [], ["k"]]).map((l, i) => ({ ...l, number: [1, 2, 7][i] }));
    expect(lines(gap, [at])).toEqual(["level 2: k is not introduced by level 4 (it comes at level 7) — introduceAt k 3..4"]);
  });

  it("maxNew: more new concepts than by in one level", () => {
    expect(lines(seq([["a", "b"], ["a", "c", "d", "e"]]), [{ type: "maxNew", by: 2 }])).toEqual(["level 2: introduces c, d, e: 3 new concepts (at most 2) — maxNew 2"]);
  });

  it("quota: per game and per chapter, at most and at least", () => {
    const levels = seq([["a"], [], ["a"], ["a"], [], []], undefined, [1, 1, 1, 2, 2, 2]);
    expect(lines(levels, [{ type: "quota", concept: "a", max: 2 }])).toEqual(["level 4: a on the 3rd level (at most 2 in the game) — quota a ≤ 2"]);
    expect(lines(levels, [{ type: "quota", concept: "a", min: 4 }])).toEqual(["level 6: a on 3 levels (at least 4 in the game) — quota a ≥ 4"]);
    expect(lines(levels, [{ type: "quota", concept: "a", min: 2, max: 2, scope: "chapter" }])).toEqual([
      "level 6: a on 1 level of chapter 2 (at least 2 in chapter 2) — quota a 2 per chapter",
    ]);
    expect(lines(levels, [{ type: "quota", concept: "a", max: 1, scope: "chapter" }])).toEqual([
      "level 3: a on the 2nd level of chapter 1 (at most 1 in chapter 1) — quota a ≤ 1 per chapter",
    ]);
  });

  it("maxRun(concepts): the same set, compared whole, the empty set too", () => {
    const run: Constraint = { type: "maxRun", key: "concepts", length: 2 };
    expect(lines(seq([["a", "b"], ["b", "a"], ["a", "b"], ["a"], [], [], []]), [run])).toEqual([
      "level 3: concepts a, b for the 3rd level in a row (at most 2 in a row carry one set) — maxRun(concepts)",
      "level 7: no concepts for the 3rd level in a row (at most 2 in a row carry one set) — maxRun(concepts)",
    ]);
  });

  it('scope "introduction": a chain rule does not look back from a level that introduces a concept, and a run restarts there', () => {
    const levels = seq([[], ["a"], ["a"], ["a", "b"], ["b"]], [1, 2, 0, 0, 0]);
    expect(lines(levels, [{ type: "nonDecreasing", key: "v" }])).toEqual(["level 3: v 0 after 2 — nonDecreasing(v)"]);
    // Level 3 introduces nothing: the fall stays a break; level 4 introduces b, and the run of 0s restarts there.
    expect(lines(levels, [{ type: "nonDecreasing", key: "v", scope: "introduction" }])).toEqual(["level 3: v 0 after 2 — nonDecreasing(v)"]);
    expect(lines(levels, [{ type: "maxRun", key: "v", length: 2, precision: 1 }])).toEqual(["level 5: v 0 for the 3rd level in a row (at most 2 share 0 to 1) — maxRun(v)"]);
    expect(lines(levels, [{ type: "maxRun", key: "v", length: 2, precision: 1, scope: "introduction" }])).toEqual([]);
    const fall = seq([[], ["a"]], [5, 1]);
    expect(lines(fall, [{ type: "maxDrop", key: "v", by: 1, scope: "introduction" }])).toEqual([]);
  });

  it("leaves every other rule as before: a sequence without concepts under concept rules has no concept break but quotas and deadlines", () => {
    const plain = seq([[], [], []]);
    expect(lines(plain, [{ type: "practice", levels: 3 }, { type: "maxNew", by: 1 }, { type: "introduce", order: ["a", "b"] }, { type: "maxRun", key: "v", length: 1, precision: 1 }])).toEqual([]);
    expect(lines(plain, [{ type: "quota", concept: "a", min: 1 }])).toEqual(["level 3: a on 0 levels (at least 1 in the game) — quota a ≥ 1"]);
  });
});

describe("model schema: concept constraints (SPEC 12)", () => {
  const model = (constraints: unknown[]) => modelSchema.safeParse({ format: "levelramp/model@1", metric: "v", constraints });
  const issues = (constraints: unknown[]) => {
    const r = model(constraints);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes every concept rule and the introduction scope", () => {
    expect(
      issues([
        { type: "introduce", order: ["a", "b"] },
        { type: "introduceAt", concept: "a", from: 2, to: 4 },
        { type: "maxNew", by: 1 },
        { type: "practice", levels: 2 },
        { type: "quota", concept: "b", min: 1, max: 3, scope: "chapter" },
        { type: "maxRun", key: "concepts", length: 3 },
        { type: "nonDecreasing", key: "v", scope: "introduction" },
      ]),
    ).toEqual([]);
  });

  it("names contradictions and bad values at read", () => {
    expect(issues([{ type: "introduce", order: ["a", "b", "a"] }])).toEqual(['constraints.0.order.2: expected each concept once in an introduce order; "a" is also order[0] (a concept cannot come both before and after another)']);
    expect(issues([{ type: "introduceAt", concept: "a", from: 5, to: 4 }])).toEqual(["constraints.0.to: expected from ≤ to (the first level the concept may come at, then the last)"]);
    expect(issues([{ type: "introduceAt", concept: "a" }])).toEqual(["constraints.0: expected from or to (or both): the window of level numbers the concept is introduced in"]);
    expect(issues([{ type: "quota", concept: "a", min: 3, max: 2 }])).toEqual(["constraints.0.max: expected min ≤ max"]);
    expect(issues([{ type: "introduceAt", concept: "a", to: 4 }, { type: "introduceAt", concept: "a", from: 6 }])[0]).toMatch(/^constraints\.1: expected introduceAt windows of "a" that meet/);
    expect(issues([{ type: "quota", concept: "a", min: 3 }, { type: "quota", concept: "a", max: 2 }])[0]).toMatch(/^constraints\.1: expected quotas of "a" \(game\) that leave a count/);
    expect(issues([{ type: "quota", concept: "a", min: 3 }, { type: "quota", concept: "a", max: 2, scope: "chapter" }])).toEqual([]);
    expect(issues([{ type: "introduce", order: ["a", "b"] }, { type: "introduceAt", concept: "a", from: 10 }, { type: "introduceAt", concept: "b", to: 8 }])[0]).toMatch(/^constraints\.0\.order\.1: expected an order its introduceAt windows allow; "b" must come by level 8/);
    expect(issues([{ type: "maxNew", by: 0 }])).toEqual(["constraints.0.by: expected at least 1 (0 would forbid every concept)"]);
    expect(issues([{ type: "introduce", order: ["a;b"] }])[0]).toMatch(/^constraints\.0\.order\.0: expected a concept name without ';'/);
  });

  it('maxRun on "concepts" takes no precision; a metric needs one; "concepts" is no metric name', () => {
    expect(issues([{ type: "maxRun", key: "concepts", length: 2, precision: 1 }])[0]).toMatch(/^constraints\.0\.precision: expected no precision for key "concepts"/);
    expect(issues([{ type: "maxRun", key: "v", length: 2 }])[0]).toMatch(/^constraints\.0\.precision: expected a precision/);
    expect(issues([{ type: "nonDecreasing", key: "concepts" }])[0]).toMatch(/^constraints\.0\.key: expected a metric name other than "concepts"/);
    expect(modelSchema.safeParse({ format: "levelramp/model@1", metric: "concepts" }).success).toBe(false);
    expect(issues([{ type: "quota", concept: "a", min: 1, scope: "introduction" }])).toHaveLength(1);
  });
});
