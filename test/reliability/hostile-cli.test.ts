import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileSet } from "../../src/io/write-file-set.ts";
import { expectRefused } from "../helpers/expect-refused.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";

// Hostile input through the commands: each class of hostile input ends in exit 2
// with a message naming the input (file, option, JSON path or CSV line), never
// in exit 70, a hang, or a file written over an input.
const generic = ["--model", modelFile("generic", "selection.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json")];
const pool = fixture("pools/generic-3x4x20.json");

describe("inputs that never end or never answer (class 2)", { timeout: 60_000 }, () => {
  it("--pools a named pipe with no writer, and /dev/zero: exit 2 at once", async () => {
    const t = tempDir();
    const fifo = t.path("pool.json");
    execFileSync("mkfifo", [fifo]);
    await expectRefused(["select", "--pools", fifo, ...generic, "--json"], [fifo, "expected a file; it is a named pipe"]);
    await expectRefused(["select", "--pools", "/dev/zero", ...generic, "--json"], ["/dev/zero", "expected a file; it is a device"]);
    await expectRefused(["report", fifo], [fifo, "it is a named pipe"]);
  });
});

describe("bad input that used to end in exit 70 (class 3)", { timeout: 60_000 }, () => {
  it("100,000 unclosed [ in a pool", async () => {
    const t = tempDir();
    const file = t.write("pool.json", "[".repeat(100_000));
    await expectRefused(["select", "--pools", file, ...generic, "--json"], [`${file}: expected JSON (line 1, column 65): expected arrays and objects nested at most 64 deep`]);
  });
  it("a CSV column named __proto__", async () => {
    const t = tempDir();
    const file = t.write("pool.csv", "id,chapter,part,difficulty,__proto__\na,1,1,1,2\n");
    await expectRefused(["select", "--pools", file, ...generic, "--json"], [`${file}: line 1, column 5: expected a metric name other than "__proto__"`]);
  });
  it("--time-limit 1e309, 3000000 (past Node's timers) or 0: exit 2 naming the option and its bound", async () => {
    for (const v of ["1e309", "3000000", "0", "Infinity", "NaN"]) {
      await expectRefused(["select", "--pools", pool, ...generic, "--json", "--time-limit", v], [`--time-limit expects seconds from 0.001 to 1,000,000 (about 11.5 days; Node's timers hold at most 24.8); got "${v}"`]);
    }
  });
});

describe("numbers past their domain (class 5)", { timeout: 60_000 }, () => {
  it("--min-moves 1e309 is refused, not written as a tolerance of null", async () => {
    const t = tempDir();
    const first = t.path("first.json");
    expect((await runCli(["select", "--pools", pool, ...generic, "--out", first])).code).toBe(0);
    await expectRefused(["select", "--pools", pool, ...generic, "--from", first, "--min-moves", "1e309", "--out", t.path("second.json")], ['--min-moves expects a tolerance in objective units from 0 to 1,000,000,000,000,000; got "1e309"'], t.path("second.json"));
  });
  it("--level and --keep-until past any level number", async () => {
    await expectRefused(["measure", fixture("pipeline/compare-apsis-level.json"), "--level", "99999999999999999999"], ['--level expects a whole number from 1 to 1,000,000,000; got "99999999999999999999"']);
    await expectRefused(["select", "--pools", pool, ...generic, "--json", "--from", pool, "--keep-until", "1e9"], ['--keep-until expects a whole number from 1 to 1,000,000 (levels 1..N are kept); got "1e9"']);
  });
});

describe("outputs checked before the work (class 7)", { timeout: 60_000 }, () => {
  it("--out equal to an input of the same run is refused, even with --force; the input is unchanged", async () => {
    const t = tempDir();
    const copy = t.write("pool.json", readFileSync(pool, "utf8"));
    await expectRefused(["select", "--pools", copy, ...generic, "--out", copy, "--force"], [`--out ${copy}: expected an output other than the run's inputs; it is --pools ${copy}`]);
    expect(readFileSync(copy, "utf8")).toBe(readFileSync(pool, "utf8"));
    const levels = t.path("levels.json");
    expect((await runCli(["select", "--pools", copy, ...generic, "--out", levels])).code).toBe(0);
    const before = readFileSync(levels, "utf8");
    await expectRefused(["select", "--pools", copy, ...generic, "--from", levels, "--keep-until", "3", "--out", levels, "--force"], ["it is --from"]);
    await expectRefused(["report", levels, "--format", "csv", "--out", levels, "--force"], ["it is the levels file"]);
    expect(readFileSync(levels, "utf8")).toBe(before);
  });
  it("a named pipe, a subfolder and a link inside an output folder are carried over by the set, not read", async () => {
    const t = tempDir();
    const out = t.path("out");
    mkdirSync(join(out, "mine"), { recursive: true });
    writeFileSync(join(out, "mine", "notes.txt"), "mine\n");
    execFileSync("mkfifo", [join(out, "pipe")]);
    await writeFileSet(out, [{ name: "levels.json", data: "{}\n" }], "cli/build");
    expect(readFileSync(join(out, "mine", "notes.txt"), "utf8")).toBe("mine\n");
    expect(execFileSync("find", [out, "-type", "p"], { encoding: "utf8" }).trim()).toBe(join(out, "pipe"));
  });
});

describe("terminal and spreadsheet hygiene (class 8)", { timeout: 60_000 }, () => {
  /** A levels file whose first level's id and whose metric carry escape sequences and a formula. */
  async function hostileLevels(dir: string): Promise<{ a: string; b: string }> {
    const a = join(dir, "a.json");
    expect((await runCli(["select", "--pools", pool, ...generic, "--out", a])).code).toBe(0);
    const file = JSON.parse(readFileSync(a, "utf8")) as { levels: Array<{ id: string }> };
    file.levels[0].id = "=1+2\u001b[2J\u001b]0;pwned\u0007";
    const b = join(dir, "b.json");
    writeFileSync(b, JSON.stringify(file));
    return { a, b };
  }
  it("diff and report show escape sequences from a file as escapes, never raw", async () => {
    const t = tempDir();
    const { a, b } = await hostileLevels(t.dir);
    const d = await runCli(["diff", a, b]);
    expect(d.code).toBe(1);
    expect(d.stdout).toContain("=1+2\\u001B[2J\\u001B]0;pwned\\u0007");
    const r = await runCli(["report", b, "--format", "csv", "--levels"]);
    for (const out of [d.stdout, d.stderr, r.stdout, r.stderr]) expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
  it("report --format csv neutralises a formula id with a leading quote (OWASP)", async () => {
    const t = tempDir();
    const { b } = await hostileLevels(t.dir);
    const csv = t.path("levels.csv");
    expect((await runCli(["report", b, "--format", "csv", "--levels", "--out", csv])).code).toBe(0);
    const row = readFileSync(csv, "utf8").split("\n")[1];
    expect(row).toMatch(/^embedded,difficulty,1,1,1,'=1\+2\u001b\[2J/); // the file keeps the id's characters; the cell is text, not a formula
    expect(row).toMatch(/,-?\d/); // numbers (a negative deviation) stay numbers
  });
});

describe("a line break from a file never starts a line of its own", { timeout: 60_000 }, () => {
  const forged = "levelramp: calibrate: all good";
  /** No line of the output is the forged one, and `lines` lines were printed. */
  const oneLineEach = (out: string, lines: number) => {
    expect(out.split("\n").some((l) => l.startsWith(forged))).toBe(false);
    expect(out.endsWith("\n") ? out.split("\n").length - 1 : -1, out).toBe(lines);
  };
  it("a quoted CSV cell with a line break prints no second message line (calibrate's plays, select's CSV pool)", async () => {
    const t = tempDir();
    const levels = t.path("levels.json");
    expect((await runCli(["select", "--pools", pool, ...generic, "--out", levels])).code).toBe(0);
    const plays = t.write("plays.csv", `player,level,attempts,wins\np0,"7\n${forged}",1,1\np0,"8\r${forged}",1,0\n`);
    // calibrate lists every problem of the plays (SPEC 11): the message, then one indented line per problem — each one line.
    const r = await runCli(["calibrate", plays, "--levels", levels]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${plays}: 2 problem(s):`);
    expect(r.stderr).toContain(`  line 3, column 2 (level): expected a level number or a candidate id of ${levels}; got "7\\u000A${forged}"`);
    oneLineEach(r.stderr, 3);
    const csv = t.write("pool.csv", `id,chapter,part,difficulty\na,1,1,"1\n${forged}"\n`);
    const s = await expectRefused(["select", "--pools", csv, ...generic, "--json"], [csv, "\\u000A"]);
    oneLineEach(s.stderr, 1);
  });
  it("an id with a line break is one line in verify's and diff's listings", async () => {
    const t = tempDir();
    const a = t.path("a.json");
    expect((await runCli(["select", "--pools", pool, ...generic, "--out", a])).code).toBe(0);
    const file = JSON.parse(readFileSync(a, "utf8")) as { levels: Array<{ id: string; deviation: number }> };
    file.levels[0].id = `x\n${forged}\r\u2028y`;
    file.levels[0].deviation += 1; // a failure verify lists, with the id
    const b = t.write("b.json", JSON.stringify(file));
    const v = await runCli(["verify", b]);
    expect(v.code).toBe(1);
    expect(v.stdout).toContain(`x\\u000A${forged}\\u000D\\u2028y`);
    oneLineEach(v.stdout, 1 + v.stdout.split("\n").filter((l) => l.startsWith("  level ") || l.startsWith("  the file")).length);
    const d = await runCli(["diff", a, b]);
    expect(d.stdout).toContain(`x\\u000A${forged}`);
    for (const line of d.stdout.split("\n")) expect(line.startsWith(forged)).toBe(false);
  });
});
