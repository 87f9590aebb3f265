import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCsvPool } from "../../src/io/read-csv-pool.ts";
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
