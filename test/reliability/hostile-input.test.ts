import { execFileSync } from "node:child_process";
import { linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { csvCell } from "../../src/io/hostile/csv-cell.ts";
import { checkOutputFile, checkOutputFolder, tempBeside } from "../../src/io/output-paths.ts";
import { hasOwnKey, ownNumber, ownValue } from "../../src/io/hostile/own-key.ts";
import { parseJsonText, readJson } from "../../src/io/read-json-file.ts";
import { readInputBytes } from "../../src/io/read-text-file.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { parseWith } from "../../src/io/read-json-file.ts";
import { oneLine, terminalText } from "../../src/io/hostile/terminal-text.ts";
import { InputError, NoAnswerError, ProgramFault } from "../../src/io/errors.ts";
import { writeFileAtomic } from "../../src/io/atomic-write.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { refusal } from "../helpers/expect-refused.ts";

// SPEC 2: hostile input ends in exit 2 naming the input, never in a
// hang, an exhausted heap, a stack overflow (exit 70) or a silent change of
// meaning. These are the shared mechanisms in src/io/; test/reliability/
// hostile-cli.test.ts runs the same classes through the commands.

describe("inputs are bounded by the bytes read and never block (class 2)", () => {
  it("a named pipe with no writer is refused at once, not waited on", () => {
    const t = tempDir();
    const fifo = t.path("pool.json");
    execFileSync("mkfifo", [fifo]);
    const t0 = performance.now();
    expect(refusal(() => readJson(fifo)).message).toBe(`io/read: ${fifo}: expected a file; it is a named pipe (levelramp reads its inputs from regular files only: a device or a pipe may never end, or never answer; save it to a file first)`);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("a device whose size reads 0 (/dev/zero) is refused, not read until the heap is gone", () => {
    expect(refusal(() => readJson("/dev/zero")).message).toMatch(/^io\/read: \/dev\/zero: expected a file; it is a device/);
  });

  it("a file whose size reads 0 but holds bytes (/proc) is bounded by the bytes actually read", () => {
    expect(refusal(() => readInputBytes("/proc/self/status", "io/read", 64)).message).toMatch(/^io\/read: \/proc\/self\/status: expected a file of at most 64 bytes; it has more than that \(65 bytes read so far\)/);
    expect(readInputBytes("/proc/self/status", "io/read").toString("utf8")).toMatch(/^Name:/);
  });
});

describe("JSON that would overflow the stack or change an object (classes 3, 4)", () => {
  it("100,000 unclosed [ is refused with the line and column where nesting passes 64", () => {
    const t = tempDir();
    const file = t.write("deep.json", "[".repeat(100_000));
    expect(refusal(() => readJson(file)).message).toBe(`io/read: ${file}: expected JSON (line 1, column 65): expected arrays and objects nested at most 64 deep (SPEC 2 input limits)`);
  });

  it("deep JSON that is valid is refused too (writing it back would overflow the stack)", () => {
    const text = `{"format": "x",\n "generator": ${"[".repeat(70)}${"]".repeat(70)}}`;
    expect(refusal(() => parseJsonText(text, "io/read", "pool.json")).message).toBe("io/read: pool.json: expected JSON (line 2, column 78): expected arrays and objects nested at most 64 deep (SPEC 2 input limits)");
    expect(parseJsonText(`{"a": ${"[".repeat(63)}${"]".repeat(63)}}`, "io/read", "x")).toBeTruthy(); // 64 deep is fine
  });

  it("a key __proto__ is refused with its JSON path, spelled plainly or with \\u escapes", () => {
    const plain = '{"candidates": [{"metrics": {"bits": 1, "__proto__": 2}}]}';
    const escaped = '{"candidates": [{"metrics": {"bits": 1, "\\u005f_proto__": 2}}]}';
    for (const text of [plain, escaped]) {
      expect(refusal(() => parseJsonText(text, "io/read", "p.json")).message).toBe('io/read: p.json at $.candidates[0].metrics.__proto__: expected no key "__proto__" (a name JavaScript reserves: it would change the object, not name a value); rename it');
    }
    expect(parseJsonText('{"constructor": 1, "toString": 2}', "io/read", "x")).toEqual({ constructor: 1, toString: 2 });
  });

  it("own-key lookups see only a record's own keys", () => {
    const metrics = JSON.parse('{"bits": 3, "toString": 4}') as Record<string, number>;
    expect(hasOwnKey(metrics, "toString")).toBe(true);
    expect(hasOwnKey({ bits: 1 }, "toString")).toBe(false);
    expect(hasOwnKey({ bits: 1 }, "constructor")).toBe(false);
    expect(ownValue({ bits: 1 } as Record<string, number>, "valueOf")).toBeUndefined();
    expect(ownNumber(metrics, "toString")).toBe(4);
    expect(ownNumber({ bits: 1 }, "hasOwnProperty")).toBeUndefined();
  });
});

describe("model contradictions and bounds (classes 5, 6)", () => {
  const model = (constraints: unknown[]) => ({ format: "levelramp/model@1", metric: "bits", constraints });
  it("a conflict naming one id twice is refused, naming both places", () => {
    expect(refusal(() => parseWith(modelSchema, model([{ type: "conflict", ids: ["a", "b", "a"] }]), "m.json")).message).toBe('io/read: m.json at $.constraints[0].ids[2]: expected distinct ids (a conflict says "never two of these ship"); "a" is also ids[0]');
  });
  it("a pin of an excluded id is refused: exclude vetoes, so the pin could never hold", () => {
    expect(refusal(() => parseWith(modelSchema, model([{ type: "exclude", id: "c-1" }, { type: "pin", level: 3, id: "c-1" }]), "m.json")).message).toBe('io/read: m.json at $.constraints[1].id: expected a pin of a candidate the model does not exclude; constraints[0] excludes "c-1" (an exclude vetoes a candidate, so this pin can never hold: remove one of the two)');
    expect(refusal(() => parseWith(modelSchema, model([{ type: "pin", level: 3, id: "c-1" }, { type: "pin", level: 9, id: "c-1" }]), "m.json")).message).toMatch(/constraints\[1\]\.id: expected each id pinned once \(a candidate ships at most once\); constraints\[0\] pins "c-1" too/);
  });
  it("a maxRun longer than any plan, or finer than the stored metrics, is refused", () => {
    const run = (length: number, precision: number) => model([{ type: "maxRun", key: "bits", length, precision }]);
    expect(refusal(() => parseWith(modelSchema, run(1e9, 0.1), "m.json")).message).toMatch(/\$\.constraints\[0\]\.length: expected at most 1,000,000 \(the most levels a plan holds; a run cannot be longer\)/);
    expect(refusal(() => parseWith(modelSchema, run(3, 1e-300), "m.json")).message).toMatch(/\$\.constraints\[0\]\.precision: expected a precision of at least 0\.000001/);
    expect(parseWith(modelSchema, run(1_000_000, 1e-6), "m.json").constraints).toHaveLength(1);
  });
});

describe("outputs checked before the work (class 7)", () => {
  it("a temp name beside a long legal name fits the file system: the temp name is shortened, never the user's", async () => {
    const t = tempDir();
    const name = `${"é".repeat(120)}.json`; // 245 bytes: legal; its plain temp name would pass 255
    const tmp = tempBeside(t.path(name), "tmp");
    expect(Buffer.byteLength(tmp.slice(t.dir.length + 1))).toBeLessThanOrEqual(255);
    await writeFileAtomic(t.path(name), "{}\n");
    expect(readdirSync(t.dir)).toEqual([name]);
    await writeFileAtomic(t.path(name), "[]\n", { force: true });
    expect(readFileSync(t.path(name), "utf8")).toBe("[]\n");
    const long = `${"x".repeat(256)}.json`;
    expect(refusal(() => checkOutputFile(t.path(long), { module: "cli/select", option: "--out" })).message).toMatch(/expected a file name of at most 255 bytes \(what file systems take\); "x{20}…" has 261/);
  });

  it("an --out under a symbolic link that leads nowhere is refused before the work, naming the link", () => {
    const t = tempDir();
    symlinkSync(t.path("gone"), t.path("link"));
    const out = t.path("link/sub/levels.json");
    expect(refusal(() => checkOutputFile(out, { module: "cli/select", option: "--out" })).message).toBe(`cli/select: --out ${out}: expected a path through folders that exist or can be made; ${t.path("link")} is a symbolic link to a path that does not exist`);
    expect(refusal(() => checkOutputFolder(t.path("link/out"), ["levels.json"], { module: "cli/build", option: "--out" })).message).toMatch(/is a symbolic link to a path that does not exist/);
  });

  it("a file --out with a trailing slash, or empty, is refused before the work", () => {
    const t = tempDir();
    expect(refusal(() => checkOutputFile(t.path("levels.json/"), { module: "cli/select", option: "--out" })).message).toBe(`cli/select: --out ${t.path("levels.json/")}: expected a file name; it ends in "/" (a folder)`);
    expect(refusal(() => checkOutputFile("", { module: "cli/select", option: "--out" })).message).toBe("cli/select: --out : expected a path; it is empty");
  });

  it("an output that is an input of the same run is refused, even with --force: by path, through a link, by another name", () => {
    const t = tempDir();
    const pool = t.write("pool.json", "{}");
    symlinkSync(pool, t.path("alias.json"));
    const check = (out: string) => refusal(() => checkOutputFile(out, { module: "cli/select", option: "--out", forceOption: "--force", force: true, inputs: [{ what: "--ramp", path: undefined }, { what: "--pools", path: pool }] })).message;
    expect(check(pool)).toBe(`cli/select: --out ${pool}: expected an output other than the run's inputs; it is --pools ${pool} (levelramp never writes over an input of the same run, even with --force)`);
    expect(check(`${t.dir}/./pool.json`)).toMatch(/it is --pools/);
    mkdirSync(t.path("sub"));
    expect(check(`${t.dir}/sub/../pool.json`)).toMatch(/it is --pools/);
    linkSync(pool, t.path("hard.json")); // another name of the same file
    expect(check(t.path("hard.json"))).toMatch(/it is --pools/);
    const other = t.write("other.json", "{}");
    expect(checkOutputFile(other, { module: "cli/select", option: "--out", force: true, inputs: [{ what: "--pools", path: t.path("alias.json") }] })).toEqual([]);
    expect(refusal(() => checkOutputFile(pool, { module: "cli/select", option: "--out", force: true, inputs: [{ what: "--from", path: t.path("alias.json") }] })).message).toMatch(/it is --from .*alias\.json/);
    writeFileSync(t.path("levels.json"), "{}");
    expect(refusal(() => checkOutputFolder(t.dir, ["levels.json"], { module: "cli/build", option: "--out", force: true, inputs: [{ what: "--plan", path: t.path("levels.json") }] })).message).toMatch(/it is --plan/);
  });
});

describe("terminal and spreadsheet hygiene (class 8)", () => {
  it("control characters are shown as escapes; newlines, tabs and (on a colour terminal) colours pass", () => {
    expect(terminalText("id a\u001b[2Jb\u0007\u009b\u202e\u0000 ok\n\tnext")).toBe("id a\\u001B[2Jb\\u0007\\u009B\\u202E\\u0000 ok\n\tnext");
    expect(terminalText("\u001b[31mred\u001b[0m \u001b]0;title\u0007", true)).toBe("\u001b[31mred\u001b[0m \\u001B]0;title\\u0007");
    expect(terminalText("plain é ü 日本")).toBe("plain é ü 日本");
    const json = JSON.stringify({ id: "x\u001b[2J\u009b\u2028" });
    expect(JSON.parse(terminalText(json))).toEqual({ id: "x\u001b[2J\u009b\u2028" }); // still JSON, same values
  });

  it("a line break from a file stays on its line: messages are their own lines only", () => {
    expect(oneLine("7\nlevelramp: x\r\u2028\u2029\u0085y")).toBe("7\\u000Alevelramp: x\\u000D\\u2028\\u2029\\u0085y");
    const same = "plain é 日本";
    expect(oneLine(same)).toBe(same);
    // an error's message: one line, whatever it quotes; a message of several lines keeps them
    expect(new InputError("io/read", 'got "7\nlevelramp: all good"', { file: "p.csv" }).message).toBe('io/read: p.csv: got "7\\u000Alevelramp: all good"');
    expect(new NoAnswerError("pipeline/build", ["the built levels fail:", "  level 1 (a\nb): why"]).message).toBe("pipeline/build: the built levels fail:\n  level 1 (a\\u000Ab): why");
    // a program fault keeps the program client's layout (indented lines) and nothing else
    expect(new ProgramFault("program/wire", "g.json: solve: says\nlevelramp: ok\n  request: {}").message).toBe("program/wire: g.json: solve: says\\u000Alevelramp: ok\n  request: {}");
  });

  it("a CSV cell that a spreadsheet would run as a formula gets a leading quote; numbers stay numbers", () => {
    expect(["=1+2", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx", "=HYPERLINK(\"http://x\",\"y\")"].map(csvCell)).toEqual(["'=1+2", "'+cmd", "'-2+3", "'@SUM(A1)", "'\tx", "\"'\rx\"", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""]);
    expect(["-0.5", "+3", "-1e-7", "12", "a,b", "plain"].map(csvCell)).toEqual(["-0.5", "+3", "-1e-7", "12", '"a,b"', "plain"]);
    expect([csvCell(-2.5), csvCell(null)]).toEqual(["-2.5", ""]);
  });
});
