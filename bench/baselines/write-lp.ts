// Writes levelramp's MILP of a selection (compileMilp: y[slot, class] binaries, CSR rows) as a
// CPLEX LP file, so an independent MILP solver (CBC: `cbc FILE.lp sec 60 solve`) answers the
// same model in its own cold process. Costs are in micro-units (the objective / 1e6).
import { writeFileSync } from "node:fs";
import type { LinearModel } from "../../src/select/milp/compile-milp.ts";

/** Writes `model` to `file` in LP format; ranged rows become two rows. */
export function writeLp(model: LinearModel, file: string): void {
  const out: string[] = ["Minimize", " obj:" + terms(Array.from({ length: model.numVars }, (_, v) => v), model.cost)];
  out.push("Subject To");
  for (let r = 0; r < model.numRows; r++) {
    const vars = Array.from(model.rowIndex.subarray(model.rowStart[r], model.rowStart[r + 1]));
    const expr = terms(vars, model.rowValue.subarray(model.rowStart[r], model.rowStart[r + 1]), true);
    const lo = model.rowLo[r];
    const hi = model.rowHi[r];
    if (lo === hi) out.push(` r${r}:${expr} = ${lo}`);
    else {
      if (Number.isFinite(lo)) out.push(` r${r}l:${expr} >= ${lo}`);
      if (Number.isFinite(hi)) out.push(` r${r}h:${expr} <= ${hi}`);
    }
  }
  out.push("Binaries");
  const binaries: string[] = [];
  for (let v = 0; v < model.numVars; v++) if (model.binary[v]) binaries.push(`x${v}`);
  for (let k = 0; k < binaries.length; k += 20) out.push(" " + binaries.slice(k, k + 20).join(" "));
  out.push("End", "");
  writeFileSync(file, out.join("\n"));
}

/** ` + c x3 - d x5 ...`, wrapped every 20 terms; zero coefficients left out unless `all`. */
function terms(vars: ArrayLike<number>, coefs: ArrayLike<number>, all = false): string {
  let s = "";
  let n = 0;
  for (let k = 0; k < vars.length; k++) {
    const c = coefs[k];
    if (c === 0 && !all) continue;
    s += `${c < 0 ? " -" : " +"} ${Math.abs(c)} x${vars[k]}`;
    if (++n % 20 === 0) s += "\n ";
  }
  return s || " 0 x0";
}
