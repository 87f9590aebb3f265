import { InputError } from "../../io/errors.ts";
import type { Plan } from "../../io/schemas/plan.ts";

/**
 * The chapters a `--chapters` option names (SPEC 2): `"3"` or `"1-4"`
 * (inclusive), every one of them in the plan; absent = every chapter of the
 * plan. Returned in plan order.
 *
 * @param names how the caller names the option in messages (default
 *   `chapters`, the library's option; the CLI passes `--chapters`).
 * @throws InputError (exit 2) for any other text, a reversed range, or a chapter the plan lacks.
 */
export function parseChapters(text: string | undefined, plan: Plan, planFile?: string, names: { chapters?: string } = {}): number[] {
  const option = names.chapters ?? "chapters";
  const all = plan.chapters.map((c) => c.chapter);
  if (text === undefined) return all;
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!m) throw new InputError("pipeline/chapters", `${option} expects a chapter or a range like 1-4; got "${text}"`);
  const lo = Number(m[1]);
  const hi = m[2] === undefined ? lo : Number(m[2]);
  if (hi < lo) throw new InputError("pipeline/chapters", `${option} expects a range low-high with low ≤ high; got "${text}"`);
  const wanted: number[] = [];
  for (let c = lo; c <= hi; c++) {
    if (!all.includes(c)) {
      throw new InputError("pipeline/chapters", `${option} ${text}: expected chapters of the plan (${all[0]}..${all[all.length - 1]}); it has no chapter ${c}`, { file: planFile });
    }
    wanted.push(c);
  }
  return wanted;
}
