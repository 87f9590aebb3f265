import type { ConceptConstraint } from "../../io/schemas/model.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";
import { conceptRulesOf, type ConceptRules } from "./concept-rules.ts";

/**
 * A problem's concept rules (SPEC 12) as a finite automaton over "what the
 * levels so far leave": which tracked concepts are introduced (with an
 * `introduce` order over every concept present, a prefix of it), how many
 * levels since the last introduction (up to `practice`), and each quota's
 * count (up to its max, or its min). A level carrying concept set X moves
 * state φ to `next[φ·sets + X]` (−1: a rule forbids it wherever it happens),
 * at a chapter start to `nextAtChapter` (chapter quotas count afresh), and
 * the slot's own checks — a concept not before its `introduceAt.from`, a
 * deadline, a quota's min where its chapter or the selection ends — are
 * `setOk`/`stateOk` of the slot's kind. Only the states reachable from the
 * start (nothing introduced) are made, breadth first. The dp, the relaxed
 * reach pass and the min-moves graph step through it; the MILP compiles the
 * same rules to rows, and the checker reads the names.
 */
export interface ConceptAutomaton {
  rules: ConceptRules;
  /** States (0 is the start). */
  count: number;
  /** Concept sets (the problem's interned ones). */
  sets: number;
  next: Int32Array;
  nextAtChapter: Int32Array;
  /** 1 where the step from φ with set X introduces a concept: `intro[φ·sets + X]`. */
  intro: Uint8Array;
  /** Each slot's kind, an index into `kinds`. */
  kindOf: Int32Array;
  kinds: SlotKind[];
  /**
   * Each concept set's behaviour, numbered: two sets with one number step
   * every state to the same state, introduce alike and are refused at the
   * same slots, so levels that differ only between them are interchangeable
   * under the concept rules (e.g. {c2, c3} and {c1, c2, c3} under an
   * introduce order, practice and maxNew: neither may come before c2's time
   * comes, both bring c3 then). Candidate classes and the dp's groups use it.
   */
  behaviour: Int32Array;
}

/** What a slot adds to a step: whether a chapter starts there, the sets it may not take, the states it may not end in. */
export interface SlotKind {
  chapterStart: boolean;
  /** 0 for a set a level there may not carry (`introduceAt.from`); undefined: every set. */
  setOk?: Uint8Array;
  /** 0 for a state the slot may not end in (a deadline, a quota's min); undefined: every state. */
  stateOk?: Uint8Array;
}

/** A state decoded: introduced tracked concepts, levels since the last introduction, quota counts. */
interface State {
  introduced: Uint8Array;
  practice: number;
  counts: Int32Array;
}

/**
 * Why a step breaks the concept rules: the constraints it breaks, in model
 * order (several rules of one type each name themselves), or none.
 */
export type StepBreaks = ConceptConstraint[];

const cache = new WeakMap<object, ConceptAutomaton | string>();

/**
 * {@link conceptAutomaton}, once per problem object.
 *
 * @returns the automaton, or why it was not made (its size past `maxTable`).
 */
export function conceptAutomatonOf(problem: SelectionProblem, maxTable = 1_000_000): ConceptAutomaton | string {
  let a = cache.get(problem);
  if (a === undefined) cache.set(problem, (a = conceptAutomaton(problem, maxTable)));
  return a;
}

/**
 * Builds the automaton of a problem's concept rules (see {@link ConceptAutomaton}).
 * Work: (states × concept sets) steps, each O(set size + orders + quotas).
 *
 * @param maxTable largest states × sets made before giving up.
 * @returns the automaton, or why it was not made: `N concept states × M concept sets` past `maxTable`.
 */
export function conceptAutomaton(problem: SelectionProblem, maxTable = 1_000_000): ConceptAutomaton | string {
  const rules = conceptRulesOf(problem);
  const machine = new Machine(rules, problem);
  const nSets = rules.sets.sets.length;
  const states: State[] = [machine.start()];
  const index = new Map<number | string, number>([[machine.key(states[0]), 0]]);
  let next = new Int32Array(64 * nSets);
  let nextAtChapter = new Int32Array(64 * nSets);
  let intro = new Uint8Array(64 * nSets);
  const chapterQuotas = rules.quotas.some((q) => q.perChapter);
  const visit = (to: State | undefined): number => {
    if (!to) return -1;
    const key = machine.key(to);
    let at = index.get(key);
    if (at === undefined) {
      at = states.length;
      index.set(key, at);
      states.push(to);
    }
    return at;
  };
  for (let phi = 0; phi < states.length; phi++) {
    if ((phi + 1) * nSets > maxTable) return `more than ${Math.floor(maxTable / Math.max(1, nSets))} concept states over ${nSets} concept sets`;
    if ((phi + 1) * nSets > next.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      next = grow(next, (n) => new Int32Array(n));
      nextAtChapter = grow(nextAtChapter, (n) => new Int32Array(n));
      intro = grow(intro, (n) => new Uint8Array(n));
    }
    for (let x = 0; x < nSets; x++) {
      const at = phi * nSets + x;
      next[at] = visit(machine.step(states[phi], x, false));
      intro[at] = machine.introduces(states[phi], x) ? 1 : 0;
      nextAtChapter[at] = chapterQuotas ? visit(machine.step(states[phi], x, true)) : next[at];
    }
  }
  const count = states.length;
  const { kindOf, kinds } = slotKinds(problem, rules, machine, states, nSets);
  const a: ConceptAutomaton = { rules, count, sets: nSets, next: next.slice(0, count * nSets), nextAtChapter: nextAtChapter.slice(0, count * nSets), intro: intro.slice(0, count * nSets), kindOf, kinds, behaviour: new Int32Array(0) };
  a.behaviour = behaviours(a);
  return a;
}

/** Numbers the concept sets by behaviour (see {@link ConceptAutomaton.behaviour}): equal columns of every table. */
function behaviours(a: ConceptAutomaton): Int32Array {
  const out = new Int32Array(a.sets);
  const byKey = new Map<string, number>();
  for (let x = 0; x < a.sets; x++) {
    const parts: number[] = [];
    for (let phi = 0; phi < a.count; phi++) parts.push(a.next[phi * a.sets + x], a.nextAtChapter[phi * a.sets + x], a.intro[phi * a.sets + x]);
    for (const kind of a.kinds) parts.push(kind.setOk ? kind.setOk[x] : 1);
    const key = parts.join(",");
    let b = byKey.get(key);
    if (b === undefined) byKey.set(key, (b = byKey.size));
    out[x] = b;
  }
  return out;
}

/**
 * The state after a level with concept set `set` at slot `slot` from state
 * `phi`, or −1 when a concept rule forbids it (the one step every user of the
 * automaton takes).
 */
export function conceptStep(a: ConceptAutomaton, slot: number, phi: number, set: number): number {
  const kind = a.kinds[a.kindOf[slot]];
  if (kind.setOk && kind.setOk[set] === 0) return -1;
  const to = (kind.chapterStart ? a.nextAtChapter : a.next)[phi * a.sets + set];
  if (to < 0 || (kind.stateOk && kind.stateOk[to] === 0)) return -1;
  return to;
}

/** Groups slots by what they add to a step, and fills each kind's tables. */
function slotKinds(problem: SelectionProblem, rules: ConceptRules, machine: Machine, states: State[], nSets: number): { kindOf: Int32Array; kinds: SlotKind[] } {
  const S = problem.slots.length;
  const kindOf = new Int32Array(S);
  const kinds: SlotKind[] = [];
  const byKey = new Map<string, number>();
  for (let s = 0; s < S; s++) {
    const ends = machine.quotaEnds(s);
    const key = `${rules.chapterStart[s]}|${rules.forbidden[s]?.join(",") ?? ""}|${rules.deadlines[s]?.join(",") ?? ""}|${ends.join(",")}`;
    let k = byKey.get(key);
    if (k === undefined) {
      k = kinds.length;
      byKey.set(key, k);
      const kind: SlotKind = { chapterStart: rules.chapterStart[s] === 1 };
      const forbidden = rules.forbidden[s];
      if (forbidden) kind.setOk = Uint8Array.from({ length: nSets }, (_, x) => (forbidden.some((c) => rules.sets.sets[x].includes(c)) ? 0 : 1));
      if (rules.deadlines[s] || ends.length > 0) kind.stateOk = Uint8Array.from(states, (st) => (machine.slotBreaks(s, st).length === 0 ? 1 : 0));
      kinds.push(kind);
    }
    kindOf[s] = k;
  }
  return { kindOf, kinds };
}

/** The rules at work over decoded states (the automaton's tables are made from it; the diagnosis asks it why). */
class Machine {
  private readonly tIndex: Int32Array;
  private readonly caps: Int32Array;
  private readonly constraints: ConceptConstraint[];
  private readonly orderConstraints: ConceptConstraint[];
  /** Per set: 1 for each concept id it carries; and its tracked indices. */
  private readonly member: Uint8Array[];
  private readonly trackedOf: Int32Array[];
  /** Per quota, whether each set carries its concept. */
  private readonly quotaHit: Uint8Array[];
  /** Radix of a numeric state key (undefined: keys are strings). */
  private readonly keyRadix: number[] | undefined;

  constructor(
    readonly rules: ConceptRules,
    private readonly problem: SelectionProblem,
  ) {
    this.tIndex = new Int32Array(rules.names.length).fill(-1);
    rules.tracked.forEach((k, t) => (this.tIndex[k] = t));
    this.caps = Int32Array.from(rules.quotas, (q) => (q.max < Infinity ? q.max : q.min));
    this.constraints = problem.conceptConstraints ?? [];
    this.orderConstraints = this.constraints.filter((c) => c.type === "introduce");
    const names = rules.names.length;
    this.member = rules.sets.sets.map((set) => {
      const m = new Uint8Array(names);
      for (const k of set) m[k] = 1;
      return m;
    });
    this.trackedOf = rules.sets.sets.map((set) => Int32Array.from(Array.from(set, (k) => this.tIndex[k]).filter((t) => t >= 0)));
    this.quotaHit = rules.quotas.map((q) => Uint8Array.from(this.member, (m) => m[q.concept]));
    // Numeric keys when introduced bits, the practice count and the quota counts fit below 2^53.
    const radix = [rules.practice + 1, ...Array.from(this.caps, (c) => c + 1)];
    const span = radix.reduce((a, b) => a * b, 2 ** rules.tracked.length);
    this.keyRadix = rules.tracked.length <= 30 && span < Number.MAX_SAFE_INTEGER ? radix : undefined;
  }

  start(): State {
    return { introduced: new Uint8Array(this.rules.tracked.length), practice: this.rules.practice, counts: new Int32Array(this.rules.quotas.length) };
  }

  key(s: State): number | string {
    const radix = this.keyRadix;
    if (!radix) return `${s.introduced.join("")}|${s.practice}|${s.counts.join(",")}`;
    let mixed = 0;
    for (let j = s.counts.length - 1; j >= 0; j--) mixed = mixed * radix[j + 1] + s.counts[j];
    mixed = mixed * radix[0] + s.practice;
    let bits = 0;
    for (let t = s.introduced.length - 1; t >= 0; t--) bits = bits * 2 + s.introduced[t];
    return mixed * 2 ** s.introduced.length + bits;
  }

  /** Whether set `x` brings a tracked concept new in state `s`. */
  introduces(s: State, x: number): boolean {
    for (const t of this.trackedOf[x]) if (s.introduced[t] === 0) return true;
    return false;
  }

  /**
   * The state a level with set `x` leaves after `s` ({@link advance} without
   * the words: no allocation unless the step is allowed), or undefined.
   */
  step(s: State, x: number, chapterStart: boolean): State | undefined {
    const { rules } = this;
    const m = this.member[x];
    let fresh = 0;
    for (const t of this.trackedOf[x]) if (s.introduced[t] === 0) fresh++;
    if (fresh > rules.maxNew) return undefined;
    if (fresh > 0 && s.practice < rules.practice) return undefined;
    for (const order of rules.orders) {
      for (let j = 1; j < order.length; j++) {
        if (m[order[j]] === 1 && m[order[j - 1]] === 0 && s.introduced[this.tIndex[order[j - 1]]] === 0) return undefined;
      }
    }
    const Q = rules.quotas.length;
    for (let j = 0; j < Q; j++) {
      const q = rules.quotas[j];
      if ((chapterStart && q.perChapter ? 0 : s.counts[j]) + this.quotaHit[j][x] > q.max) return undefined;
    }
    const counts = new Int32Array(Q);
    for (let j = 0; j < Q; j++) counts[j] = Math.min((chapterStart && rules.quotas[j].perChapter ? 0 : s.counts[j]) + this.quotaHit[j][x], this.caps[j]);
    const introduced = fresh > 0 ? s.introduced.slice() : s.introduced;
    if (fresh > 0) for (const t of this.trackedOf[x]) introduced[t] = 1;
    return { introduced, practice: fresh > 0 ? 0 : Math.min(s.practice + 1, rules.practice), counts };
  }

  /** The concepts of set `x` that are new in state `s` (tracked ones only). */
  fresh(s: State, x: number): number[] {
    const out: number[] = [];
    for (const k of this.rules.sets.sets[x]) {
      const t = this.tIndex[k];
      if (t >= 0 && s.introduced[t] === 0) out.push(k);
    }
    return out;
  }

  /**
   * A level with set `x` after state `s` (a chapter start: chapter quotas
   * count afresh): the state it leaves, and whether it introduces anything;
   * `breaks` collects every rule it breaks (the state is then undefined).
   */
  advance(s: State, x: number, chapterStart: boolean, breaks?: StepBreaks): { state?: State; introduces: boolean } {
    const { rules } = this;
    const set = rules.sets.sets[x];
    const fresh = this.fresh(s, x);
    let ok = true;
    const broke = (c: ConceptConstraint) => {
      ok = false;
      if (breaks && !breaks.includes(c)) breaks.push(c);
    };
    // introduce: each concept of the set needs the one before it introduced or carried too.
    const orderConstraints = this.orderConstraints;
    rules.orders.forEach((order, o) => {
      for (let j = 1; j < order.length; j++) {
        if (!set.includes(order[j])) continue;
        const before = order[j - 1];
        if (s.introduced[this.tIndex[before]] === 0 && !set.includes(before)) broke(orderConstraints[o]);
      }
    });
    if (fresh.length > rules.maxNew) for (const c of this.constraints) if (c.type === "maxNew" && fresh.length > c.by) broke(c);
    if (fresh.length > 0 && s.practice < rules.practice) for (const c of this.constraints) if (c.type === "practice" && s.practice < c.levels) broke(c);
    const counts = new Int32Array(s.counts.length);
    rules.quotas.forEach((q, j) => {
      const n = (chapterStart && q.perChapter ? 0 : s.counts[j]) + (set.includes(q.concept) ? 1 : 0);
      if (n > q.max) broke(q.constraint);
      counts[j] = Math.min(n, this.caps[j]);
    });
    if (!ok) return { introduces: fresh.length > 0 };
    const introduced = s.introduced.slice();
    for (const k of fresh) introduced[this.tIndex[k]] = 1;
    const practice = fresh.length > 0 ? 0 : Math.min(s.practice + 1, rules.practice);
    return { state: { introduced, practice, counts }, introduces: fresh.length > 0 };
  }

  /** The quotas whose min is due at slot `s` (its chapter ends there, or the selection does). */
  quotaEnds(s: number): number[] {
    const last = s === this.problem.slots.length - 1 && !this.rules.openEnd;
    const out: number[] = [];
    this.rules.quotas.forEach((q, j) => {
      if (q.min > 0 && (q.perChapter ? this.rules.chapterEnd[s] === 1 : last)) out.push(j);
    });
    return out;
  }

  /** The rules a state breaks once slot `s` is filled: a deadline not met, a quota short of its min. */
  slotBreaks(s: number, st: State): StepBreaks {
    const out: StepBreaks = [];
    for (const k of this.rules.deadlines[s] ?? []) {
      if (st.introduced[this.tIndex[k]] === 1) continue;
      const name = this.rules.names[k];
      for (const c of this.constraints) if (c.type === "introduceAt" && c.concept === name && c.to !== undefined && !out.includes(c)) out.push(c);
    }
    for (const j of this.quotaEnds(s)) if (st.counts[j] < this.rules.quotas[j].min) out.push(this.rules.quotas[j].constraint);
    return out;
  }

  /** The rules a set breaks at slot `s` whatever came before: a concept before its `introduceAt.from`. */
  setBreaks(s: number, x: number): StepBreaks {
    const out: StepBreaks = [];
    const set = this.rules.sets.sets[x];
    for (const k of this.rules.forbidden[s] ?? []) {
      if (!set.includes(k)) continue;
      const name = this.rules.names[k];
      for (const c of this.constraints) if (c.type === "introduceAt" && c.concept === name && (c.from ?? 1) > this.problem.slots[s].number && !out.includes(c)) out.push(c);
    }
    return out;
  }
}

/**
 * Every concept rule a level with set `x` at slot `slot` breaks after state
 * `phi` (empty when the step is allowed), in the order of the model's concept
 * constraints: what the diagnosis names.
 */
export function conceptStepBreaks(problem: SelectionProblem, a: ConceptAutomaton, slot: number, phi: number, x: number): StepBreaks {
  const machine = machines.get(a) ?? machines.set(a, { machine: new Machine(a.rules, problem), states: decodeAll(a, problem) }).get(a)!;
  const st = machine.states[phi];
  const breaks = machine.machine.setBreaks(slot, x);
  const step = machine.machine.advance(st, x, a.kinds[a.kindOf[slot]].chapterStart, breaks);
  if (step.state) for (const c of machine.machine.slotBreaks(slot, step.state)) if (!breaks.includes(c)) breaks.push(c);
  const order = problem.conceptConstraints ?? [];
  return breaks.sort((p, q) => order.indexOf(p) - order.indexOf(q));
}

const machines = new WeakMap<ConceptAutomaton, { machine: Machine; states: State[] }>();

/** The automaton's states decoded again, by replaying its breadth-first search (for the diagnosis only). */
function decodeAll(a: ConceptAutomaton, problem: SelectionProblem): State[] {
  const machine = new Machine(a.rules, problem);
  const states: State[] = new Array(a.count);
  states[0] = machine.start();
  for (let phi = 0; phi < a.count; phi++) {
    for (let x = 0; x < a.sets; x++) {
      const to = a.next[phi * a.sets + x];
      if (to >= 0 && !states[to]) states[to] = machine.step(states[phi], x, false)!;
      const toc = a.nextAtChapter[phi * a.sets + x];
      if (toc >= 0 && !states[toc]) states[toc] = machine.step(states[phi], x, true)!;
    }
  }
  return states;
}
