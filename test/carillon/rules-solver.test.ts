// Differential tests of the rules' searches (SPEC 4.5): the solver with the rules' lower bound
// against the same solver with the trivial bound (1 while dots remain), the pruned bits recursion
// against the plain word-for-word recursion, the bound against exact answers from reached states,
// and the rules' model against the plain closure model on unmarked fields.
import { describe, expect, it } from "vitest";
import { NoAnswerError } from "../../src/io/errors.ts";
import { stateKey, type CarillonState } from "../../src/carillon/level/carillon-state.ts";
import { bitsReference } from "../../src/carillon/measure/bits-reference.ts";
import { dotsOf, isEmptyDotSet } from "../../src/carillon/level/dot-set.ts";
import { compileField } from "../../src/carillon/level/compile-field.ts";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { measureBits } from "../../src/carillon/measure/measure-bits.ts";
import { rulesTapModel } from "../../src/carillon/solver/rules-tap-model.ts";
import { hasAnswer, solveField, type SolveResult } from "../../src/carillon/solver/solve-field.ts";
import { markUnits, withoutMarks } from "../../src/carillon/check/mark-units.ts";
import { TapSearch } from "../../src/carillon/solver/tap-search.ts";
import type { TapModel } from "../../src/carillon/solver/tap-model.ts";
import type { CarillonBody, CarillonMark } from "../../src/carillon/level/carillon-body.ts";
import { createRng, shuffle } from "../../src/random/index.ts";
import { scatterField } from "./scatter.ts";

const models = loadCarillonModels();
const lean = models.difficulty.leans.lean;

/** A random scatter field with random marks of every kind (not fair, not grown). */
function markedScatter(seed: string, n: number, kinds: ReadonlyArray<CarillonMark["kind"]>): CarillonBody {
  const body = scatterField(seed, n);
  const rng = createRng(`${seed}/marks`);
  const dots = body.dots.map((d) => ({ ...d }));
  const order = shuffle(
    rng,
    dots.map((_d, i) => i),
  );
  let round = 0;
  const marks = Math.ceil(n / 2);
  for (let k = 0, used = 0; used < marks && k < order.length; k++) {
    const i = order[k];
    if (dots[i].mark) continue;
    const kind = kinds[Math.floor(rng() * kinds.length)];
    if (kind === "duet") {
      const j = order.slice(k + 1).find((o) => !dots[o].mark);
      if (j === undefined) break;
      dots[i].mark = { kind: "duet", partner: j };
      dots[j].mark = { kind: "duet", partner: i };
      used += 2;
      continue;
    }
    if (kind === "horn") dots[i].mark = { kind: "horn", facing: Math.floor(rng() * 360) };
    else if (kind === "drifter") dots[i].mark = { kind: "drifter", step: [Math.round((rng() - 0.5) * 240), Math.round((rng() - 0.5) * 240)] };
    else if (kind === "round") dots[i].mark = { kind: "round", order: ++round };
    else dots[i].mark = { kind } as CarillonMark;
    used++;
  }
  // At most one home note per field.
  let homes = 0;
  for (const d of dots) if (d.mark?.kind === "home" && homes++ > 0) delete d.mark;
  return { ...body, dots };
}

const ALL: ReadonlyArray<CarillonMark["kind"]> = ["bell", "echo", "horn", "duet", "drifter", "home", "round"];

function trySolve(model: TapModel, maxStates = 2_000_000): SolveResult | "none" {
  try {
    return solveField(model, { maxStates });
  } catch (err) {
    if (err instanceof NoAnswerError) return "none";
    throw err;
  }
}

describe("the rules' solver (SPEC 4.5)", () => {
  it("stays exact with the trivial bound, which explores more states (the bound really prunes)", () => {
    let compared = 0;
    let fast = 0;
    let slow = 0;
    for (let s = 0; s < 40; s++) {
      const body = markedScatter(`solve-${s}`, 9, ALL);
      const field = compileField(body, models.physics);
      const withBound = rulesTapModel(field);
      const trivial = rulesTapModel(field, { bound: "trivial" });
      const a = trySolve(withBound);
      const b = trySolve(trivial);
      if (a === "none" || b === "none") {
        expect(a).toBe(b);
        continue;
      }
      expect([a.goal, a.solution, a.winningFirstTaps]).toEqual([b.goal, b.solution, b.winningFirstTaps]);
      fast += a.states;
      slow += b.states;
      compared++;
    }
    expect(compared).toBeGreaterThan(25);
    expect(fast).toBeLessThan(slow);
  });

  it("the bound never exceeds the exact taps needed from a reached state (admissible), per rule", () => {
    let checked = 0;
    for (const kind of ALL) {
      for (let s = 0; s < 8; s++) {
        const body = markedScatter(`bound-${kind}-${s}`, 9, [kind]);
        const field = compileField(body, models.physics);
        const model = rulesTapModel(field);
        const exact = rulesTapModel(field, { bound: "trivial" });
        const rng = createRng(`walk-${kind}-${s}`);
        let state: CarillonState = model.start();
        for (let step = 0; step < 4 && !state.lost && !isEmptyDotSet(state.alive); step++) {
          const alive = dotsOf(state.alive);
          const horizon = alive.length;
          const search = new TapSearch(exact, { maxStates: 2_000_000 });
          let need = Infinity;
          for (let k = 1; k <= horizon; k++) {
            if (search.path(state, k)) {
              need = k;
              break;
            }
          }
          expect(model.lowerBound(state, horizon), `${kind} ${s} after ${step} taps`).toBeLessThanOrEqual(need);
          checked++;
          state = model.tap(state, alive[Math.floor(rng() * alive.length)]).next;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("the rules' model plays an unmarked field exactly like the plain closure model, bound included", () => {
    let compared = 0;
    for (let s = 0; s < 10; s++) {
      const e = fieldEngine(scatterField(`same-${s}`, 25), models.physics);
      expect(e.rules).toBeNull();
      const rules = rulesTapModel(e.field);
      const rng = createRng(`same-walk-${s}`);
      let state = e.model.start();
      while (!isEmptyDotSet(state.alive)) {
        expect(rules.lowerBound(state)).toBe(e.model.lowerBound(state));
        for (const d of dotsOf(state.alive)) {
          const a = e.model.tap(state, d);
          const b = rules.tap(state, d);
          expect(stateKey(b.next)).toBe(stateKey(a.next));
          expect(b.popCount).toBe(a.popCount);
          compared++;
        }
        const alive = dotsOf(state.alive);
        state = e.model.tap(state, alive[Math.floor(rng() * alive.length)]).next;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});

describe("hasAnswer: the early-exit check that every mark matters asks", () => {
  it("agrees with comparing full solves (goal and winning first taps) on marked fields with one mark removed, and really stops early", () => {
    let same = 0;
    let differ = 0;
    let statesEarly = 0;
    let statesFull = 0;
    for (let k = 0; k < 30; k++) {
      const body = markedScatter(`has-answer/${k}`, 12, ALL);
      const limits = { maxStates: 200_000 };
      let solved: SolveResult;
      try {
        solved = solveField(rulesTapModel(compileField(body, models.physics)), limits);
      } catch (err) {
        if (err instanceof NoAnswerError) continue;
        throw err;
      }
      for (const unit of markUnits(body)) {
        const trial = withoutMarks(body, unit);
        const field = compileField(trial, models.physics);
        const model = rulesTapModel(field);
        let full: SolveResult | null = null;
        try {
          full = solveField(rulesTapModel(field), { ...limits, maxGoal: solved.goal });
        } catch (err) {
          if (!(err instanceof NoAnswerError)) throw err;
        }
        const expected = full !== null && full.goal === solved.goal && full.winningFirstTaps.join() === solved.winningFirstTaps.join();
        const counting = { states: 0 };
        const counted: TapModel = { ...model, tapsFrom: (s) => (counting.states++, model.tapsFrom(s)) } as TapModel;
        expect(hasAnswer(counted, solved, limits)).toBe(expected);
        if (expected) same++;
        else {
          differ++;
          statesEarly += counting.states;
          statesFull += (full?.states ?? 0) + 1;
        }
      }
    }
    // both outcomes happen, and where the answer differs the check expands fewer states than a full solve
    expect(same).toBeGreaterThan(0);
    expect(differ).toBeGreaterThan(0);
    expect(statesEarly).toBeLessThan(statesFull);
  });
});

describe("bits with rules (SPEC 4.5)", () => {
  it("the pruned, memoised recursion equals the plain recursion on marked fields, and prunes", () => {
    let compared = 0;
    let pruned = 0;
    let plain = 0;
    for (let s = 0; s < 60; s++) {
      const body = markedScatter(`bits-${s}`, 8, ALL);
      const field = compileField(body, models.physics);
      const model = rulesTapModel(field);
      const solved = trySolve(model);
      if (solved === "none" || solved.goal > 4) continue;
      const fast = measureBits(model, solved.goal, lean, { maxStates: 1_000_000 });
      const slow = bitsReference(rulesTapModel(field), solved.goal, lean, 2_000_000);
      if (Number.isFinite(slow.bits)) expect(fast.bits).toBeCloseTo(slow.bits, 9);
      else expect(fast.bits).toBe(Infinity);
      pruned += fast.states;
      plain += slow.states;
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
    expect(pruned).toBeLessThan(plain);
  });
});
