import { describe, expect, it } from "vitest";
import { callAll, exampleDir } from "./json-lines.ts";

// The Node example game (examples/rush-hour) against hand-computed boards and an
// independent breadth-first search written here over plain strings.

const dir = exampleDir("rush-hour");
const argv = [process.execPath, "main.mjs"];

/** Every board one slide away from `board` (rows joined, width w): [board, "B+2"]. */
function slides(board: string, w: number): [string, string][] {
  const h = board.length / w;
  const out: [string, string][] = [];
  for (const id of new Set(board.replace(/[.x]/g, ""))) {
    const cells = [...board].flatMap((ch, i) => (ch === id ? [i] : []));
    const step = cells[1]! - cells[0]! === 1 ? 1 : w; // right or down
    const first = cells[0]!, last = cells[cells.length - 1]!;
    const inLine = (from: number, to: number) => (step === 1 ? Math.floor(from / w) === Math.floor(to / w) : to >= 0 && to < w * h);
    for (const dir of [-1, 1]) {
      let next = board;
      for (let k = 1; ; k++) {
        const enter = dir > 0 ? last + k * step : first - k * step;
        const leave = dir > 0 ? first + (k - 1) * step : last - (k - 1) * step;
        if (!inLine(dir > 0 ? last : first, enter) || next[enter] !== ".") break;
        next = next.slice(0, enter) + id + next.slice(enter + 1);
        next = next.slice(0, leave) + "." + next.slice(leave + 1);
        out.push([next, `${id}${dir > 0 ? "+" : "-"}${k}`]);
      }
    }
  }
  return out;
}

const solved = (board: string, w: number) => {
  const row = Math.floor(board.indexOf("A") / w);
  return board[row * w + w - 1] === "A";
};

/** Reference answer: fewest moves (-1: none) and the number of boards reachable from `rows`. */
function reference(rows: string[]): { moves: number; states: number } {
  const w = rows[0]!.length;
  const start = rows.join("");
  const depth = new Map([[start, 0]]);
  let moves = solved(start, w) ? 0 : -1;
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const board = queue[q]!;
    for (const [next] of slides(board, w)) {
      if (depth.has(next)) continue;
      depth.set(next, depth.get(board)! + 1);
      if (moves < 0 && solved(next, w)) moves = depth.get(next)!;
      queue.push(next);
    }
  }
  return { moves, states: depth.size };
}

/** Plays a solution on `rows` with the reference rules: the board at the end, or an error for an illegal move. */
function play(rows: string[], solution: string[]): string {
  const w = rows[0]!.length;
  return solution.reduce((board, move) => {
    const next = slides(board, w).find(([, m]) => m === move);
    if (!next) throw new Error(`illegal move ${move} on ${board}`);
    return next[0];
  }, rows.join(""));
}

describe("examples/rush-hour: solve", () => {
  it("answers hand-computed boards", async () => {
    const boards = [
      ["......", "......", "AA....", "......", "......", "......"], // drive out: 1 move
      ["......", "...B..", "AA.B..", "......", "......", "......"], // B steps aside first: 2 moves
      ["....C.", "....C.", "AA..C.", "....D.", "....D.", "......"], // C cannot get off row 2: unsolvable
      ["......", "......", "....AA", "......", "......", "......"], // already out: 0 moves
    ];
    const results = await callAll(dir, argv, "solve", boards.map((rows) => ({ level: { rows } })));
    expect(results.map((r) => r.status)).toEqual(["solved", "solved", "unsolvable", "solved"]);
    expect(results.map((r) => r.metrics.moves)).toEqual([1, 2, undefined, 0]);
    expect(results[0].solution).toEqual(["A+4"]);
    expect(results[1].metrics.blockers).toBe(1);
    expect(results[2].metrics.states).toBe(reference(boards[2]!).states);
  });

  it("agrees with an independent breadth-first search on generated boards, and its solutions play out", async () => {
    const settings = [{ vehicles: [8, 10], moves: [2, 6], states: 2500 }, { vehicles: [10, 12], moves: [7, 10], states: 2500 }];
    const requests = Array.from({ length: 8 }, (_, i) => ({ seed: `rh-${i}`, chapter: 1, part: 1, index: i, settings: settings[i % 2] }));
    const levels = (await callAll(dir, argv, "generate", requests)).map((g) => g.level).filter((l) => l !== null);
    expect(levels.length).toBeGreaterThanOrEqual(7);
    const results = await callAll(dir, argv, "solve", levels.map((level) => ({ level })));
    results.forEach((res, k) => {
      const ref = reference(levels[k].rows);
      expect(res.status).toBe("solved");
      expect([res.metrics.moves, res.metrics.states]).toEqual([ref.moves, ref.states]);
      expect(solved(play(levels[k].rows, res.solution), 6)).toBe(true);
      expect(res.solution).toHaveLength(ref.moves);
    });
    expect(Math.max(...results.map((r) => r.metrics.moves))).toBeGreaterThanOrEqual(7);
  }, 60_000);
});

/**
 * Reference concepts (SPEC 12; written apart from the game's): every board's distance
 * from the start and to a solved board (slides are reversible, so the latter is a
 * breadth-first search from every solved board), the shortest-solution moves are those
 * with dStart + 1 + dGoal = moves, and a concept is needed when no shortest solution
 * avoids it — truck (a move of a 3-cell vehicle), retreat (A moving left) — or, for
 * walls, when the board without them takes fewer moves.
 */
function referenceConcepts(rows: string[]): string[] {
  const w = rows[0]!.length;
  const start = rows.join("");
  const dStart = new Map([[start, 0]]);
  const queue = [start];
  for (let q = 0; q < queue.length; q++) for (const [next] of slides(queue[q]!, w)) if (!dStart.has(next)) (dStart.set(next, dStart.get(queue[q]!)! + 1), queue.push(next));
  const goals = queue.filter((b) => solved(b, w));
  const dGoal = new Map(goals.map((b) => [b, 0]));
  for (let q = 0; q < goals.length; q++) for (const [next] of slides(goals[q]!, w)) if (!dGoal.has(next)) (dGoal.set(next, dGoal.get(goals[q]!)! + 1), goals.push(next));
  const moves = dGoal.get(start)!;
  const length = (id: string) => [...start].filter((ch) => ch === id).length;
  /** Whether a shortest solution exists whose every move passes `ok`. */
  const avoids = (ok: (move: string) => boolean) => {
    let layer = new Set([start]);
    for (let d = 0; d < moves; d++) {
      const next = new Set<string>();
      for (const b of layer) for (const [n, m] of slides(b, w)) if (dGoal.get(n) === moves - d - 1 && ok(m)) next.add(n);
      layer = next;
    }
    return layer.size > 0;
  };
  const out: string[] = [];
  if (!avoids((m) => length(m[0]!) < 3)) out.push("truck");
  if (!avoids((m) => !m.startsWith("A-"))) out.push("retreat");
  if (start.includes("x") && reference(rows.map((r) => r.replace(/x/g, "."))).moves < moves) out.push("wall");
  return out;
}

describe("examples/rush-hour: concepts (SPEC 12)", () => {
  it("hand-computed boards: a truck in the way, a red car that must back up, a wall that matters", async () => {
    const boards = [
      // B (a car) steps aside: nothing to learn (B+2, A+4)
      ["......", "...B..", "AA.B..", "......", "......", "......"],
      // B is a truck: only B+2 clears the row, then A+4
      ["......", "...B..", "AA.B..", "...B..", "......", "......"],
      // C (truck) must go down, D in its way must go left past B (truck), and B can only go up
      // through A's cell: A backs up first — A-1, B-2, D-3, B+2, C+2, A+3
      ["...C.", ".AAC.", "..BC.", "..BDD", "..B.."],
      // the wall under B: B must go up instead, once C has moved — C-1, B-1, A+3 (without it B+2, A+3)
      ["..CC.", "...B.", "AA.B.", "...x.", "....."],
    ];
    const results = await callAll(dir, argv, "solve", boards.map((rows) => ({ level: { rows } })));
    expect(results.map((r) => r.concepts)).toEqual([[], ["truck"], ["truck", "retreat"], ["wall"]]);
    expect(results.map((r) => r.metrics.moves)).toEqual([2, 2, 6, 3]);
    expect(boards.map(referenceConcepts)).toEqual(results.map((r) => r.concepts));
  });

  it("agrees with the reference on generated boards, trucks and retreats met", async () => {
    const settings = [{ vehicles: [8, 10], moves: [4, 8], states: 1500 }, { vehicles: [10, 12], walls: [1, 1], moves: [6, 10], states: 1500 }];
    const requests = Array.from({ length: 12 }, (_, i) => ({ seed: `rh-concepts-${i}`, chapter: 1, part: 1, index: i, settings: settings[i % 2] }));
    const levels = (await callAll(dir, argv, "generate", requests)).map((g) => g.level).filter((l) => l !== null);
    const results = await callAll(dir, argv, "solve", levels.map((level) => ({ level })));
    const met = new Set<string>();
    results.forEach((res, k) => {
      expect(res.concepts, levels[k].rows.join("/")).toEqual(referenceConcepts(levels[k].rows));
      for (const c of res.concepts) met.add(c);
    });
    expect(met.has("truck") && met.has("retreat")).toBe(true);
  }, 60_000);
});

describe("examples/rush-hour: generate, key, similar, picture", () => {
  it("is a pure function of its request (two processes) and honours size and moves", async () => {
    const requests = Array.from({ length: 8 }, (_, i) => ({
      seed: `rush-hour/7/${i}`, chapter: 2, part: 1, index: i, settings: { size: 5, vehicles: [5, 7], moves: [3, 5] }, aim: { metric: "moves", target: 4 },
    }));
    const [first, second] = await Promise.all([callAll(dir, argv, "generate", requests), callAll(dir, argv, "generate", requests)]);
    expect(second).toEqual(first);
    const levels = first.filter((g) => g.level !== null).map((g) => g.level);
    expect(levels.length).toBeGreaterThanOrEqual(6);
    for (const l of levels) {
      expect(l.rows.map((r: string) => r.length)).toEqual([5, 5, 5, 5, 5]);
      const { moves } = reference(l.rows);
      expect(moves).toBeGreaterThanOrEqual(3);
      expect(moves).toBeLessThanOrEqual(5);
    }
  }, 60_000);

  it("folds the top-bottom mirror and the vehicles' names into the key", async () => {
    const a = ["BB.C..", "..DC..", "AAD...", "..EFFF", "G.E...", "G.HH.."];
    const mirrored = [...a].reverse();
    const renamed = a.map((r) => r.replace(/B/g, "Z").replace(/G/g, "B").replace(/Z/g, "G"));
    const other = ["BB.C..", "..DC..", "AAD...", "..EFFF", "G.E...", "GHH..."];
    const keys = (await callAll(dir, argv, "key", [a, mirrored, renamed, other].map((rows) => ({ level: { rows } })))).map((k) => k.key);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("calls boards one move apart near copies, and two moves apart not", async () => {
    const a = ["......", "...B..", "AA.B..", "......", "..CC..", "......"];
    const one = ["......", "...B..", "AA.B..", "......", "CC....", "......"];
    const two = ["...B..", "...B..", "AA....", "......", "CC....", "......"];
    const answers = await callAll(dir, argv, "similar", [{ a, b: one }, { a, b: two }].map(({ a, b }) => ({ a: { rows: a }, b: { rows: b } })));
    expect(answers.map((x) => x.same)).toEqual([true, false]);
  });

  it("draws a level, with its solution when given", async () => {
    const level = { rows: ["......", "...B..", "AA.B..", "......", "......", "x....."] };
    const [plain, withSolution] = await callAll(dir, argv, "picture", [{ level }, { level, solution: ["B-1", "A+4"] }]);
    for (const p of [plain, withSolution]) expect(p.svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
    expect(withSolution.svg).toContain("B-1  A+4");
    expect(plain.svg).not.toContain("A+4");
  });
});
