// Chain continuation, aiming and the retry-then-fail path (SPEC 6, 9; docs/pipeline.md "Aims follow the
// chain", "Failing clearly") on the tiny Carillon plan with a deliberately flat ramp: a chain that may
// not fall and must rise (maxRun) leaves the ramp behind, so every part after the first is grown for
// the chain's end rather than its targets.
import { openGame } from "../../src/game/registry/open-game.ts";
import { describe, expect, it } from "vitest";
import { NoAnswerError } from "../../src/io/errors.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { modelSchema, type Model } from "../../src/io/schemas/model.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildLevels } from "../../src/pipeline/level-set/build-levels.ts";
import { loadPipelineSettings } from "../../src/pipeline/inputs/pipeline-settings.ts";
import { fixture } from "../helpers/run-cli.ts";

const planFile = fixture("pipeline/tiny-carillon-plan.json");
const plan = readJsonFile(planSchema, planFile);
const tinyModel = readJsonFile(modelSchema, fixture("pipeline/tiny-carillon-model.json"));
const flat: Ramp = { format: "levelramp/ramp@1", metric: "bits", points: [[1, 2], [9, 2]], interpolation: "linear" };

async function build(model: Model, extraRounds: number, logs: string[]) {
  return buildLevels({
    plan,
    planFile,
    model,
    modelFile: "model.json",
    ramp: flat,
    rampFile: "flat-ramp.json",
    game: await openGame("carillon"),
    chapters: [1, 2],
    seed: 5,
    workers: 1,
    settings: { ...loadPipelineSettings(), extraRounds },
    events: { log: (line) => logs.push(line) },
  });
}

describe("a chain on a flat ramp", () => {
  it("continues across parts and chapters: never falls, rises at least every third level, and runs above the flat ramp", async () => {
    const logs: string[] = [];
    const r = await build(tinyModel, 4, logs);
    const bits = r.levels!.levels.map((l) => l.metrics.bits);
    expect(bits).toHaveLength(9);
    for (let i = 1; i < bits.length; i++) expect(bits[i]).toBeGreaterThanOrEqual(bits[i - 1]);
    for (let i = 3; i < bits.length; i++) expect(Math.round(bits[i] / 0.01)).toBeGreaterThan(Math.round(bits[i - 3] / 0.01));
    expect(bits[bits.length - 1]).toBeGreaterThan(2);
    // any extra round names what it aims at: the chain's end once the chain is above the targets
    for (const line of logs.filter((l) => l.includes("extra round"))) expect(line).toMatch(/aimed at (max\(target, the chain's end \d+\.\d{3}\)|the targets) \+ \d+\.\d{3}/);
    // one line per chained part, its chain end the part's last level
    const chained = logs.filter((l) => / \(levels? [\d–]+\) (chosen from \d+ candidate\(s\)|composed): the chain ends at bits /.test(l));
    const parts = new Set(r.levels!.levels.map((l) => `${l.chapter}/${l.part}`));
    expect(chained).toHaveLength(parts.size);
    const last = r.levels!.levels[r.levels!.levels.length - 1];
    expect(chained[chained.length - 1]).toContain(`ends at bits ${last.metrics.bits.toFixed(3)} (`);
  }, 60_000);

  it("a chain that must climb faster than the fields can: more rounds, each aimed higher, then a stop naming the part, the chain's end, the best candidate and what to change", async () => {
    // every level must leave the previous level's 1-bit bucket: tiny two-root fields run out of room above the chain
    const steep: Model = { ...tinyModel, constraints: [...tinyModel.constraints.filter((c) => c.type !== "maxRun"), { type: "maxRun", key: "bits", length: 1, precision: 1 }] };
    const logs: string[] = [];
    let error: unknown;
    try {
      await build(steep, 2, logs);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(NoAnswerError);
    const message = (error as Error).message;
    expect(message).toMatch(/^pipeline\/build: chapter \d part \d \(levels \d–\d\): the pool cannot continue the chain yet/);
    expect(message).toContain("after 2 extra round(s) of batches, each aimed higher");
    expect(message).toMatch(/the chain ends at bits \d+\.\d{3} \(level \d, \d+\.\d{3} above the ramp\)/);
    expect(message).toMatch(/the best unused is carillon-c\d-p\d-[0-9a-f]{10} at bits \d+\.\d{3}/);
    // the rule that removed the last candidates comes first (rounds aimed higher do not loosen it), then growing
    expect(message).toMatch(/what to change: the model's maxRun\(bits, 1, 1\) \([^)]*\), which removed the last candidates that could continue the chain; or grow/);
    expect(message).toContain(`; or grow this part's candidates higher or denser (its generator settings, ${planFile} at $.chapters[`);
    // the two extra rounds of the stuck part, the second aimed higher than the first
    const stuck = message.match(/^pipeline\/build: (chapter \d part \d)/)![1];
    const rounds = logs.filter((l) => l.startsWith(`${stuck}:`));
    expect(rounds).toHaveLength(2);
    const raise = rounds.map((l) => Number(l.match(/\+ (\d+\.\d{3})\)$/)![1]));
    expect(raise[1]).toBeGreaterThan(raise[0]);
    expect(rounds[0]).toContain("extra round 1 of 2, aimed at max(target, the chain's end");
  }, 60_000);
});
