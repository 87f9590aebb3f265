// TapModelCache (the dressing's shared ring frames and bounds, SPEC 4.5): "every mark matters" and the
// solver give the same answers, stored solutions and state counts with the cache as with models built
// apart, on dressings of grown fields with drifters, home notes, round bells, echo stones and bells;
// and the cache really shared (frames and bounds found already made).
import { describe, expect, it } from "vitest";
import { stripUnneededMarks } from "../../src/carillon/check/every-mark-matters.ts";
import { markUnits, withoutMarks } from "../../src/carillon/check/mark-units.ts";
import { withBuiltInBells } from "../../src/carillon/generate/dress/best-dressing.ts";
import { dressField } from "../../src/carillon/generate/dress/dress-field.ts";
import { compileField } from "../../src/carillon/level/compile-field.ts";
import type { MarkKind } from "../../src/carillon/level/compile-field.ts";
import { growField } from "../../src/carillon/generate/grow/grow-field.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { solveBody } from "../../src/carillon/solver/solve-body.ts";
import { boundKey, geometryKey, TapModelCache } from "../../src/carillon/solver/tap-model-cache.ts";
import { NoAnswerError } from "../../src/io/errors.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";

const models = loadCarillonModels();
const settings = { dots: [16, 20] as [number, number], roots: [4, 4] as [number, number], coreSize: [2, 3] as [number, number] };

function dressings(rules: MarkKind[], chapter: number, count: number): CarillonBody[] {
  const out: CarillonBody[] = [];
  for (let s = 0; s < 40 && out.length < count; s++) {
    const grown = growField({ level: 300, chapter, settings, rng: createRng(`cache/${chapter}/${s}`), stats: {}, models, bells: rules.includes("bell") ? 1 : 0 });
    if (!grown) continue;
    const body = dressField({ base: withBuiltInBells(grown), roots: grown.roots, rules, counts: { ...models.generator.dressing.marks, round: [2, 3] }, rng: createRng(`cache/dress/${s}`), models, stats: {} });
    if (body) out.push(body);
  }
  expect(out.length).toBe(count);
  return out;
}

const answer = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (err) {
    if (err instanceof NoAnswerError) return { error: err.message };
    throw err;
  }
};

describe("TapModelCache", () => {
  it("keys: a round bell or home note changes no ring; a drifter's step does; a round bell never enters the bound", () => {
    const [body] = dressings(["drifter", "home", "round"], 20, 1);
    const units = markUnits(body);
    const field = compileField(body, models.physics);
    for (const unit of units) {
      const kind = body.dots[unit[0]].mark!.kind;
      const without = compileField(withoutMarks(body, unit), models.physics);
      expect(geometryKey(without) === geometryKey(field)).toBe(kind !== "drifter");
      if (kind === "round") expect(boundKey(without)).toBe(boundKey(field));
      if (kind === "home") expect(boundKey(without)).not.toBe(boundKey(field));
    }
  });

  for (const [rules, chapter] of [[["drifter", "home", "round"], 20], [["echo", "home", "round"], 17], [["bell", "home", "round"], 16]] as Array<[MarkKind[], number]>) {
    it(`${rules.join(" + ")}: the same answers, solutions and states with the cache as without`, () => {
      const cache = new TapModelCache(models);
      let compared = 0;
      let solved = 0;
      for (const body of dressings(rules, chapter, 4)) {
        const opts = { maxGoal: 8, maxStates: models.generator.dressing.maxStates };
        const whole = answer(() => solveBody(body, models, { ...opts, cache }));
        expect(whole).toEqual(answer(() => solveBody(body, models, opts)));
        if (!(whole as { error?: string }).error) solved++;
        for (const unit of markUnits(body)) {
          const trial = withoutMarks(body, unit);
          expect(answer(() => solveBody(trial, models, { ...opts, cache }))).toEqual(answer(() => solveBody(trial, models, opts)));
          compared++;
        }
        const strip = (c?: TapModelCache) => answer(() => stripUnneededMarks(body, models, undefined, 8, opts.maxStates, { cache: c }));
        expect(strip(cache)).toEqual(strip());
      }
      expect(compared).toBeGreaterThan(8);
      expect(solved).toBeGreaterThan(0);
      // The fast path ran: most models found their frames made, and some their bounds.
      expect(cache.counts.framesShared).toBeGreaterThan(cache.counts.models / 2);
      expect(cache.counts.boundsShared).toBeGreaterThan(0);
    });
  }
});

describe("stripUnneededMarks: mustKeep", () => {
  it("stops once a rule has lost its last mark, exactly when the full passes would end without one; otherwise the same result", () => {
    let stopped = 0;
    let same = 0;
    let saved = 0;
    for (const [rules, chapter] of [[["drifter", "home", "round"], 20], [["echo", "home", "round"], 17]] as Array<[MarkKind[], number]>) {
      for (const body of dressings(rules, chapter, 6)) {
        const full = answer(() => stripUnneededMarks(body, models, undefined, 8, 20000)) as ReturnType<typeof stripUnneededMarks> | { error: string };
        const early = answer(() => stripUnneededMarks(body, models, undefined, 8, 20000, { mustKeep: rules })) as ReturnType<typeof stripUnneededMarks> | { error: string };
        if ("error" in full) continue;
        const lacks = rules.filter((k) => !full.body.dots.some((d) => d.mark?.kind === k));
        if (lacks.length > 0) {
          // The full passes end without a rule's mark: the early stop says so, naming a rule the full result lacks.
          expect("gone" in early && early.gone).toBeTruthy();
          expect(lacks).toContain((early as { gone: MarkKind }).gone);
          saved += full.solves - (early as { solves: number }).solves;
          stopped++;
        } else {
          expect(early).toEqual(full);
          same++;
        }
      }
    }
    expect(same).toBeGreaterThan(0);
    expect(stopped).toBeGreaterThan(0);
    // The fast path ran: stopping saved answer checks.
    expect(saved).toBeGreaterThan(0);
  });
});
