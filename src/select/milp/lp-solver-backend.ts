import { Worker } from "node:worker_threads";
import { variableName, type LinearModel } from "./compile-milp.ts";
import type { MilpAnswer, MilpBackend, MilpRequest } from "./milp-backend.ts";

interface JsLpModel {
  optimize: string;
  opType: "min";
  constraints: Record<string, { min?: number; max?: number; equal?: number }>;
  variables: Record<string, Record<string, number>>;
  binaries: Record<string, 1>;
  options: { tolerance: number; exitOnCycles: boolean; timeout?: number };
}

const OBJ = "__objective";

/**
 * Builds the javascript-lp-solver JSON model. Degeneracy is broken with a
 * deterministic cost perturbation on y[s,k] of ε·(1 + ((7s + 3k) mod 97)),
 * k its rank in the slot, ε = 0.25 / (98·slots): the perturbations of a whole
 * sequence add up to less than half a micro-unit, below any cost difference of
 * the integer micro-unit objective (and of the integer ranks of a tie-break
 * solve), so it cannot change which answer is optimal.
 */
export function toJsLpModel(request: MilpRequest, timeoutMs?: number): JsLpModel {
  const { model } = request;
  const S = model.yStart.length - 1;
  const eps = 0.25 / (98 * Math.max(1, S));
  const names = Array.from({ length: model.numVars }, (_, v) => variableName(model, v));
  const variables: JsLpModel["variables"] = {};
  const binaries: JsLpModel["binaries"] = {};
  for (let v = 0; v < model.numVars; v++) {
    const cost = request.objective ? (request.objective.get(v) ?? 0) : model.cost[v];
    variables[names[v]] = { [OBJ]: cost };
    if (model.binary[v]) binaries[names[v]] = 1;
  }
  for (let s = 0; s < S; s++) {
    for (let v = model.yStart[s]; v < model.yStart[s + 1]; v++) variables[names[v]][OBJ] += eps * (1 + ((7 * s + 3 * (v - model.yStart[s])) % 97));
  }
  const constraints: JsLpModel["constraints"] = {};
  const bound = (name: string, lo: number, hi: number) => {
    constraints[name] = lo === hi ? { equal: lo } : { ...(lo > -Infinity ? { min: lo } : {}), ...(hi < Infinity ? { max: hi } : {}) };
  };
  for (let r = 0; r < model.numRows; r++) {
    const name = `r${r}`;
    for (let k = model.rowStart[r]; k < model.rowStart[r + 1]; k++) {
      const vn = names[model.rowIndex[k]];
      variables[vn][name] = (variables[vn][name] ?? 0) + model.rowValue[k];
    }
    bound(name, model.rowLo[r], model.rowHi[r]);
  }
  (request.extraRows ?? []).forEach((row, i) => {
    const name = `x${i}_${row.name}`;
    for (const [v, coef] of row.terms) variables[names[v]][name] = (variables[names[v]][name] ?? 0) + coef;
    bound(name, row.lo ?? -Infinity, row.hi ?? Infinity);
  });
  for (const v of request.fixedOne ?? []) {
    variables[names[v]][`fix_${names[v]}`] = 1;
    constraints[`fix_${names[v]}`] = { equal: 1 };
  }
  return { optimize: OBJ, opType: "min", constraints, variables, binaries, options: { tolerance: 0, exitOnCycles: true, ...(timeoutMs ? { timeout: timeoutMs } : {}) } };
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

type Reply = { ok: boolean; result?: Record<string, unknown>; error?: string; cutShort?: boolean };

/**
 * javascript-lp-solver (SPEC 6 `milp`) in a worker thread, each solve under
 * the deadline its caller gives (seconds). Its own `timeout` (checked between
 * branch-and-bound nodes) is set just inside the deadline, so a solve cut
 * short returns its best integral incumbent as `limit` with values; a solve
 * stuck inside a simplex is stopped by terminating the thread (`limit`, no
 * values). It reports no bound of its own.
 */
export function lpSolverBackend(): MilpBackend {
  return {
    name: "milp",
    async solve(request, seconds): Promise<MilpAnswer> {
      if (seconds <= 0) return { status: "limit" };
      // javascript-lp-solver's timeout and the thread's deadline are in milliseconds: converted here, once.
      const left = seconds * 1000;
      const w = spawn();
      // Its own timeout a little inside the hard one, so the incumbent comes back.
      const soft = Math.max(1, Math.floor(left * 0.85));
      const reply = await new Promise<Reply | "timeout">((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          w.off("message", onMessage);
          w.off("error", onError);
        };
        const onMessage = (m: Reply) => {
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
        w.postMessage({ model: toJsLpModel(request, soft), timeout: soft });
      });
      if (reply === "timeout") {
        worker = undefined;
        await w.terminate();
        return { status: "limit" };
      }
      if (!reply.ok || !reply.result) throw new Error(`select/milp: javascript-lp-solver failed: ${reply.error}`);
      const r = reply.result;
      const names = Array.from({ length: request.model.numVars }, (_, v) => variableName(request.model, v));
      const values = Float64Array.from(names, (n) => Number(r[n] ?? 0));
      if (reply.cutShort) return r.isIntegral === true && r.feasible ? { status: "limit", values } : { status: "limit" };
      if (!r.feasible) return { status: "infeasible" };
      return { status: "optimal", values };
    },
    async close() {},
  };
}

/** Names of a model's variables (for tests and debugging). */
export function variableNames(model: LinearModel): string[] {
  return Array.from({ length: model.numVars }, (_, v) => variableName(model, v));
}
