import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The library speaks in its own words: a message or a text a library function makes
// names the options of that function (`shard: "auto"`, `workers`, `solver: "dp"`), never a flag of
// the command line. The CLI names its flags, through the remedies an error carries
// (src/cli/remedy-flags.ts) or the names it passes (`names`, `forceOption`). So no string literal in
// src/ outside cli/ may hold a `--flag` — comments and TSDoc may — except those below, each for a reason.
// The ramp editor's page shows the designer a `levelramp select ...` command line to copy, on purpose.

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

/** Folders and files (relative to src/, `/`-separated) whose strings may name flags. */
const PLACES_ALLOWED = [
  "cli/", // the command line itself
  "report/editor/select-for-ramp.ts", // the editor page's `levelramp select --pools ... --out ...` line
  "report/editor/editor-data.ts", // that line's `--keep` ranges
  "report/editor/editor-panel-html.ts", // the page's words about that line (`select --ramp`, `--game`)
  "report/editor/start-editor.ts", // the page's script: its titles and its API's errors name the commands it stands for
];

/**
 * Strings outside those folders that name a `--flag` on purpose: the file, the flag, and why.
 * Each entry must still be needed (a stale entry fails the test too).
 */
const ALLOWED: ReadonlyArray<{ file: string; flag: string; why: string }> = [
  // Node's own option, set through NODE_OPTIONS: not a levelramp flag, the only way to raise V8's heap limit.
  { file: "io/errors.ts", flag: "--max-old-space-size", why: "Node's option (NODE_OPTIONS), not levelramp's" },
  // Slurm's own options: how to re-run one task of an array with the shard named.
  { file: "pipeline/shards/parse-shard.ts", flag: "--array", why: "sbatch's option, not levelramp's" },
  { file: "pipeline/shards/parse-shard.ts", flag: "--export", why: "sbatch's option, not levelramp's" },
  // A file format's field descriptions (zod .describe(), what `levelramp schema` prints): documentation, as TSDoc is.
  { file: "io/schemas/calibration.ts", flag: "--calibration", why: "a field's description in the calibration format" },
  { file: "io/schemas/levels.ts", flag: "--min-moves", why: "a field's description in the levels format" },
  { file: "io/schemas/pool.ts", flag: "--from", why: "a field's description in the pool format" },
  { file: "io/schemas/pool.ts", flag: "--reuse", why: "a field's description in the pool format" },
];

/** Every .ts file under src/, relative to src/ with `/`. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith(".ts") ? [relative(SRC, path).split(sep).join("/")] : [];
  });
}

/** The flags named in a source's string literals and template parts (comments are not strings), with their lines. */
function flagsInStrings(name: string, code: string): Array<{ flag: string; line: number; text: string }> {
  const source = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true);
  const found: Array<{ flag: string; line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const m of node.text.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)) {
        found.push({ flag: m[0], line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("library strings name no command-line flag", () => {
  const files = sourceFiles().filter((f) => !PLACES_ALLOWED.some((d) => f.startsWith(d)));
  const found = files.flatMap((file) => flagsInStrings(file, readFileSync(join(SRC, file), "utf8")).map((f) => ({ file, ...f })));

  it("outside cli/ and the editor page's command line, every string naming a --flag is on the allow-list", () => {
    const named = found.filter((f) => !ALLOWED.some((a) => a.file === f.file && a.flag === f.flag));
    expect(named.map((f) => `src/${f.file}:${f.line}: ${f.flag} in ${JSON.stringify(f.text.slice(0, 120))}`)).toEqual([]);
  });

  it("every allow-list entry is still needed", () => {
    const stale = ALLOWED.filter((a) => !found.some((f) => f.file === a.file && f.flag === a.flag));
    expect(stale).toEqual([]);
  });

  it("the scan sees strings and not comments", () => {
    const code = "// --comment\nconst a = `x --flag ${1} --other`; /* --no */ const b = '--single' + \"--double\"; let n = 2; n = n--2;";
    expect(flagsInStrings("x.ts", code).map((f) => f.flag)).toEqual(["--flag", "--other", "--single", "--double"]);
  });
});
