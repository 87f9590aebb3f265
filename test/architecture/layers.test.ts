import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { BUILT_IN_GAMES } from "../../src/game/registry.ts";

// The layers of src/ (SPEC 8, docs/architecture.md), bottom up:
//   io, random → dedup (core), select, render → calibrate (play data, SPEC 11) → game (the contract)
//   → the games (a folder each), program (an outside game as a value over its process, SPEC 10)
//   → registry (src/game/registry.ts, the one list of games, and src/game/registry/, which loads
//   from it) → report → pipeline → cli → index.ts
// A layer imports only the layers it lists below (and its own folder); games never
// import each other; select and the dedup core know no game; report knows no game
// and no pipeline; the package root (index.ts) exports no game (each game is its own
// subpath). No import cycle between files. The games are the registry's list: this
// test names none of them.

type Layer = string;

/** The built-in games, read from the one list: each is a folder of src/ and a layer of its own. */
const GAMES: readonly string[] = Object.keys(BUILT_IN_GAMES);
const BELOW_GAMES: Layer[] = ["io", "random", "dedup", "select", "render", "game"];
const MAY_IMPORT: Record<Layer, Layer[]> = {
  io: [],
  random: [],
  dedup: ["io", "random"],
  select: ["io", "random"],
  render: ["io"],
  calibrate: ["io", "select"],
  game: ["io", "random", "dedup"],
  ...Object.fromEntries(GAMES.map((g) => [g, BELOW_GAMES])),
  program: ["io", "random", "game", "dedup"],
  registry: [...BELOW_GAMES, ...GAMES, "program"],
  report: ["io", "random", "select", "render", "calibrate", "game"],
  pipeline: [...BELOW_GAMES, "calibrate", "registry", "report"],
  cli: [...BELOW_GAMES, "calibrate", "program", "registry", "report", "pipeline"],
  index: [...BELOW_GAMES, "calibrate", "program", "registry", "report", "pipeline"],
};

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

/** The layer of a file (path relative to src/, `/`-separated). */
function layerOf(file: string): Layer {
  if (file === "game/registry.ts" || file.startsWith("game/registry/")) return "registry";
  const top = file.includes("/") ? file.slice(0, file.indexOf("/")) : "index";
  if (!(top in MAY_IMPORT)) throw new Error(`no layer for src/${file}: add its folder to MAY_IMPORT`);
  return top as Layer;
}

/** Every .ts/.js file under src/, relative and `/`-separated. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(name) ? [relative(SRC, path).split(sep).join("/")] : [];
  });
}

/** Relative imports of a file (static, type-only, re-exports, dynamic), resolved to src-relative paths. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(SRC, file), "utf8"), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => normalize(join(dirname(file), spec)).split(sep).join("/"));
}

/** Upward imports (against {@link MAY_IMPORT}) and the import cycles (strongly connected components, Tarjan) of a graph. */
function layerViolations(graph: Map<string, string[]>): { upward: string[]; cycles: string[][] } {
  const upward: string[] = [];
  for (const [from, tos] of graph) {
    for (const to of tos) {
      const a = layerOf(from);
      const b = layerOf(to);
      if (a !== b && !MAY_IMPORT[a].includes(b)) upward.push(`${from} (${a}) imports ${to} (${b})`);
    }
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = ""; w !== v; ) {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    }
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return { upward, cycles };
}

describe("the layers of src/ (SPEC 8)", () => {
  const files = sourceFiles();
  const graph = new Map(files.map((f) => [f, importsOf(f)]));

  it("walks every source file and resolves every relative import to one", () => {
    expect(files.length).toBeGreaterThan(200);
    const dangling = [...graph].flatMap(([from, tos]) => tos.filter((to) => !graph.has(to)).map((to) => `${from} -> ${to}`));
    expect(dangling).toEqual([]);
    expect([...graph.values()].reduce((n, tos) => n + tos.length, 0)).toBeGreaterThan(500);
  });

  it("has no upward import and no import cycle", () => {
    expect(layerViolations(graph)).toEqual({ upward: [], cycles: [] });
  });

  it("names every game only in its folder and in the registry's list", () => {
    expect(GAMES.length).toBeGreaterThanOrEqual(2);
    // A game's name anywhere in the code (a word, an identifier, a path), comments aside.
    const nameOfAGame = new RegExp(GAMES.join("|"), "i");
    const named = files.filter((f) => !GAMES.includes(layerOf(f)) && f !== "game/registry.ts").filter((f) => {
      const code = readFileSync(join(SRC, f), "utf8").replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "");
      return nameOfAGame.test(code);
    });
    expect(named).toEqual([]);
  });

  it("catches what it looks for (a made-up graph with an upward import, a game importing another and a cycle)", () => {
    const [one, two] = GAMES;
    const bad = new Map([
      ["select/a.ts", [`${one}/b.ts`]],
      [`${one}/b.ts`, [`${two}/c.ts`]],
      [`${two}/c.ts`, []],
      ["report/d.ts", ["pipeline/e.ts"]],
      ["pipeline/e.ts", ["pipeline/f.ts"]],
      ["pipeline/f.ts", ["pipeline/e.ts", "report/d.ts"]],
    ]);
    const found = layerViolations(bad);
    expect(found.upward).toEqual([`select/a.ts (select) imports ${one}/b.ts (${one})`, `${one}/b.ts (${one}) imports ${two}/c.ts (${two})`, "report/d.ts (report) imports pipeline/e.ts (pipeline)"]);
    expect(found.cycles).toEqual([["pipeline/e.ts", "pipeline/f.ts", "report/d.ts"]]);
  });
});
