import { execFileSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { afterAll, describe, expect, it } from "vitest";
import { reportError } from "../../src/cli/main.ts";
import type { GameBackend } from "../../src/game/game-backend.ts";
import { registerGame } from "../../src/game/registry/load-game.ts";
import { maxWorkers } from "../../src/io/max-workers.ts";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";
import { expectRefused } from "../helpers/expect-refused.ts";

// SPEC 2: bad input → exit 2, one line naming the file and the JSON
// path or CSV line (and column) and what was expected; no stack trace; nothing
// written. Each test is one class of bad input; the count is printed.
const bad = (name: string) => fixture(`bad-input/${name}`);
const generic = ["--model", modelFile("generic", "selection.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json")];
const pool = fixture("pools/generic-3x4x20.json");
const classes: string[] = [];
afterAll(() => console.log(`bad input: ${classes.length} classes refused as expected`));

/** Runs a command that must be refused: exit 2, the message parts on one line, no trace, nothing written to `out`. */
async function refused(name: string, argv: string[], parts: Array<string | RegExp>, out?: string) {
  const r = await expectRefused(argv, parts, out);
  classes.push(name);
  return r;
}

describe("bad pools, models, ramps and CSV", () => {
  it("an empty pool is bad input, not a 0-level optimal file", async () => {
    const out = join(tempFolder(), "levels.json");
    await refused("empty pool", ["select", "--pools", bad("empty-pool.json"), ...generic, "--out", out], [bad("empty-pool.json"), "$.candidates", "expected at least one candidate"], out);
  });
  it("a CSV with only its header is an empty pool", async () => {
    const out = join(tempFolder(), "levels.json");
    await refused("header-only CSV", ["select", "--pools", bad("header-only.csv"), ...generic, "--out", out], [bad("header-only.csv"), "line 1", "expected at least one candidate row"], out);
  });
  it("0x10 in a CSV is not a number: decimal only, with line and column", async () => {
    const out = join(tempFolder(), "levels.json");
    await refused("non-decimal CSV number", ["select", "--pools", bad("hex-number.csv"), ...generic, "--out", out], [bad("hex-number.csv"), "line 3, column 4", 'expected a decimal number', '"0x10"'], out);
  });
  it("a CSV row whose chapter the plan lacks is named by its line, not a JSON path", async () => {
    const csv = bad("csv-row-chapter-not-in-plan.csv");
    await refused("CSV row outside the plan", ["select", "--pools", csv, "--json"], [`${csv} at line 3:`, "the plan has no chapter 99 part 1"]);
  });
  it("bounds with from > to", async () => {
    await refused("bounds from > to", ["select", "--pools", pool, "--model", bad("bounds-from-after-to-model.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json"), "--json"], [bad("bounds-from-after-to-model.json"), "$.constraints[4].to", "expected from ≤ to"]);
  });
  it("pool conflicts naming unknown ids", async () => {
    await refused("pool conflict with an unknown id", ["select", "--pools", bad("conflict-unknown-id-pool.json"), ...generic, "--json"], [bad("conflict-unknown-id-pool.json"), "$.conflicts[0].ids[1]", '"generic-c9-p9-999" is not one']);
  });
  it("a pool conflict naming one id twice is refused at read, as the model's conflict is", async () => {
    const file = bad("conflict-one-id-twice-pool.json");
    const parts = [file, "$.conflicts[0].ids[1]", "expected two distinct ids", '"generic-c1-p1-002" is also ids[0]'];
    await refused("pool conflict naming one id twice", ["select", "--pools", file, ...generic, "--json"], parts);
    // HiGHS was where it ended before ("the solver's answer breaks the model", exit 1): now it is never reached
    await expectRefused(["select", "--pools", file, ...generic, "--solver", "highs", "--json"], parts);
  });
  it("a ramp point of 1.7e308 (numbers within ±1e9)", async () => {
    await refused("number beyond 1e9", ["select", "--pools", pool, "--model", modelFile("generic", "selection.json"), "--ramp", bad("ramp-point-1e308.json"), "--plan", modelFile("generic", "plan.json"), "--json"], [bad("ramp-point-1e308.json"), "$.points[1][1]", "expected a finite number within ±1e9"]);
  });
  it("a metric of 1e999 (JSON reads it as Infinity)", async () => {
    await refused("infinite number", ["select", "--pools", bad("metric-1e999-pool.json"), ...generic, "--json"], [bad("metric-1e999-pool.json"), "$.candidates[0].metrics.difficulty", "expected a finite number within ±1e9"]);
  });
  it("a seed beyond 2^53 in a pool file is refused, not rounded", async () => {
    await refused("seed beyond 2^53 in a file", ["select", "--pools", bad("seed-beyond-2-53-pool.json"), ...generic, "--json"], [bad("seed-beyond-2-53-pool.json"), "$.seed"]);
  });
  it("a plan of 1e9 levels, or 100,000 candidates per level (the heap filled until Node died)", async () => {
    const plan = bad("plan-1e9-levels.json");
    await refused("plan with too many levels", ["select", "--pools", pool, "--model", modelFile("generic", "selection.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", plan, "--json"], [plan, "$.chapters[0].parts[0].levels", "expected at most 1,000,000 levels in the whole plan; this part brings it to 1,000,000,000"]);
    const perLevel = bad("plan-pool-per-level-100000.json");
    await refused("plan with too many candidates per level", ["select", "--pools", pool, "--model", modelFile("generic", "selection.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", perLevel, "--json"], [perLevel, /\$\.chapters\[0\]\.parts\[1\]\.poolPerLevel: expected at most 1,000 candidates per level/]);
  });
  it("a levels file with no levels (report printed an empty table, exit 0)", async () => {
    const file = bad("levels-file-with-no-levels.json");
    await refused("levels file with no levels (report)", ["report", file], [file, "$.levels", "expected at least one level"]);
    await refused("levels file with no levels (verify)", ["verify", file], [file, "$.levels", "expected at least one level"]);
  });
  it("a file above the input limit is refused before it is read", async () => {
    const big = join(tempFolder(), "pool.json");
    writeFileSync(big, "");
    truncateSync(big, 65 * 1024 * 1024); // sparse: no 65 MiB written
    await refused("file too large", ["select", "--pools", big, ...generic, "--json"], [big, "expected a file of at most 64 MiB; it has 65 MiB"]);
  });
  it("a CSV saved as Latin-1: the first byte that is not UTF-8, with line and column (never read with replacement characters)", async () => {
    await refused("Latin-1 CSV", ["select", "--pools", bad("latin1-id.csv"), ...generic, "--json"], [bad("latin1-id.csv"), "line 2, column 8", "expected UTF-8 text; byte 0xE9 is not UTF-8", "save it as UTF-8"]);
  });
  it("a CSV saved as UTF-16", async () => {
    await refused("UTF-16 CSV", ["select", "--pools", bad("utf16-pool.csv"), ...generic, "--json"], [bad("utf16-pool.csv"), "expected UTF-8 text; it is UTF-16"]);
  });
  it("a folder given as an input file", async () => {
    const d = tempFolder();
    await refused("folder as input", ["verify", d], [d, "expected a file; it is a folder"]);
  });
});

describe("inputs at the bounds", () => {
  it("a ramp point of 1e9 (the bound): select writes an objective above 1e9, and verify reads that file again", async () => {
    const out = join(tempFolder(), "levels.json");
    const r = await runCli(["select", "--pools", pool, "--model", modelFile("generic", "selection.json"), "--ramp", fixture("io/ramp-point-at-1e9.json"), "--plan", modelFile("generic", "plan.json"), "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const objective = JSON.parse(readFileSync(out, "utf8")).objective as number;
    expect(objective).toBeGreaterThan(1e9);
    const v = await runCli(["verify", out, "--quiet"]);
    expect(v.code, v.stderr).toBe(0);
  });
  it("a ramp from −1e9 to 1e9 with --solver highs: exit 1 naming the MILP's cost range (HiGHS refused the model: an internal error, exit 70)", async () => {
    const r = await runCli(["select", "--pools", pool, "--model", modelFile("generic", "selection.json"), "--ramp", fixture("io/ramp-from-minus-1e9-to-1e9.json"), "--plan", modelFile("generic", "plan.json"), "--solver", "highs", "--json"]);
    expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout).status).toBe("unknown");
    expect(r.stderr).toContain("select/milp: the objective's numbers are too large for the MILP");
    expect(r.stderr).not.toContain("internal error");
  });
});

describe("JSON syntax: one line with line and column", () => {
  it("NaN", async () => {
    await refused("NaN in JSON", ["select", "--pools", bad("nan-in-pool.json"), ...generic, "--json"], [bad("nan-in-pool.json"), /line 2, column \d+/, 'found "NaN"', "JSON has no NaN or Infinity"]);
  });
  it("Infinity", async () => {
    await refused("Infinity in JSON", ["select", "--pools", pool, "--model", bad("infinity-in-model.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json"), "--json"], [bad("infinity-in-model.json"), "line 17, column 13", 'found "Infinity"']);
  });
  it("a trailing comma", async () => {
    await refused("trailing comma", ["select", "--pools", pool, "--model", modelFile("generic", "selection.json"), "--ramp", bad("trailing-comma-ramp.json"), "--plan", modelFile("generic", "plan.json"), "--json"], [bad("trailing-comma-ramp.json"), /line \d+, column 3/, "no trailing commas"]);
  });
  it("a UTF-8 byte-order mark is read, not refused", async () => {
    const r = await runCli(["select", "--pools", pool, "--model", fixture("io/model-with-utf8-bom.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json"), "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).status).toBe("optimal");
  });
});

describe("level bodies that are not levels: measure, show, compare and select name the rule", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["an Apsis lock with no key", "apsis-lock-without-key.json", /lock-without-key: arrow 0 is locked "gold" but no arrow carries that key/],
    ["an arrow of length 100,000", "apsis-arrow-length-100000.json", /fits: arrow 0 \(length 100000\) is not inside the rim/],
    ["a Carillon dot outside the field", "carillon-dot-outside-field.json", /outside-field: dot 0 .* is not wholly inside the 640 × 900 field/],
    ["two dots on one spot", "carillon-two-dots-on-one-spot.json", /overlap: dots 0 and 1 sit on one spot/],
  ];
  for (const [name, file, rule] of cases) {
    it(`${name}: measure, show and compare refuse it`, async () => {
      const out = join(tempFolder(), "level.svg");
      const other = file.startsWith("apsis") ? fixture("pipeline/compare-apsis-level.json") : fixture("pipeline/compare-carillon-level.json");
      await refused(`${name} (measure)`, ["measure", bad(file)], [bad(file), "$.level", rule]);
      await refused(`${name} (show)`, ["show", bad(file), "--out", out], [bad(file), "$.level", rule], out);
      await refused(`${name} (compare)`, ["compare", other, bad(file)], [bad(file), "$.level", rule]);
    });
  }
  it("select refuses a pool holding a body that is not a level", async () => {
    const out = join(tempFolder(), "levels.json");
    await refused("not a level in a pool (select)", ["select", "--pools", bad("apsis-pool-lock-without-key.json"), "--out", out], [bad("apsis-pool-lock-without-key.json"), "$.candidates[1].level", "lock-without-key"], out);
  });
});

describe("outputs: every path problem found before any work, in words", () => {
  it("--out a folder (even with --force)", async () => {
    const d = tempFolder();
    await refused("--out a folder (select)", ["select", "--pools", pool, ...generic, "--out", d, "--force"], [`--out ${d}`, "expected a file to write; it is a folder"]);
    mkdirSync(join(d, "picture.svg"));
    await refused("--out a folder (show)", ["show", fixture("pipeline/compare-apsis-level.json"), "--out", join(d, "picture.svg"), "--force"], [`--out ${join(d, "picture.svg")}`, "expected a file to write; it is a folder"]);
    await refused("--out a folder (report)", ["report", fixture("pipeline/compare-apsis-level.json"), "--out", d, "--force"], [`--out ${d}`, "it is a folder"]);
  });
  it("a path under a file", async () => {
    const t = tempFolder();
    const file = join(t, "plain.txt");
    writeFileSync(file, "x");
    await refused("--out under a file", ["select", "--pools", pool, ...generic, "--out", join(file, "levels.json")], [`${join(file, "levels.json")}`, "is a file, not a folder"]);
  });
  it("an unwritable folder", async () => {
    // as root, permissions do not stop a write; /sys refuses new files to everyone
    let folder = "/sys";
    if (userInfo().uid !== 0) {
      folder = join(tempFolder(), "locked");
      mkdirSync(folder);
      chmodSync(folder, 0o555);
    }
    const out = join(folder, "levels.json");
    await refused("--out in an unwritable folder", ["select", "--pools", pool, ...generic, "--out", out], [`--out ${out}`, "cannot write in", /permission denied|operation not permitted|read-only/]);
  });
  it("--out a symbolic link, a device or a named pipe is refused, not replaced by the rename", async () => {
    const t = tempFolder();
    const target = join(t, "real.json");
    writeFileSync(target, "keep me");
    const link = join(t, "link.json");
    symlinkSync(target, link);
    await refused("--out a symbolic link", ["select", "--pools", pool, ...generic, "--out", link, "--force"], [`--out ${link}`, "it is a symbolic link", "give the path it points to"]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("keep me");
    const folderLink = join(t, "out-link");
    symlinkSync(t, folderLink);
    await refused("build --out a symbolic link", ["build", "carillon", "--workers", "1", "--out", folderLink, "--quiet"], [`--out ${folderLink}`, "it is a symbolic link"]);
    // as root, the rename would have removed /dev/null itself
    await refused("--out a device", ["select", "--pools", pool, ...generic, "--out", "/dev/null", "--force"], ["--out /dev/null", "it is a device"]);
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
    const fifo = join(t, "pipe");
    execFileSync("mkfifo", [fifo]);
    await refused("--out a named pipe", ["report", fixture("pipeline/compare-apsis-level.json"), "--out", fifo, "--force"], [`--out ${fifo}`, "it is a named pipe"]);
  });
  it("--out through a loop of symbolic links", async () => {
    const t = tempFolder();
    symlinkSync(join(t, "b"), join(t, "a"));
    symlinkSync(join(t, "a"), join(t, "b"));
    await refused("--out under a symlink loop", ["select", "--pools", pool, ...generic, "--out", join(t, "a", "levels.json")], [`--out ${join(t, "a", "levels.json")}`, "a loop of symbolic links (ELOOP)"]);
  });
  it("start over a set it did not write stops before any work, with or without --force (docs/cli.md's start example passes --force)", async () => {
    const out = tempFolder();
    mkdirSync(join(out, "carillon"));
    writeFileSync(join(out, "carillon", "levels.json"), "{}");
    await refused("start over a set it did not write", ["start", "--out", out], [`${join(out, "carillon")} holds levels.json, which start did not write`]);
    await refused("start --force over a set it did not write", ["start", "--out", out, "--force"], [`${join(out, "carillon")} holds levels.json, which start did not write`, "even with --force"]);
    expect(readdirSync(out)).toEqual(["carillon"]);
    expect(readFileSync(fileURLToPath(new URL("../../docs/cli.md", import.meta.url)), "utf8")).toContain("npx levelramp start --out out/cli/start --force");
  });
  it("build --out an existing file is refused before the build (an impossible plan would fail with exit 1 after growing)", async () => {
    const file = join(tempFolder(), "out");
    writeFileSync(file, "keep me");
    await refused("build --out an existing file", ["build", "apsis", "--plan", fixture("pipeline/unreachable-window-apsis-plan.json"), "--workers", "1", "--out", file, "--quiet"], [`--out ${file}`, "expected a folder to write into; it is a file"]);
    expect(readFileSync(file, "utf8")).toBe("keep me");
  });
  it("select refuses an existing --out before solving (an infeasible model would exit 1 after)", async () => {
    const t = tempFolder();
    const out = join(t, "levels.json");
    writeFileSync(out, "keep me");
    const model = JSON.parse(readFileSync(modelFile("generic", "selection.json"), "utf8"));
    model.constraints.push({ type: "bounds", key: "difficulty", min: 1e6 });
    const tight = join(t, "model.json");
    writeFileSync(tight, JSON.stringify(model));
    await refused("select --out exists", ["select", "--pools", pool, "--model", tight, "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json"), "--out", out], [`${out} exists; pass --force`]);
    expect(readFileSync(out, "utf8")).toBe("keep me");
  });
  it("a build over an existing folder with --force keeps the designer's own files and leaves no temp folder", async () => {
    const parent = tempFolder();
    const out = join(parent, "out");
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "mine");
    const argv = ["build", "carillon", "--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "5", "--workers", "1", "--out", out, "--quiet", "--no-table"];
    expect((await runCli(argv)).code).toBe(0);
    await refused("build over earlier outputs without --force", argv, [`${join(out, "pools.json")} exists; pass --force`]);
    expect((await runCli([...argv, "--force"])).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["levels.json", "notes.txt", "pools.json", "report.html", "report.json", "report.txt"]);
    expect(readdirSync(parent)).toEqual(["out"]);
  }, 60_000);
});

describe("options with bounds", () => {
  it("--workers above 4 × cores (at most 64)", async () => {
    await refused("--workers too many", ["build", "carillon", "--workers", "1000", "--out", join(tempFolder(), "o")], ["--workers expects a whole number from 1 to", `${maxWorkers()}`, '"1000"']);
  });
  it("show --width and --height above 8,000 px", async () => {
    const out = join(tempFolder(), "level.png");
    await refused("show --width too large", ["show", fixture("pipeline/compare-apsis-level.json"), "--out", out, "--width", "100000"], ['--width expects pixels from 1 to 8,000; got "100000"'], out);
    await refused("show --height too large", ["show", fixture("pipeline/compare-apsis-level.json"), "--out", out, "--height", "9000"], ['--height expects pixels from 1 to 8,000; got "9000"'], out);
  });
  it("--keep-until 0 quotes what the user typed", async () => {
    await refused("--keep-until 0", ["select", "--pools", pool, ...generic, "--keep-until", "0", "--from", "x.json", "--json"], ['--keep-until expects a whole number from 1 to 1,000,000 (levels 1..N are kept); got "0"']);
  });
  it("a seed beyond 2^53 is refused, not rounded", async () => {
    await refused("--seed beyond 2^53", ["build", "carillon", "--seed", "9007199254740993", "--out", join(tempFolder(), "o")], ['--seed expects a whole number from 0 to 9,007,199,254,740,991; got "9007199254740993"']);
  });
});

describe("errors that are not bad input", () => {
  const boom: GameBackend<{ n: number }, number[]> = {
    game: "boom",
    pieces: { one: "thing", many: "things" },
    bodySchema: z.strictObject({ n: z.number() }),
    generatorSchema: z.strictObject({}),
    metricNames: ["n"],
    can: { compose: false, picture: false, summary: false },
    generate: () => null,
    solve: () => {
      throw new TypeError("cannot read properties of undefined (reading 'x')");
    },
    grade: (b) => ({ n: b.n }),
    wellFormed: () => [],
    validate: () => [],
    dedup: {
      prepare: (b) => b,
      bucketKey: () => "",
      exactKeys: () => [],
      mayBeSame: () => false,
      compare: () => ({ same: false, reasons: [], transform: null, matched: [], basis: null, share: 0 }),
      compareLevels: () => ({ same: false, reasons: [], transform: null, matched: [], basis: null, share: 0 }),
      describeTransform: () => "",
    },
  };
  it("an unexpected error is an internal error: one line, the command to re-run for the trace, exit 70", async () => {
    registerGame(boom as GameBackend);
    const file = join(tempFolder(), "boom level.json");
    writeFileSync(file, JSON.stringify({ format: "levelramp/level@1", game: "boom", level: { n: 1 } }));
    const r = await runCli(["measure", file]);
    expect(r.code).toBe(70);
    expect(r.stderr).toContain("levelramp: internal error (a bug in levelramp): TypeError: cannot read properties of undefined (reading 'x')");
    expect(r.stderr).toContain(`for the trace, run it again as: LEVELRAMP_DEBUG=1 levelramp measure '${file}'`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    process.env.LEVELRAMP_DEBUG = "1";
    try {
      const traced = await runCli(["measure", file]);
      expect(traced.code).toBe(70);
      expect(traced.stderr).toMatch(/\n\s+at /);
    } finally {
      delete process.env.LEVELRAMP_DEBUG;
    }
  });
  it("a file-system error that escapes is the path and the reason in words, exit 2", () => {
    let err: unknown;
    try {
      readFileSync("no/such/file.json");
    } catch (e) {
      err = e;
    }
    let stderr = "";
    const code = reportError(err, ["verify", "no/such/file.json"], { stdout: () => {}, stderr: (t) => void (stderr += t), color: 0, stderrIsTTY: false });
    expect(code).toBe(2);
    expect(stderr).toBe("levelramp: no/such/file.json: cannot open: no such file or folder (ENOENT)\n");
  });
});
