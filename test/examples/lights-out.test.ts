import { describe, expect, it } from "vitest";
import { callAll, exampleDir } from "./json-lines.ts";

// The Python example game (examples/lights-out) against an independent brute force
// written here: for every press set of a small board, the board it lights and its
// weight; the fewest presses of a board is the smallest weight that lights it.

const dir = exampleDir("lights-out");
const argv = ["python3", "main.py"];

/** For each cell of a w x h board, the bitmask a press there toggles (written apart from the game's). */
function toggles(w: number, h: number): number[] {
  const cell = (r: number, c: number) => (r >= 0 && r < h && c >= 0 && c < w ? 1 << (r * w + c) : 0);
  const out: number[] = [];
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) out.push(cell(r, c) | cell(r - 1, c) | cell(r + 1, c) | cell(r, c - 1) | cell(r, c + 1));
  return out;
}

const bits = (x: number) => {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
};

/**
 * Brute force over all 2^(w h) press sets in Gray-code order: fewest[lit] (255: no
 * press set lights it) and, when `withHidden`, the fewest presses on dark cells among
 * the fewest-press sets of each board.
 */
function bruteForce(w: number, h: number, withHidden: boolean) {
  const n = w * h;
  const t = toggles(w, h);
  const fewest = new Uint8Array(1 << n).fill(255);
  const hidden = new Uint8Array(withHidden ? 1 << n : 0).fill(255);
  for (let pass = 0; pass < (withHidden ? 2 : 1); pass++) {
    let lit = 0;
    for (let g = 0; g < 1 << n; g++) {
      if (g > 0) lit ^= t[31 - Math.clz32(g & -g)]!;
      const x = g ^ (g >>> 1);
      const weight = bits(x);
      if (pass === 0 && weight < fewest[lit]!) fewest[lit] = weight;
      if (pass === 1 && weight === fewest[lit]) hidden[lit] = Math.min(hidden[lit]!, bits(x & ~lit));
    }
  }
  return { fewest, hidden };
}

/**
 * The fewest presses of an n x n board by light chasing (a method apart from the
 * game's elimination): each choice of presses on the top row forces every press below
 * (press under each cell still lit), and the choices that leave the board dark are
 * exactly its solutions. Boards here are lists of row bitmasks (bit c = column c).
 */
function chaseFewest(n: number, litRows: number[]): number {
  const full = 2 ** n - 1;
  let best = Infinity;
  for (let top = 0; top <= full; top++) {
    const rows = litRows.slice();
    let presses = 0;
    let press = top;
    for (let r = 0; r < n; r++) {
      presses += bits(press);
      rows[r] ^= (press ^ (press << 1) ^ (press >> 1)) & full;
      if (r + 1 < n) rows[r + 1] ^= press;
      if (r > 0) rows[r - 1] ^= press;
      press = rows[r]!; // each cell of this row still lit is pressed from below
    }
    if (rows.every((x) => x === 0)) best = Math.min(best, presses);
  }
  return best;
}

/** The rows an n x n board shows after pressing `cells` (indices row * n + column) on a dark board. */
function pressRows(n: number, cells: number[]): number[] {
  const rows = new Array<number>(n).fill(0);
  for (const i of cells) {
    const [r, c] = [Math.floor(i / n), i % n];
    rows[r] ^= ((1 << c) | (1 << (c + 1)) | (c > 0 ? 1 << (c - 1) : 0)) & (2 ** n - 1);
    if (r > 0) rows[r - 1] ^= 1 << c;
    if (r + 1 < n) rows[r + 1] ^= 1 << c;
  }
  return rows;
}

const body = (w: number, h: number, lit: number) => ({
  width: w,
  height: h,
  rows: Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => ((lit >> (r * w + c)) & 1 ? "#" : ".")).join("")),
});

/** A fixed spread of boards: `count` of them, by a multiplicative step through 0..2^n-1. */
const sample = (n: number, count: number) => Array.from({ length: count }, (_, i) => (i * 2654435761) % 2 ** n >>> 0);

/** The 8 turns and mirrors of a w x h board's bitmask: [w', h', mask'] (written apart from the game's). */
function turnsAndMirrors(w: number, h: number, lit: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let t = 0; t < 8; t++) {
    const [tw, th] = t & 4 ? [h, w] : [w, h];
    let m = 0;
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        if (!((lit >> (r * w + c)) & 1)) continue;
        let [rr, cc] = [t & 2 ? h - 1 - r : r, t & 1 ? w - 1 - c : c];
        if (t & 4) [rr, cc] = [cc, rr];
        m |= 1 << (rr * tw + cc);
      }
    }
    out.push([tw, th, m]);
  }
  return out;
}

describe("examples/lights-out: the solver against brute force", () => {
  it("gives the fewest presses, the status and a solution that works on every 3x3 and 2x3 board", async () => {
    for (const [w, h] of [[3, 3], [2, 3]] as const) {
      const { fewest, hidden } = bruteForce(w, h, true);
      const boards = Array.from({ length: 1 << (w * h) }, (_, lit) => lit);
      const results = await callAll(dir, argv, "solve", boards.map((lit) => ({ level: body(w, h, lit) })));
      results.forEach((res, lit) => {
        if (fewest[lit] === 255) {
          expect(res.status).toBe("unsolvable");
          return;
        }
        expect(res.status).toBe("solved");
        expect([res.metrics.presses, res.metrics.hidden, res.metrics.lit, res.metrics.cells]).toEqual([fewest[lit], hidden[lit], bits(lit), w * h]);
        const after = res.solution.reduce((m: number, i: number) => m ^ toggles(w, h)[i]!, lit);
        expect(after, `${w}x${h} board ${lit}: the solution leaves lights on`).toBe(0);
        expect(res.solution).toHaveLength(fewest[lit]!);
      });
    }
  }, 60_000);

  it("agrees with brute force on 4x4 boards (null space of dimension 4: most boards unsolvable)", async () => {
    const { fewest, hidden } = bruteForce(4, 4, true);
    // every solvable 4x4 board is reachable by presses; take half from presses, half at random
    const boards = [...sample(16, 150), ...sample(16, 150).map((x) => toggles(4, 4).reduce((m, t, i) => ((x >> i) & 1 ? m ^ t : m), 0))];
    const results = await callAll(dir, argv, "solve", boards.map((lit) => ({ level: body(4, 4, lit) })));
    let unsolvable = 0;
    results.forEach((res, k) => {
      const lit = boards[k]!;
      if (fewest[lit] === 255) unsolvable++;
      expect(res.status).toBe(fewest[lit] === 255 ? "unsolvable" : "solved");
      if (res.status === "solved") expect([res.metrics.presses, res.metrics.hidden]).toEqual([fewest[lit], hidden[lit]]);
    });
    expect(unsolvable).toBeGreaterThan(50); // the unsolvable branch was exercised
  }, 60_000);

  it("agrees with light chasing on 5x5, 6x6 and 7x7 boards (the plan's sizes)", async () => {
    const cases: [number, number[]][] = [];
    for (const n of [5, 6, 7]) {
      for (let k = 0; k < 60; k++) {
        const cells = Array.from({ length: n * n }, (_, i) => i).filter((i) => ((i + 1) * (k + 3) * 2654435761) % 97 < 30 + (k % 40));
        cases.push([n, pressRows(n, cells)]);
      }
    }
    const level = (n: number, rows: number[]) => ({ width: n, height: n, rows: rows.map((x) => Array.from({ length: n }, (_, c) => ((x >> c) & 1 ? "#" : ".")).join("")) });
    const results = await callAll(dir, argv, "solve", cases.map(([n, rows]) => ({ level: level(n, rows) })));
    results.forEach((res, k) => expect(res.metrics.presses).toBe(chaseFewest(cases[k]![0], cases[k]![1])));
    expect(Math.max(...results.map((r) => r.metrics.presses))).toBeGreaterThanOrEqual(20);
  }, 60_000);
});

/**
 * The concepts of a board by brute force (SPEC 12; written apart from the game's): every
 * fewest press set of the w x h board, and the ideas each uses — a press with three
 * neighbours (edge: a T), two or fewer (corner: an L), two presses whose toggles meet
 * (overlap), a press on a dark cell (hidden); a concept is needed when every fewest set uses it.
 */
function bruteConcepts(w: number, h: number): Map<number, string[]> {
  const t = toggles(w, h);
  const neighbours = t.map((m) => bits(m) - 1);
  const sets = new Map<number, number[]>(); // lit board → its fewest press sets
  for (let x = 0; x < 1 << (w * h); x++) {
    const lit = t.reduce((m, tog, i) => ((x >> i) & 1 ? m ^ tog : m), 0);
    const best = sets.get(lit);
    if (!best || bits(x) < bits(best[0]!)) sets.set(lit, [x]);
    else if (bits(x) === bits(best[0]!)) best.push(x);
  }
  const cells = (x: number) => t.map((_, i) => i).filter((i) => (x >> i) & 1);
  const uses: Record<string, (x: number, lit: number) => boolean> = {
    edge: (x) => cells(x).some((i) => neighbours[i] === 3),
    corner: (x) => cells(x).some((i) => neighbours[i]! <= 2),
    overlap: (x) => cells(x).some((p, k) => cells(x).slice(k + 1).some((q) => (t[p]! & t[q]!) !== 0)),
    hidden: (x, lit) => (x & ~lit) !== 0,
  };
  const out = new Map<number, string[]>();
  for (const [lit, xs] of sets) out.set(lit, Object.keys(uses).filter((name) => xs.every((x) => uses[name]!(x, lit))));
  return out;
}

describe("examples/lights-out: concepts (SPEC 12) against brute force", () => {
  it("names on every solvable 3x3, 2x3 and 3x4 board exactly the ideas every fewest-press solution uses", async () => {
    const met = new Map<string, number>();
    for (const [w, h] of [[3, 3], [2, 3], [3, 4]] as const) {
      const expected = bruteConcepts(w, h);
      const boards = [...expected.keys()].sort((a, b) => a - b);
      const results = await callAll(dir, argv, "solve", boards.map((lit) => ({ level: body(w, h, lit) })));
      results.forEach((res, k) => {
        expect(res.concepts, `${w}x${h} board ${boards[k]}`).toEqual(expected.get(boards[k]!));
        for (const c of res.concepts) met.set(c, (met.get(c) ?? 0) + 1);
      });
    }
    // every concept is met, and none is everywhere
    expect([...met.keys()].sort()).toEqual(["corner", "edge", "hidden", "overlap"]);
    for (const n of met.values()) expect(n).toBeGreaterThan(20);
  }, 60_000);

  it("hand-computed boards: the centre cross needs nothing, an edge T an edge press, two touching crosses overlap", async () => {
    const [cross, tee, pair] = await callAll(dir, argv, "solve", [
      { level: { width: 3, height: 3, rows: [".#.", "###", ".#."] } }, // press 4: a plain cross on lit cells
      { level: { width: 3, height: 3, rows: ["#..", "##.", "#.."] } }, // press 3: a T on the left edge
      { level: { width: 5, height: 3, rows: [".#.#.", "##.##", ".#.#."] } }, // presses 6 and 8: crosses meet at 7
    ]);
    expect([cross.concepts, tee.concepts, pair.concepts]).toEqual([[], ["edge"], ["overlap"]]);
  });
});

describe("examples/lights-out: key, graph, similar", () => {
  it("gives equal keys exactly to boards that are turns or mirrors of each other (all 3x3 boards)", async () => {
    const keys = await callAll(dir, argv, "key", Array.from({ length: 512 }, (_, lit) => ({ level: body(3, 3, lit) })));
    const orbit = (lit: number) => Math.min(...turnsAndMirrors(3, 3, lit).map(([, , m]) => m));
    const wrong: string[] = [];
    for (let a = 0; a < 512; a += 7) {
      for (let b = 0; b < 512; b++) if ((keys[a].key === keys[b].key) !== (orbit(a) === orbit(b))) wrong.push(`${a}/${b}`);
    }
    expect(wrong).toEqual([]);
    expect(new Set(keys.map((k) => k.key)).size).toBe(102); // Burnside: (512 + 2*8 + 32 + 4*64) / 8
  }, 60_000);

  it("folds a rectangle's quarter turn into its key", async () => {
    const lit = 0b100110; // a 3x2 board
    const turns = turnsAndMirrors(3, 2, lit);
    const keys = await callAll(dir, argv, "key", turns.map(([w, h, m]) => ({ level: body(w, h, m) })));
    expect(new Set(keys.map((k) => k.key)).size).toBe(1);
    expect(turns.some(([w]) => w === 2)).toBe(true);
  });

  it("draws the board as a graph: a node per cell labelled lit/dark, an edge each way between neighbours", async () => {
    const [g] = await callAll(dir, argv, "graph", [{ level: body(3, 2, 0b000101) }]);
    expect(g.nodes).toEqual(["lit", "dark", "lit", "dark", "dark", "dark"]);
    const pairs = (g.edges as [number, number][]).map(([a, b]) => `${a}-${b}`).sort();
    expect(pairs).toEqual(["0-1", "0-3", "1-0", "1-2", "1-4", "2-1", "2-5", "3-0", "3-4", "4-1", "4-3", "4-5", "5-2", "5-4"]);
  });

  it("calls a mirror, a picture 2 cells off on 5x5 and one press more (from 5 presses on) near copies, and different boards not", async () => {
    const t = toggles(5, 5);
    const presses = (cells: number[]) => cells.reduce((m, i) => m ^ t[i]!, 0);
    const a = body(5, 5, presses([0, 3, 7, 13, 21]));
    const [mirror] = turnsAndMirrors(5, 5, presses([0, 3, 7, 13, 21])).slice(1);
    const short = body(5, 5, presses([0, 7, 13, 21]));
    const pairs = [
      { a, b: body(5, 5, mirror![2]) },
      { a, b: body(5, 5, presses([0, 3, 7, 13, 21, 24])) },
      { a: short, b: body(5, 5, presses([0, 7, 13, 21, 24])) }, // 4 presses and one more: too short to count
      { a: body(5, 5, presses([0])), b: body(5, 5, presses([12])) },
      { a, b: body(4, 4, presses([0])) },
      { a, b: body(5, 5, presses([0, 3, 7, 13, 21]) ^ 0b11) }, // two lit cells more or less on 25: the same picture
      { a: body(3, 3, 0b000010011), b: body(3, 3, 0b000010001) }, // one lit cell of 9: not
    ];
    const answers = await callAll(dir, argv, "similar", [...pairs, ...pairs.map(({ a, b }) => ({ a: b, b: a }))]);
    expect(answers.map((x) => x.same)).toEqual([true, true, false, false, false, true, false, true, true, false, false, false, true, false]);
  });
});

describe("examples/lights-out: generate", () => {
  const req = (seed: string, settings: unknown, target?: number) => ({
    seed, chapter: 1, part: 1, index: 0, settings, ...(target === undefined ? {} : { aim: { metric: "presses", target } }),
  });

  it("is a pure function of its request (two processes) and honours the part's size and presses", async () => {
    const settings = { width: 5, height: 4, presses: [4, 7] };
    const requests = Array.from({ length: 20 }, (_, i) => req(`lights-out/1/c1/p1/${i}`, settings, 5 + (i % 3)));
    const [first, second] = await Promise.all([callAll(dir, argv, "generate", requests), callAll(dir, argv, "generate", requests)]);
    expect(second).toEqual(first);
    const levels = first.filter((r) => r.level !== null).map((r) => r.level);
    expect(levels.length).toBeGreaterThan(10);
    expect(new Set(levels.map((l) => JSON.stringify(l))).size).toBeGreaterThan(levels.length - 2);
    for (const r of first.filter((x) => x.level === null)) expect(r.reason).toBe("the presses fold below the part's range");
    const solved = await callAll(dir, argv, "solve", levels.map((level) => ({ level })));
    for (const [k, s] of solved.entries()) {
      expect([levels[k].width, levels[k].height]).toEqual([5, 4]);
      expect(s.status).toBe("solved");
      expect(s.metrics.presses).toBeGreaterThanOrEqual(4);
      expect(s.metrics.presses).toBeLessThanOrEqual(7);
    }
  }, 60_000);
});
