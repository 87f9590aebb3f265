import { describe, expect, it } from "vitest";
import { NoAnswerError } from "../../src/io/errors.ts";
import { apsisBackend, blockGraph, findHoldCycle, holdGraph, loadSkyModel, ruleHolds, skyLimits, skyRounds, solveSky, arrowShape } from "../../src/apsis/index.ts";
import { loadFixture } from "./load-fixture.ts";

const sky = loadSkyModel();

describe("apsis rounds solver (SPEC 5.3)", () => {
  it("the spec's check value: one waits on a second, the second on a third, a fourth free → reads 7, depth 3", () => {
    const body = loadFixture("spec-check-four-arrows");
    const solved = solveSky(body);
    // Block graph: arrow 0 (ring 1) is blocked by 1 (ring 3) and 2 (ring 5); 1 by 2; 3 is free.
    expect(solved.blocks.hasEdge("1", "0")).toBe(true);
    expect(solved.blocks.hasEdge("2", "1")).toBe(true);
    expect(solved.blocks.inDegree("3")).toBe(0);
    expect(solved.rounds).toEqual([3, 2, 1, 1]);
    expect(solved.solution).toEqual([[2, 3], [1], [0]]);
    expect(solved.reads).toBe(7);
    expect(solved.depth).toBe(3);
    expect(solved.freeAtStart).toBe(2);
  });

  it("measure output has the SPEC 3 shape", () => {
    const { solution, measure } = apsisBackend.solve(loadFixture("spec-check-four-arrows"));
    expect(solution).toEqual([[2, 3], [1], [0]]);
    expect(measure).toEqual({ arrows: 4, depth: 3, reads: 7, freeAtStart: 2, rounds: [3, 2, 1, 1], concepts: [] });
    expect(apsisBackend.grade(loadFixture("spec-check-four-arrows"))).toEqual({ reads: 7, depth: 3, arrows: 4, freeAtStart: 2, rules: 0 });
  });

  it("reads = Σ rounds = Σ over rounds of the arrows still on the board", () => {
    const solved = solveSky(loadFixture("spec-check-four-arrows"));
    let onBoard = solved.arrows;
    let sum = 0;
    for (const members of solved.solution) {
      sum += onBoard;
      onBoard -= members.length;
    }
    expect(sum).toBe(solved.reads);
  });

  it("a cycle in the hold graph throws a clear error naming the arrows", () => {
    const body = loadFixture("key-cycle");
    expect(() => solveSky(body)).toThrow(NoAnswerError);
    try {
      solveSky(body);
    } catch (err) {
      expect((err as Error).message).toMatch(/^apsis\/rounds: the sky cannot be cleared: arrows 1, 0 hold each other in a cycle/);
      expect((err as Error).message).toContain("arrow 0 waits on arrow 1 (key)");
      expect((err as NoAnswerError).detail).toEqual({ cycle: [1, 0] });
    }
  });

  it("finds a geometric cycle too (two arrows on each other's way)", () => {
    // Hand graph: 0 → 1 → 2 → 0 (blocks) plus a free arrow 3.
    const shapes = [0, 1, 2, 3].map((i) => arrowShape({ ring: 5, angle: i * 90, length: 36, direction: i * 90 }, sky));
    const graph = blockGraph(shapes, skyLimits(sky));
    graph.addEdge("0", "1", { kinds: ["block"] });
    graph.addEdge("1", "2", { kinds: ["block"] });
    graph.addEdge("2", "0", { kinds: ["block"] });
    expect(findHoldCycle(graph)).toEqual([2, 1, 0]);
    expect(() => skyRounds(graph)).toThrow(/arrows 2, 1, 0 hold each other in a cycle/);
  });

  it("the hold graph adds rule edges without touching the block graph", () => {
    const body = loadFixture("key-and-lock");
    const shapes = body.arrows.map((a) => arrowShape(a, sky));
    const blocks = blockGraph(shapes, skyLimits(sky));
    const holds = holdGraph(blocks, ruleHolds(body));
    expect(blocks.size).toBe(1);
    expect(holds.size).toBe(2);
    expect(holds.getEdgeAttribute("0", "2", "kinds")).toEqual(["key"]);
  });
});
