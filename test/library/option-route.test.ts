import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { modelSchema, planSchema, poolSchema, rampSchema, selectLevels, type SelectLevelsInputs } from "../../src/index.ts";
import { solverLimits } from "../../src/select/index.ts";
import { ChainSelection } from "../../src/pipeline/level-set/chain-selection.ts";
import { fixture, modelFile } from "../helpers/run-cli.ts";

// The route of select's time limit (docs/architecture.md "How an option travels"): the seconds a caller
// gives selectLevels are the seconds the solver is given, in the solver's own unit, with nothing converted
// back and forth on the way. The clock is held still (performance.now() is 0 throughout a call), so the
// time the route itself takes cannot hide a changed value: what reaches the solver is compared exactly.

/** Every `time_limit` (seconds) the HiGHS models of this file were given, in order. */
const highsLimits = vi.hoisted(() => [] as number[]);

// The real HiGHS, its models' options watched: each `time_limit` set is recorded, then set.
vi.mock("highs", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: () => Promise<Record<string, unknown>> }).default;
  const watched = async () => {
    const highs = await real();
    const createModel = (highs.createModel as () => object).bind(highs);
    return new Proxy(highs, {
      get(target, key) {
        if (key !== "createModel") return Reflect.get(target, key);
        return () => {
          const model = createModel() as { options: { set(o: Record<string, unknown>): void; get(name: string): unknown } };
          const options = model.options;
          const set = (o: Record<string, unknown>) => {
            if (typeof o.time_limit === "number") highsLimits.push(o.time_limit);
            options.set(o);
          };
          return new Proxy(model, { get: (m, k) => (k === "options" ? { set, get: (name: string) => options.get(name) } : Reflect.get(m, k)) });
        };
      },
    });
  };
  return { default: watched };
});

/**
 * A time limit whose seconds do not survive ×1000 then ÷1000 in floating point
 * ((s · 1000) / 1000 ≠ s): a route that converts to milliseconds and back hands the solver another number.
 */
const SECONDS = 3.4195649879585233;

/** Chapter 1, parts 1-2 of the generic fixture pool (10 levels, 40 candidates, a chain-shaped model), as selectLevels takes them. */
function smallCase(): SelectLevelsInputs {
  const poolFile = fixture("pools/generic-3x4x20.json");
  const pool = poolSchema.parse(JSON.parse(readFileSync(poolFile, "utf8")));
  pool.candidates = pool.candidates.filter((c) => c.chapter === 1 && c.part <= 2);
  const planFile = modelFile("generic", "plan.json");
  const plan = planSchema.parse(JSON.parse(readFileSync(planFile, "utf8")));
  plan.chapters = [{ ...plan.chapters[0], parts: plan.chapters[0].parts.slice(0, 2) }];
  const model = modelFile("generic", "selection.json");
  const ramp = modelFile("generic", "ramp.json");
  return {
    pool,
    poolFile,
    plan,
    planFile,
    model: modelSchema.parse(JSON.parse(readFileSync(model, "utf8"))),
    modelFile: model,
    ramp: rampSchema.parse(JSON.parse(readFileSync(ramp, "utf8"))),
    rampFile: ramp,
  };
}

/** Runs `call` with performance.now() held at 0. */
async function stillClock<T>(call: () => Promise<T>): Promise<T> {
  const now = vi.spyOn(performance, "now").mockReturnValue(0);
  try {
    return await call();
  } finally {
    now.mockRestore();
  }
}

afterEach(() => {
  highsLimits.length = 0;
  vi.restoreAllMocks();
});

describe("select's time limit reaches the solver as given (docs/architecture.md: how an option travels)", () => {
  it("the seconds of the time limit do not survive a trip through milliseconds (the case is one)", () => {
    expect((SECONDS * 1000) / 1000).not.toBe(SECONDS);
  });

  it("highs: HiGHS's time_limit is the time limit, in seconds, exactly", async () => {
    const { selection } = await stillClock(() => selectLevels(smallCase(), { solver: "highs", timeLimitSeconds: SECONDS }));
    expect(selection.solver).toBe("highs");
    expect(selection.status).toBe("optimal");
    // The first solve, and every tie-break solve after it, is given the whole time left: with the clock still, all of it.
    expect(highsLimits.length).toBeGreaterThan(0);
    expect(new Set(highsLimits)).toEqual(new Set([SECONDS]));
  }, 60_000);

  it("incremental (the build's way, part by part through extendSelection): each part's HiGHS gets the time limit, exactly", async () => {
    const { selection } = await stillClock(() => selectLevels(smallCase(), { solver: "highs", incremental: true, timeLimitSeconds: SECONDS }));
    expect(selection.solver).toBe("incremental(highs)");
    expect(selection.stats.parts).toBe(2);
    expect(highsLimits.length).toBeGreaterThanOrEqual(2);
    expect(new Set(highsLimits)).toEqual(new Set([SECONDS]));
  }, 60_000);

  it("the build's step (ChainSelection.extend, as pipeline-run hands it selectionTimeLimitSeconds): HiGHS gets it, exactly", async () => {
    const { pool, poolFile, plan, planFile, model, modelFile, ramp, rampFile } = smallCase();
    const chain = new ChainSelection({ poolFile, plan: plan!, planFile: planFile!, model, modelFile, ramp, rampFile });
    const step = await stillClock(() => chain.extend(pool, 1, 1, [], { solver: "highs", timeLimitSeconds: SECONDS }));
    expect(step.selection.solver).toBe("highs");
    expect(highsLimits.length).toBeGreaterThan(0);
    expect(new Set(highsLimits)).toEqual(new Set([SECONDS]));
  }, 60_000);

  it("dp: past its state bound (the limits given) the dp hands the whole time limit to HiGHS, exactly", async () => {
    const limits = solverLimits();
    const small = { ...limits, dp: { ...limits.dp, maxStates: 20 } };
    const { selection } = await stillClock(() => selectLevels(smallCase(), { solver: "auto", timeLimitSeconds: SECONDS, limits: small }));
    // The limits reached the dp (its bound of 20 states was what it passed), the time limit HiGHS.
    expect(selection.solver).toBe("highs");
    expect(selection.note).toMatch(/the dp passed its bound \(select\/dp: more than 20 states /);
    expect(new Set(highsLimits)).toEqual(new Set([SECONDS]));
  }, 60_000);

  it("javascript-lp-solver: its hard deadline is the time limit in milliseconds, its own timeout 85% of it", async () => {
    const posted: Array<{ timeout: number }> = [];
    const post = Worker.prototype.postMessage;
    vi.spyOn(Worker.prototype, "postMessage").mockImplementation(function (this: Worker, message: { timeout: number }) {
      posted.push(message);
      post.call(this, message);
    });
    const delays: number[] = [];
    const timeout = globalThis.setTimeout;
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((handler: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return timeout(handler, ms);
    }) as typeof setTimeout);
    const { selection } = await stillClock(() => selectLevels(smallCase(), { solver: "milp", timeLimitSeconds: SECONDS }));
    expect(selection.solver).toBe("milp");
    // The first solve's limits, in javascript-lp-solver's unit (ms): the hard deadline, and its own timeout inside it.
    expect(posted.length).toBeGreaterThan(0);
    expect(posted[0].timeout).toBe(Math.floor(SECONDS * 1000 * 0.85));
    expect(delays).toContain(SECONDS * 1000);
  }, 60_000);
});
