// The generator a game's batches are keyed by (docs/pipeline.md "Pools reused"): `<game>@<version>+<hash>`
// over the import closure of the code a batch runs and the game's engine models, so a change elsewhere in
// levelramp (reports, CLI, selection, another game) leaves every recorded batch reusable.
import { appendFileSync, cpSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { openGame } from "../../src/game/registry/open-game.ts";
import { BUILT_IN_GAMES } from "../../src/game/registry.ts";
import { batchCodeEntries, batchCodeHash, generatorFingerprint, OUTSIDE_GAMES } from "../../src/pipeline/reuse/generator-fingerprint.ts";
import { importClosure, runtimeImports } from "../../src/pipeline/reuse/import-closure.ts";
import { reuseGenerator } from "../../src/pipeline/reuse/reuse-keys.ts";
import { tempDir } from "../helpers/temp-dir.ts";

describe("the imports a module runs", () => {
  it("takes static, side-effect, re-export and literal dynamic imports; leaves out type-only ones and strings that are no import", () => {
    const text = [
      'import "a";',
      'import type { X } from "b";',
      'import { type Y } from "c";',
      'import { type Y, z } from "d";',
      'export * from "e";',
      'export type { Q } from "f";',
      'export const s = "g";',
      'import x, { y } from "h";',
      "import {\n  a,\n  b,\n} from \"i\";",
      'const m = await import("j");',
      'export { k } from "k";',
      'import * as l from "l";',
      'const t = "import m from";',
      'const u = import.meta.url + "n";',
    ].join("\n");
    expect(runtimeImports(text)).toEqual(["a", "d", "e", "h", "i", "k", "l", "j"]);
  });
});

describe("the code a batch runs", () => {
  const closure = (kind: string) => importClosure(batchCodeEntries(kind), process.cwd()).files;

  it("is the game's generator, solver and measures, the seed derivation and the batch task: not the reports, CLI, selection, pipeline rounds or another game", () => {
    const carillon = closure("carillon");
    for (const f of ["src/carillon/generate/generate-level.ts", "src/carillon/solver/solve-field.ts", "src/carillon/measure/measure-bits.ts", "src/carillon/compose/compose-first-five.ts", "src/pipeline/workers/pipeline-task.ts", "src/random/create-rng.ts", "src/io/candidate-id.ts"]) {
      expect(carillon, f).toContain(f);
    }
    const apsis = closure("apsis");
    expect(apsis).toContain("src/apsis/generate/generate-level.ts");
    expect(apsis).toContain("src/apsis/solver/solve-sky.ts");
    for (const files of [carillon, apsis, closure(OUTSIDE_GAMES)]) {
      expect(files.filter((f) => /^src\/(report|cli|calibrate|pipeline\/(level-set|reuse|shards|selection))\//.test(f) || f.startsWith("src/select/solve/") || f === "src/game/registry.ts")).toEqual([]);
    }
    expect(carillon.filter((f) => f.startsWith("src/apsis/"))).toEqual([]);
    expect(apsis.filter((f) => f.startsWith("src/carillon/"))).toEqual([]);
    expect(closure(OUTSIDE_GAMES)).toContain("src/program/program-client.ts");
    expect(closure(OUTSIDE_GAMES).filter((f) => /^src\/(carillon|apsis)\//.test(f))).toEqual([]);
  });

  // A copy of src/ (no node_modules: packages count by name alone there, alike before and after).
  describe("its hash, over a copy of the sources", () => {
    const t = tempDir("levelramp-closure-");
    let before: Record<string, string>;
    const hashes = () => Object.fromEntries(["carillon", "apsis", OUTSIDE_GAMES].map((k) => [k, batchCodeHash(k, t.dir)]));
    const touch = (file: string) => appendFileSync(t.path(file), "\n// changed\n");
    beforeAll(() => {
      cpSync("src", t.path("src"), { recursive: true });
      before = hashes();
    });

    it("stays when a file outside the closure changes (a report, the CLI, the selection, the pipeline's rounds, the registry)", () => {
      for (const f of ["src/report/index.ts", "src/cli/main.ts", "src/select/solve/solve-selection.ts", "src/pipeline/level-set/pipeline-run.ts", "src/pipeline/reuse/reuse-lines.ts", "src/game/registry.ts"]) touch(f);
      expect(hashes()).toEqual(before);
    });

    it("moves for Carillon alone when Carillon's solver changes, for every game when the batch task does", () => {
      touch("src/carillon/solver/solve-field.ts");
      const after = hashes();
      expect(after.carillon).not.toBe(before.carillon);
      expect([after.apsis, after[OUTSIDE_GAMES]]).toEqual([before.apsis, before[OUTSIDE_GAMES]]);
      touch("src/pipeline/workers/pipeline-task.ts");
      const all = hashes();
      for (const k of ["carillon", "apsis", OUTSIDE_GAMES]) expect(all[k], k).not.toBe(after[k]);
    });
  });
});

describe("a game's generator", () => {
  it("names the game and the version its back end declares; grow and compose differ by the bundled ramp only", async () => {
    for (const name of Object.keys(BUILT_IN_GAMES)) {
      const game = await openGame(name);
      expect(game.version, name).toMatch(/^\S+$/);
      expect(reuseGenerator(game, "grow")).toMatch(new RegExp(`^${name}@${game.version}\\+[0-9a-f]{16}$`));
      expect(generatorFingerprint(game, "compose")).not.toBe(generatorFingerprint(game, "grow"));
    }
    expect(generatorFingerprint({ name: "outside-one" }, "grow")).toMatch(/^outside-one\+[0-9a-f]{16}$/);
    expect(reuseGenerator({ name: "outside-one" }, "grow")).toBeNull();
    expect(reuseGenerator({ name: "outside-one", version: "2.1" }, "grow")).toMatch(/^outside-one@2\.1\+[0-9a-f]{16}$/);
  });
});
