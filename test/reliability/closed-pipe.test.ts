import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { chainModel } from "../helpers/chain-model.ts";
import { integerPool } from "../helpers/integer-pool.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// A reader that stops early (`levelramp select --json | head -c 100`) closes the pipe while the
// command still writes: the rest of the output goes nowhere, and the command ends as it would —
// exit 0, its levels file written, no "cannot write: EPIPE" (found by a new user with 1,200 levels).
// Also through the bundled bin, whose command thread writes to the process's descriptor 1 itself.
const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/esm/index.mjs", import.meta.url));
const commands: Array<[string, string[]]> = [
  ["from the sources", ["--import", tsx, fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url))]],
  ["the bundled bin (command thread)", [fileURLToPath(new URL("../../bin/levelramp.js", import.meta.url))]],
];

describe("stdout closed by its reader", () => {
  it.each(commands)("select --json | head -c 100 (%s): exit 0, the levels file written, nothing on stderr about the pipe", (_how, command) => {
    const t = tempDir();
    // 1,000 levels: the JSON (about 100 KB) is larger than a pipe's buffer, so the write meets the closed pipe.
    const { pool, plan } = integerPool(createRng("closed-pipe"), { candidates: 3000, levels: 1000, maxDifficulty: 1000 });
    const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [1000, 1000]], interpolation: "linear" };
    const files = { pool: t.write("pool.json", pool), plan: t.write("plan.json", plan), model: t.write("model.json", chainModel("any", 1)), ramp: t.write("ramp.json", ramp) };
    const out = t.path("levels.json");
    const args = ["--pools", files.pool, "--plan", files.plan, "--model", files.model, "--ramp", files.ramp, "--out", out, "--json"];
    const quoted = [process.execPath, ...command, "select", ...args].map((a) => `'${a}'`).join(" ");
    const r = spawnSync("bash", ["-c", `${quoted} 2>"${t.path("stderr.txt")}" | head -c 100 >/dev/null; echo "status=\${PIPESTATUS[0]}"`], { encoding: "utf8", timeout: 60_000 });
    const stderr = readFileSync(t.path("stderr.txt"), "utf8");
    expect(r.stdout.trim(), stderr).toBe("status=0");
    expect(stderr).not.toMatch(/EPIPE|cannot write/);
    expect(stderr).toContain("select: 1000 levels");
    expect(existsSync(out)).toBe(true);
    expect(JSON.parse(readFileSync(out, "utf8")).levels).toHaveLength(1000);
  });
});
