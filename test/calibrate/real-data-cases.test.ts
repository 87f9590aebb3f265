// The cases that went wrong on real play data, each a fixture named after it (fixtures/plays/,
// made by fixtures/plays/make-real-data-cases.ts from known parameters), and play logs in the shapes
// designers have them.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { playsCsv, simulatePlays } from "../helpers/simulate-plays.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { playableLevels, readLevelsCsv } from "../../src/calibrate/read-levels-table.ts";
import { readGameLevelsSource } from "../../src/game/registry/index.ts";
import { readPlays } from "../../src/calibrate/read-plays.ts";
import { playColumns } from "../../src/calibrate/play-columns.ts";
import { calibrationText } from "../../src/report/calibration-text.ts";

vi.setConfig({ testTimeout: 60_000 });

const t = tempDir("levelramp-real-data-");
type Cal = { params: Record<string, { value: number; low: number; high: number }>; fit: { gain: { low: number } } | null; outliers: unknown[] };

describe("calibrate on the shapes real play data have (SPEC 11)", () => {
  it("mode-search-cycles: converges where a level of 8,000 attempts and a large spread made the mode search cycle", async () => {
    const r = await runCli(["calibrate", fixture("plays/mode-search-cycles.csv"), "--levels", fixture("plays/mode-search-cycles.levels.json"), "--json"]);
    expect(r.stderr).not.toMatch(/did not converge/);
    expect(r.code).toBe(0);
    const cal = JSON.parse(r.stdout) as Cal;
    expect(Number.isFinite(cal.params.b.value)).toBe(true);
  });

  it("random-metric-significant: a metric unrelated to difficulty gets an interval holding 0, and the words say so", async () => {
    const r = await runCli(["calibrate", fixture("plays/random-metric-significant.csv"), "--levels", fixture("plays/random-metric-significant.levels.json"), "--json"]);
    expect(r.code).toBe(0);
    const cal = JSON.parse(r.stdout) as Cal;
    // Before: b −0.113 [−0.211, −0.015] (intervals without the level spread's weight); the truth is 0.
    expect(cal.params.b.low).toBeLessThan(0);
    expect(cal.params.b.high).toBeGreaterThan(0);
    expect(cal.fit!.gain.low).toBeLessThan(0);
    expect(r.stderr).toMatch(/b's interval includes 0: the plays do not show that "difficulty" makes levels harder \(select --calibration refuses it without --force\)\n/);
    // calibrationText names selectLevels' options in the library's words; calibrate passes its flags
    expect(calibrationText(JSON.parse(r.stdout))).toMatch(/makes levels harder \(a selection through it refuses it without force: true\)\n/);
    expect(r.stderr).toMatch(/the metric does not predict pass rates better than a constant/);
  });

  it("numeric-ids: ids that look like level numbers are refused as ambiguous, and read as ids with --level-key id", async () => {
    const plays = fixture("plays/numeric-ids.csv");
    const levels = fixture("plays/numeric-ids.levels.json");
    const r = await runCli(["calibrate", plays, "--levels", levels, "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 2, column 1 \(level\): "60" is the id of level 1 and the number of level 60 \(id "1"\) in .*numeric-ids\.levels\.json \(and \d+ more row\(s\) like it\): give --level-key id or --level-key number/);
    // The library call names its own option, not the CLI's flag.
    const source = playableLevels((await readGameLevelsSource(levels)).value);
    expect(() => readPlays(plays, source, levels)).toThrow(/\(and \d+ more row\(s\) like it\): give levelKey "id" or levelKey "number"$/);
    expect(() => readPlays(t.write("tries.csv", "level,tries,wins\n1,10,5\n"), source, levels)).toThrow(/in any order \(the columns option maps other names\); "attempts" is not in/);
    // Read as ids (what they are): the slope is the truth's sign (+0.3); read as numbers, it is reversed.
    const asIds = JSON.parse((await runCli(["calibrate", plays, "--levels", levels, "--level-key", "id", "--json"])).stdout) as Cal;
    expect(asIds.params.b.low).toBeGreaterThan(0.2);
    const asNumbers = JSON.parse((await runCli(["calibrate", plays, "--levels", levels, "--level-key", "number", "--json"])).stdout) as Cal;
    expect(asNumbers.params.b.high).toBeLessThan(0);
  });

  it("raw-play-log: other column names (--columns), extra columns, counts like 2.0, repeated rows summed, levels as a table", async () => {
    const r = await runCli([
      "calibrate",
      fixture("plays/raw-play-log.csv"),
      "--levels",
      fixture("plays/raw-play-log.levels.csv"),
      "--columns",
      "player=player_id,level=level_id,attempts=num_attempts,wins=num_success",
      "--json",
    ]);
    expect(r.stderr).toBe(r.stderr.replace(/levelramp: /g, ""));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`calibrate: ${fixture("plays/raw-play-log.csv")}: column(s) ignored: "session_day", "platform"`);
    expect(r.stderr).toMatch(/: 81 row\(s\) repeating a player and level summed into the first \(first: lines 12 and 13\)/);
    const cal = JSON.parse(r.stdout) as Cal & { metric: string; model: string };
    expect(cal.metric).toBe("moves");
    expect(cal.model).toBe("rasch");
    expect(cal.params.b.low).toBeLessThan(0.2);
    expect(cal.params.b.high).toBeGreaterThan(0.2);
    // The sums: the same plays as the log with each player's level in one row.
    const text = readFileSync(fixture("plays/raw-play-log.csv"), "utf8").trim().split("\n").slice(1);
    const merged = new Map<string, [number, number]>();
    for (const line of text) {
      const [, player, level, , n, w] = line.split(",");
      const key = `${player},${level}`;
      const [a, b] = merged.get(key) ?? [0, 0];
      merged.set(key, [a + Number(n), b + Number(w)]);
    }
    const flat = t.write("raw-merged.csv", ["player,level,attempts,wins", ...[...merged].map(([k, [n, w]]) => `${k},${n},${w}`)].join("\n") + "\n");
    const table = readLevelsCsv(fixture("plays/raw-play-log.levels.csv"));
    const summed = readPlays(fixture("plays/raw-play-log.csv"), table, "levels.csv", { columns: { player: "player_id", level: "level_id", attempts: "num_attempts", wins: "num_success" } }).plays;
    const once = readPlays(flat, table, "levels.csv").plays;
    const rowsOf = (p: typeof once) => p.rows.map((r) => [p.players[r.player], r.level, r.attempts, r.wins]);
    expect(rowsOf(summed)).toEqual(rowsOf(once));
  });

  it("lists every problem of a plays file at once, up to 20", async () => {
    const three = t.write("three-problems.csv", "level,attempts,wins\n1,10,5\n2,2.5,1\n3,10,5\n4,3,4\n5,10,5\nno-such,1,1\n");
    const r = await runCli(["calibrate", three, "--levels", fixture("plays/mode-search-cycles.levels.json"), "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("3 problem(s):");
    expect(r.stderr).toContain('line 3, column 2 (attempts): expected a whole number from 0 to 1e9; got "2.5"');
    expect(r.stderr).toContain("line 5: expected wins ≤ attempts; got 4 wins in 3 attempts");
    expect(r.stderr).toContain('line 7, column 1 (level): expected a level number or a candidate id of');
    const many = t.write("many-problems.csv", ["level,attempts,wins", ...Array.from({ length: 25 }, (_, i) => `${1 + (i % 15)},-${i},0`)].join("\n") + "\n");
    const m = await runCli(["calibrate", many, "--levels", fixture("plays/mode-search-cycles.levels.json"), "--json"]);
    expect(m.code).toBe(2);
    expect(m.stderr).toContain("more than 20 problem(s):");
    expect(m.stderr.match(/^ {2}line \d+/gm)).toHaveLength(20);
    expect(m.stderr).toMatch(/\n {2}\.\.\.\n?$/);
  });

  it("takes an order (SPEC 3, CSV) for --levels, and refuses a --columns that names no such column", async () => {
    const metrics = Array.from({ length: 12 }, (_, i) => 1 + i);
    const order = t.write("order.csv", ["id,chapter,part,level,difficulty", ...metrics.map((m, i) => `lv${i + 1},1,1,${i + 1},${m}`)].join("\n") + "\n");
    const plays = t.write("order-plays.csv", playsCsv(simulatePlays({ model: "levels", a: 2, b: 0.3, tau: 0.2 }, { seed: "order-plays", metrics })));
    const r = await runCli(["calibrate", plays, "--levels", order, "--json"]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Cal & { metric: string }).metric).toBe("difficulty");
    const bad = await runCli(["calibrate", plays, "--levels", order, "--columns", "attempts=tries", "--json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"tries" is not in "level","attempts","wins"/);
    const key = await runCli(["calibrate", plays, "--levels", order, "--columns", "turns=tries", "--json"]);
    expect(key.code).toBe(2);
    expect(key.stderr).toMatch(/^levelramp: cli\/calibrate: --columns: expected column=name pairs for player, level, attempts, wins/);
    // playColumns names its own option; calibrate passes --columns
    expect(() => playColumns("turns=tries")).toThrow(/^calibrate\/columns: columns: expected column=name pairs for player, level, attempts, wins \(e\.g\. player=player_id,attempts=num_attempts\); got "turns=tries"$/);
    expect(() => playColumns("level=a,level=b")).toThrow(/^calibrate\/columns: columns: "level" is mapped twice$/);
  });
});
