import { describe, expect, it } from "vitest";
import {
  apsisBackend,
  buildSky,
  checkLevel,
  largestRingShare,
  loadBuilderModel,
  parseApsisRules,
  replayLaunches,
  ruleHolds,
  ruleNeeded,
  rulesInEffect,
  solveSky,
  withoutRule,
} from "../../src/apsis/index.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { loadFixture } from "./load-fixture.ts";

describe("apsis rules (SPEC 5.4)", () => {
  it("key and lock: the lock waits until its key's arrow has left", () => {
    const body = loadFixture("key-and-lock");
    // Arrow 0 (key A) is blocked by 1; arrow 2 (lock A) is free on its own.
    expect(ruleHolds(body)).toEqual([{ from: 0, to: 2, rule: "key" }]);
    expect(solveSky(body).rounds).toEqual([2, 1, 3]);
    expect(solveSky(withoutRule(body, "key")).rounds).toEqual([2, 1, 1]);
    expect(ruleNeeded(body, "key")).toEqual({ rule: "key", needed: true, changed: [2] });
    expect(checkLevel(body, solveSky(body).solution, ["key"])).toEqual([]);
  });

  it("numbers: arrow n waits while a lower number is on the board", () => {
    const body = loadFixture("numbers");
    expect(ruleHolds(body)).toEqual([{ from: 0, to: 2, rule: "number" }]);
    expect(solveSky(body).rounds).toEqual([2, 1, 3]);
    expect(ruleNeeded(body, "number").changed).toEqual([2]);
    expect(checkLevel(body, solveSky(body).solution, ["number"])).toEqual([]);
  });

  it("falling ring: arrows inside a marked ring wait until every arrow on it has left", () => {
    const body = loadFixture("falling-ring");
    expect(ruleHolds(body)).toEqual([{ from: 0, to: 2, rule: "falling" }]);
    expect(solveSky(body).rounds).toEqual([2, 1, 3]);
    expect(ruleNeeded(body, "falling").changed).toEqual([2]);
    expect(checkLevel(body, solveSky(body).solution, ["falling"])).toEqual([]);
    // Arrows on or outside the ring are not held by it.
    expect(ruleHolds({ ...body, fallingRings: [1] })).toEqual([]);
  });

  it("the rule-needed check fails when the key already stands in its lock's way", () => {
    const body = loadFixture("key-not-needed");
    const need = ruleNeeded(body, "key");
    expect(need.needed).toBe(false);
    const problems = checkLevel(body, solveSky(body).solution, ["key"]);
    expect(problems.map((p) => p.reason)).toEqual(["rule-needed"]);
    expect(apsisBackend.validate(body, solveSky(body).solution, ["key"]).map((p) => p.reason)).toEqual(["rule-needed"]);
  });

  it("checks that listed rules are in effect and rules in effect are listed", () => {
    const body = loadFixture("key-and-lock");
    const solution = solveSky(body).solution;
    expect(checkLevel(body, solution, []).map((p) => p.reason)).toEqual(["rule-unlisted"]);
    expect(checkLevel(body, solution, ["key", "number"]).map((p) => p.reason)).toEqual(["rule-missing"]);
    expect(checkLevel(body, solution, ["key", "bell"]).map((p) => p.reason)).toEqual(["rule-unknown"]);
    expect(rulesInEffect(body)).toEqual(["key"]);
    expect(() => parseApsisRules(["falling", "bell"])).toThrow(/apsis\/rules: unknown rule "bell"/);
  });

  it("flags a lock without a key and a sky that cannot be cleared", () => {
    const body = loadFixture("key-and-lock");
    const orphan = { ...body, arrows: body.arrows.map((a, i) => (i === 0 ? { ring: a.ring, angle: a.angle, length: a.length, direction: a.direction } : a)) };
    expect(checkLevel(orphan, solveSky(orphan).solution, ["key"]).map((p) => p.reason)).toContain("lock-without-key");
    expect(checkLevel(loadFixture("key-cycle"), [], ["key"]).map((p) => p.reason)).toEqual(["cycle"]);
  });
});

describe("apsis hearts (SPEC 5.3)", () => {
  it("replaying the rounds solution launch by launch loses 0 hearts", () => {
    for (const name of ["spec-check-four-arrows", "key-and-lock", "numbers", "falling-ring"]) {
      const body = loadFixture(name);
      const replay = replayLaunches(body, solveSky(body).solution.flat());
      expect(replay).toMatchObject({ heartsLost: 0, cleared: true, lost: false, remaining: [] });
    }
  });

  it("launching a held arrow loses one heart and the arrow stays", () => {
    const body = loadFixture("spec-check-four-arrows");
    // Arrow 0 waits on 1 and 2: launched first it is held.
    const replay = replayLaunches(body, [0, 2, 3, 1, 0]);
    expect(replay.heartsLost).toBe(1);
    expect(replay.launches[0]).toEqual({ arrow: 0, heldBy: ["blocked by 1", "blocked by 2"] });
    expect(replay.cleared).toBe(true);
    expect(replay.lost).toBe(false);
  });

  it("each rule holds in the replay: a lock, a higher number, an arrow inside a standing ring", () => {
    expect(replayLaunches(loadFixture("key-and-lock"), [2]).launches[0].heldBy).toEqual(["lock A (key on 0)"]);
    expect(replayLaunches(loadFixture("numbers"), [2]).launches[0].heldBy).toEqual(["number 1 (arrow 0) still on"]);
    expect(replayLaunches(loadFixture("falling-ring"), [2]).launches[0].heldBy).toEqual(["ring 3 still stands"]);
  });

  it("running out of hearts loses the level", () => {
    const body = loadFixture("spec-check-four-arrows");
    const replay = replayLaunches(body, [0, 0, 0, 2]);
    expect(replay).toMatchObject({ heartsLost: 3, lost: true, cleared: false });
    expect(replay.launches).toHaveLength(3);
  });

  it("validate names a solution that is not the rounds solution and a replay that loses hearts", () => {
    const body = loadFixture("spec-check-four-arrows");
    const reasons = checkLevel(body, [[0, 2, 3], [1]], []).map((p) => p.reason);
    expect(reasons).toEqual(["solution", "replay"]);
    // Launching one arrow twice and another never is not the rounds solution either.
    expect(checkLevel(body, [[2, 2], [1], [0]], []).map((p) => p.reason)).toEqual(["solution", "replay"]);
  });
});

describe("apsis size and spread (SPEC 5.2)", () => {
  it("validate names a sky over maxArrows and a ring holding more than 35% of a sky of 20+ arrows; the same sky passes within them", () => {
    const built = buildSky({ arrows: 24, rng: createRng("spread-check") });
    if (!built.ok) throw new Error("build failed");
    const body = built.sky.body;
    const solution = solveSky(body).solution;
    const builder = loadBuilderModel();
    expect(checkLevel(body, solution, [])).toEqual([]);
    // 24 arrows: a cap of 8 (33%) holds; at most 35% means 8 too, so a limit of 30% (7) must flag the fullest ring.
    const fullest = Math.round(largestRingShare(body.arrows) * 24);
    expect(fullest).toBeLessThanOrEqual(8);
    const tighter = { ...builder, spread: { maxRingShare: (fullest - 1) / 24, fromArrows: 20 } };
    const crowded = checkLevel(body, solution, [], undefined, tighter);
    expect(crowded.map((p) => p.reason)).toEqual(["ring-crowded"]);
    expect(crowded[0].message).toMatch(new RegExp(`holds ${fullest} of 24 arrows`));
    expect(checkLevel(body, solution, [], undefined, { ...tighter, spread: { ...tighter.spread, fromArrows: 25 } })).toEqual([]);
    expect(checkLevel(body, solution, [], undefined, { ...builder, maxArrows: 23 }).map((p) => p.reason)).toEqual(["arrows-over"]);
  });
});
