// "Hops", a third game defined only here, to prove the game contract: a row
// of cells, each holding a hop length; from cell 0 hop left or right by the
// length of the cell you stand on; reach the last cell in the fewest hops.
// Two rows are the same puzzle when they differ only in the last cell (its
// number is never used).
import { z } from "zod";
import type { GameBackend } from "../../src/game/game-backend.ts";

/** The level body: hop lengths, one per cell. */
export type HopsBody = { cells: number[] };

/** Fewest hops from cell 0 to the last cell (breadth-first), as the cells visited after the start; null when unreachable. */
export function solveHops(cells: readonly number[]): number[] | null {
  const from = new Array<number>(cells.length).fill(-1);
  from[0] = 0;
  for (const queue = [0]; queue.length; ) {
    const at = queue.shift()!;
    if (at === cells.length - 1) {
      const path: number[] = [];
      for (let c = at; c !== 0; c = from[c]) path.unshift(c);
      return path;
    }
    for (const to of [at + cells[at], at - cells[at]]) {
      if (to < 0 || to >= cells.length || from[to] >= 0) continue;
      from[to] = at;
      queue.push(to);
    }
  }
  return null;
}

const grade = (body: HopsBody) => ({ hops: solveHops(body.cells)?.length ?? Infinity, cells: body.cells.length });

/** The back end: one value, as each game folder exports one. */
export const hopsGame: GameBackend<HopsBody, number[], string, null> = {
  game: "hops",
  pieces: { one: "cell", many: "cells" },
  bodySchema: z.strictObject({ cells: z.array(z.number().int().min(1)).min(2) }),
  generatorSchema: z.strictObject({ cells: z.number().int().min(3) }),
  metricNames: ["hops", "cells"],
  can: { compose: false, picture: true, summary: false },
  generate({ settings, rng, stats }) {
    const n = settings.cells as number;
    const cells = Array.from({ length: n }, () => 1 + Math.floor(rng() * (n - 1)));
    const solution = solveHops(cells);
    if (!solution) {
      stats.unreachable = (stats.unreachable ?? 0) + 1;
      return null;
    }
    return { level: { cells }, solution, metrics: grade({ cells }), rules: [] };
  },
  solve: (body) => ({ solution: solveHops(body.cells) ?? [], measure: grade(body) }),
  grade,
  wellFormed: (body) => (body.cells.length > 1000 ? [{ reason: "too-long", message: `a row of ${body.cells.length} cells; at most 1000` }] : []),
  validate(body, solution) {
    let at = 0;
    for (const to of solution) if (Math.abs(to - at) === body.cells[at]) at = to;
    if (at !== body.cells.length - 1) return [{ reason: "replay", message: "the stored hops do not reach the last cell" }];
    return solution.length === grade(body).hops ? [] : [{ reason: "goal", message: "the stored hops are not the fewest" }];
  },
  dedup: {
    prepare: (body) => body.cells.slice(0, -1).join(",") + ",*",
    bucketKey: (key) => String(key.split(",").length),
    exactKeys: (key) => [key],
    mayBeSame: (a, b) => a === b,
    compare: (a, b) => ({ same: a === b, reasons: a === b ? ["identical"] : [], transform: null, matched: [], basis: a === b ? "identical" : null, share: a === b ? 1 : 0 }),
    compareLevels: (a, b) => hopsGame.dedup.compare(hopsGame.dedup.prepare(a), hopsGame.dedup.prepare(b)),
    describeTransform: () => "no turn",
  },
  renderSvg: (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${20 * body.cells.length}" height="20">${body.cells.map((c, i) => `<text x="${20 * i + 6}" y="15">${c}</text>`).join("")}</svg>`,
};
