import type { Highs } from "highs";
import type { LinearRow } from "./compile-milp.ts";
import type { MilpAnswer, MilpBackend, MilpRequest } from "./milp-backend.ts";

// `highs` ships CommonJS types with an ESM default export; at run time the ESM
// build's default export is the loader. It is imported on the first solve only.
async function loadHighs(): Promise<Highs> {
  const highsModule = (await import("highs")).default as unknown as () => Promise<Highs>;
  return highsModule();
}
let instance: Promise<Highs> | undefined;

function num(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toPrecision(17);
}

function expr(terms: ReadonlyArray<[number, number]>, names: readonly string[]): string {
  if (terms.length === 0) return "0 " + names[0];
  return terms.map(([v, k], i) => `${k < 0 ? "-" : i === 0 ? "" : "+"} ${num(Math.abs(k))} ${names[v]}`).join(" ");
}

/** Writes a MILP request in CPLEX LP format for HiGHS. */
export function toLpText(request: MilpRequest): string {
  const { model } = request;
  const names = model.vars.map((v) => v.name);
  const cost: Array<[number, number]> = [];
  model.vars.forEach((v, i) => {
    const c = request.objective ? (request.objective.get(i) ?? 0) : v.cost;
    if (c !== 0) cost.push([i, c]);
  });
  const lines = ["Minimize", ` obj: ${cost.length ? expr(cost, names) : "0 " + names[0]}`, "Subject To"];
  const rows: LinearRow[] = [...model.rows, ...(request.extraRows ?? [])];
  for (const v of request.fixedOne ?? []) rows.push({ name: `fix_${names[v]}`, terms: [[v, 1]], lo: 1, hi: 1 });
  for (const row of rows) {
    const e = expr(row.terms, names);
    if (row.lo !== undefined && row.lo === row.hi) lines.push(` ${row.name}: ${e} = ${num(row.lo)}`);
    else {
      if (row.hi !== undefined) lines.push(` ${row.name}_hi: ${e} <= ${num(row.hi)}`);
      if (row.lo !== undefined) lines.push(` ${row.name}_lo: ${e} >= ${num(row.lo)}`);
    }
  }
  lines.push("Bounds");
  for (const v of model.vars) if (!v.binary) lines.push(` 0 <= ${v.name}${v.upper !== undefined ? ` <= ${num(v.upper)}` : ""}`);
  const bins = model.vars.filter((v) => v.binary).map((v) => v.name);
  if (bins.length) lines.push("Binary", ...chunk(bins, 20).map((c) => " " + c.join(" ")));
  lines.push("End");
  return lines.join("\n") + "\n";
}

function chunk<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/**
 * HiGHS (npm `highs`, WebAssembly, MIT) behind the selection model (SPEC 6
 * `highs`): exact gaps (`mip_rel_gap` = `mip_abs_gap` = 0) and HiGHS's own
 * time limit, which it checks inside its solves.
 *
 * @param timeLimitSeconds budget per solve (default 60 s); past it the answer is `limit`.
 */
export function highsBackend(timeLimitSeconds = 60): MilpBackend {
  return {
    name: "highs",
    async solve(request, budgetMs): Promise<MilpAnswer> {
      instance ??= loadHighs();
      const highs = await instance;
      const result = highs.solve(toLpText(request), {
        output_flag: false,
        mip_rel_gap: 0,
        mip_abs_gap: 0,
        time_limit: Math.min(timeLimitSeconds, (budgetMs ?? Infinity) / 1000),
      });
      const status = String(result.Status);
      if (status === "Infeasible") return { status: "infeasible" };
      if (status !== "Optimal") return { status: "limit" };
      const cols = result.Columns as Record<string, { Primal: number }>;
      const values = Float64Array.from(request.model.vars, (v) => cols[v.name]?.Primal ?? 0);
      return { status: "optimal", values, objective: result.ObjectiveValue };
    },
    async close() {},
  };
}
