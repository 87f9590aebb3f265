import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsvTable, readCsvPool } from "../../src/io/csv/read-csv-pool.ts";
import { plainDecimal } from "../../src/io/csv/plain-decimal.ts";
import { createRng, type Rng } from "../../src/random/create-rng.ts";
import { readPool } from "../../src/io/read-pool.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

describe("CSV pools (the spreadsheet path)", () => {
  it("reads quoted fields, doubled quotes and commas inside quotes", () => {
    const t = tempDir();
    const f = t.write("pool.csv", 'id,chapter,part,difficulty,size\n"level, the first",1,1,1.5,3\n"say ""hi""",1,2,"2.25",4\n\nplain,2,1,3,5\n');
    const pool = readCsvPool(f);
    expect(pool.game).toBe("generic");
    expect(pool.candidates.map((c) => c.id)).toEqual(["level, the first", 'say "hi"', "plain"]);
    expect(pool.candidates[1]).toEqual({ id: 'say "hi"', chapter: 1, part: 2, metrics: { difficulty: 2.25, size: 4 }, rules: [] });
  });

  it("the bundled CSV export equals its JSON twin", () => {
    const csv = readPool("fixtures/pools/spreadsheet-export.csv");
    const json = JSON.parse(readFileSync("fixtures/pools/spreadsheet-export.json", "utf8"));
    expect(csv.candidates).toEqual(json.candidates);
  });

  for (const [name, text, message] of [
    ["missing metric", "id,chapter,part,difficulty,size\na,1,1,1.5,\n", /line 2, column 5 \(metric "size"\): expected a value \(it is missing\)/],
    ["a non-number", "id,chapter,part,difficulty\na,1,1,hard\n", /line 2, column 4 \(metric "difficulty"\): expected a decimal number such as 12, -0.5 or 3e2; got "hard"/],
    ["duplicate id", "id,chapter,part,difficulty\na,1,1,1\nb,1,1,2\na,1,2,3\n", /line 4, column 1: expected a unique id; "a" is also on line 2/],
    ["a short row", "id,chapter,part,difficulty\na,1,1,1\nb,1\n", /line 3: expected CSV with the header's number of fields/],
    ["a bad part", "id,chapter,part,difficulty\na,1,0,1\n", /line 2, column 3 \(part\): expected an integer from 1 to 1e9; got "0"/],
    // the quote opens on line 3 (after a quoted cell with a doubled quote on line 2); the parser only notices at the end of the file
    ["an unclosed quote", 'id,chapter,part,difficulty\n"say ""hi""",1,1,1\nb,1,"1,2\nc,1,1,3\nd,1,1,4\n', /line 3: expected a closing quote/],
    ["a bad header", "name,chapter,part,difficulty\na,1,1,1\n", /line 1: expected a header row id,chapter,part,<metric>/],
    ["a quote inside an unquoted cell", 'id,chapter,part,difficulty\na,1,1,1\nb"c,1,1,2\n', /line 3: expected a quote only at the start of a cell/],
    // the quoted cell opens on line 2 and closes on line 3, where the stray text is
    ["text after a closing quote", 'id,chapter,part,difficulty\n"two\nlines"x,1,1,1\n', /line 3: expected a comma or the end of the line after the closing quote of a cell; got "x"/],
  ] as const) {
    it(`${name} → exit 2 naming file and line`, async () => {
      const t = tempDir();
      const f = t.write("pool.csv", text);
      const r = await runCli(["select", "--pools", f, "--json"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(f);
      expect(r.stderr).toMatch(message);
    });
  }
});

/** The strict decimal grammar of a metric cell (what the reader accepts; anything else is exit 2). */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** What the fast path must answer itself: no exponent, at most 15 digits. */
const PLAIN = (s: string) => /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(s) && s.replace(/\D/g, "").length <= 15;

/** A random number-like string: mostly decimals of 1..18 digits, some with exponents, signs, stray characters. */
function numberLike(rng: Rng): string {
  const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(rng() * 10))).join("");
  const r = rng();
  if (r < 0.05) return Array.from({ length: 1 + Math.floor(rng() * 4) }, () => "0123456789.-+eE x_".charAt(Math.floor(rng() * 18))).join("");
  const sign = rng() < 0.3 ? (rng() < 0.7 ? "-" : "+") : "";
  const whole = digits(Math.floor(rng() * 10));
  const frac = rng() < 0.6 ? "." + digits(Math.floor(rng() * 9)) : "";
  const exp = rng() < 0.1 ? `e${rng() < 0.5 ? "-" : ""}${Math.floor(rng() * 12)}` : "";
  return sign + whole + frac + exp;
}

describe("plain decimals (the CSV reader's fast path)", () => {
  const edges = ["0", "-0", "+0", "0.", "-0.0", ".5", "-.5", "5.", "007", "0.1", "0.3", "2.675", "1.005", "123456789012345", "-999999999.99999", "0.000000000000001",
    "1234567890123456", "0.30000000000000004", "9007199254740993", "1e3", "1E-2", ".", "-", "+", "", "1.2.3", "--1", "1-", "1 ", "0x10", "1_0", "\u0661", "Infinity", "NaN"];

  it("answers every plain decimal with Number()'s own double, and nothing else", () => {
    const rng = createRng("test/plain-decimal");
    const strings = [...edges, ...Array.from({ length: 20_000 }, () => numberLike(rng))];
    const wrong: string[] = [];
    let fast = 0;
    for (const s of strings) {
      // inside a longer text, as the reader calls it
      const v = plainDecimal(`,${s},`, 1, s.length + 1);
      if (PLAIN(s)) fast++;
      if (!Object.is(v, PLAIN(s) ? Number(s) : NaN)) wrong.push(`${JSON.stringify(s)} → ${v}`);
    }
    expect(wrong).toEqual([]);
    expect(fast).toBeGreaterThan(10_000); // the fast path ran (most strings are plain)
  });

  it("the reader gives Number()'s double for every decimal cell, by the fast path or the exact one", () => {
    const rng = createRng("test/plain-decimal-csv");
    const values = [...edges, ...Array.from({ length: 5_000 }, () => numberLike(rng))].filter((s) => DECIMAL.test(s) && Math.abs(Number(s)) <= 1e9);
    const text = "id,chapter,part,v\n" + values.map((s, k) => `r${k},1,1,${k % 7 === 0 ? `"${s}"` : s}`).join("\n") + "\n";
    const table = parseCsvTable(text, "pool.csv");
    expect(table.size).toBe(values.length);
    expect(values.filter((s, k) => !Object.is(table.columns[0][k], Number(s)))).toEqual([]);
    expect(values.filter((s) => !PLAIN(s)).length).toBeGreaterThan(100); // the exact path ran too
  });

  it("rows, quotes, blank lines and CR, LF or CRLF line ends: each row's cells and first line", () => {
    const rng = createRng("test/csv-rows");
    for (let round = 0; round < 20; round++) {
      const eol = ["\n", "\r\n", "\r"][round % 3];
      const pad = () => (rng() < 0.2 ? " \t".charAt(Math.floor(rng() * 2)) : "");
      const rows: Array<{ id: string; chapter: number; part: number; v: number; line: number }> = [];
      let text = `id,chapter,part,v${eol}`;
      let line = 2;
      for (let k = 0; k < 30; k++) {
        while (rng() < 0.15) {
          text += eol;
          line++;
        }
        const odd = rng();
        const id = odd < 0.2 ? `a "quoted", ${k}` : odd < 0.3 ? `two${eol}lines ${k}` : `id-${k}`;
        const cell = id.includes('"') || id.includes(",") || id.includes(eol) ? `"${id.replace(/"/g, '""')}"` : id;
        const row = { id, chapter: 1 + Math.floor(rng() * 3), part: 1 + Math.floor(rng() * 2), v: Math.round(rng() * 2e5 - 1e5) / 100, line };
        text += [cell, row.chapter, row.part, rng() < 0.2 ? `"${row.v}"` : row.v].map((c) => pad() + c + pad()).join(",") + eol;
        line += 1 + (id.includes(eol) ? 1 : 0);
        rows.push(row);
      }
      const t = parseCsvTable(round % 2 ? text : text.slice(0, -eol.length), "pool.csv"); // with and without a last line end
      expect(t.ids).toEqual(rows.map((r) => r.id));
      expect([...t.chapter]).toEqual(rows.map((r) => r.chapter));
      expect([...t.part]).toEqual(rows.map((r) => r.part));
      expect([...t.columns[0]]).toEqual(rows.map((r) => r.v));
      expect([...t.lines]).toEqual(rows.map((r) => r.line));
    }
  });
});
