import { Worker } from "node:worker_threads";
import type { LinearModel } from "./compile-milp.ts";
import type { MilpAnswer, MilpBackend, MilpRequest } from "./milp-backend.ts";

interface JsLpModel {
  optimize: string;
  opType: "min";
  constraints: Record<string, { min?: number; max?: number; equal?: number }>;
  variables: Record<string, Record<string, number>>;
  binaries: Record<string, 1>;
  options: { tolerance: number; exitOnCycles: boolean };
}

const OBJ = "__objective";

/**
 * Builds the javascript-lp-solver JSON model. Degeneracy is broken with a
 * deterministic cost perturbation on x[s,c] of ε·(1 + ((7s + 3k) mod 97)),
 * k its rank in the slot, ε = 0.25 / (98·slots): the perturbations of a whole
 * sequence add up to less than half a micro-unit, below any cost difference of
 * the integer micro-unit objective (and of the integer ranks of a tie-break
 * solve), so it cannot change which answer is optimal.
 */
export function toJsLpModel(request: MilpRequest): JsLpModel {
  const { model } = request;
  const S = model.x.length;
  const eps = 0.25 / (98 * Math.max(1, S));
  const variables: JsLpModel["variables"] = {};
  const binaries: JsLpModel["binaries"] = {};
  const perturb = new Map<number, number>();
  model.x.forEach((m, s) => [...m.values()].forEach((v, k) => perturb.set(v, eps * (1 + ((7 * s + 3 * k) % 97)))));
  model.vars.forEach((v, i) => {
    const cost = (request.objective ? (request.objective.get(i) ?? 0) : v.cost) + (perturb.get(i) ?? 0);
    variables[v.name] = { [OBJ]: cost };
    if (v.binary) binaries[v.name] = 1;
  });
  const constraints: JsLpModel["constraints"] = {};
  const rows = [...model.rows, ...(request.extraRows ?? [])];
  for (const row of rows) {
    for (const [v, coef] of row.terms) {
      const name = model.vars[v].name;
      variables[name][row.name] = (variables[name][row.name] ?? 0) + coef;
    }
    constraints[row.name] = row.lo !== undefined && row.lo === row.hi ? { equal: row.lo } : { min: row.lo, max: row.hi };
  }
  for (const v of request.fixedOne ?? []) {
    const name = model.vars[v].name;
    variables[name][`fix_${name}`] = 1;
    constraints[`fix_${name}`] = { equal: 1 };
  }
  return { optimize: OBJ, opType: "min", constraints, variables, binaries, options: { tolerance: 0, exitOnCycles: true } };
}

// One worker thread serves every solve (starting one costs ~100 ms); it is
// unref'd so it never keeps the process alive, and replaced after a deadline.
let worker: Worker | undefined;
function spawn(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./lp-solver-worker.js", import.meta.url));
    worker.unref();
  }
  return worker;
}

/**
 * javascript-lp-solver (SPEC 6 `milp`) in a worker thread under a hard
 * deadline shared by every solve of one selection: when time is up the thread
 * is terminated and the answer is `limit`, never a guess.
 *
 * @param deadlineMs wall-clock budget for all solves (default 30,000 ms).
 */
export function lpSolverBackend(deadlineMs = 30_000): MilpBackend {
  const until = performance.now() + deadlineMs;
  return {
    name: "milp",
    async solve(request, budgetMs): Promise<MilpAnswer> {
      const left = Math.min(until - performance.now(), budgetMs ?? Infinity);
      if (left <= 0) return { status: "limit" };
      const w = spawn();
      const reply = await new Promise<{ ok: boolean; result?: Record<string, unknown>; error?: string } | "timeout">((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          w.off("message", onMessage);
          w.off("error", onError);
        };
        const onMessage = (m: { ok: boolean; result?: Record<string, unknown>; error?: string }) => {
          done();
          resolve(m);
        };
        const onError = (e: Error) => {
          done();
          reject(e);
        };
        const timer = setTimeout(() => {
          done();
          resolve("timeout");
        }, left);
        w.on("message", onMessage);
        w.on("error", onError);
        w.postMessage(toJsLpModel(request));
      });
      if (reply === "timeout") {
        worker = undefined;
        await w.terminate();
        return { status: "limit" };
      }
      if (!reply.ok || !reply.result) throw new Error(`select/milp: javascript-lp-solver failed: ${reply.error}`);
      const r = reply.result;
      if (!r.feasible) return { status: "infeasible" };
      const values = Float64Array.from(request.model.vars, (v) => Number(r[v.name] ?? 0));
      return { status: "optimal", values, objective: Number(r.result) };
    },
    async close() {},
  };
}

/** Names of a model's variables (for tests and debugging). */
export function variableNames(model: LinearModel): string[] {
  return model.vars.map((v) => v.name);
}
