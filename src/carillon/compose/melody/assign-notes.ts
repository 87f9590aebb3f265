import { intervalCost, type MelodyModel, type Motion, type Voice } from "./melody-cost.ts";

const MOTIONS: readonly Motion[] = [-2, -1, 0, 1, 2];
const STATES = 7 * 5;

/**
 * The best tune a chain's sizes allow (SPEC 4.6): the note assignment of
 * least {@link melodyCost}, found exactly by dynamic programming over the
 * pop tree (each pop's emitter is its parent; a plain chain is a path, so
 * this is DP over pop order). A state is (note, motion into it): 7 × 5.
 * Bottom-up, best[v][state] = Σ over v's children of the cheapest choice of
 * the child's note given v's state, plus `notHome` at a final pop off home; then
 * top-down, the lowest note among equal costs. O(pops · 35 · 7). Each dot's
 * note is limited to its size's range (compose.json `notes.range`: big
 * bells low, small bells high).
 *
 * @returns the notes in pop order and their cost; for an empty voice, none.
 * @throws RangeError when a size's range is empty or a parent does not pop earlier.
 */
export function assignNotes(model: MelodyModel, voice: Voice): { notes: number[]; cost: number } {
  const n = voice.sizes.length;
  if (n === 0) return { notes: [], cost: 0 };
  const domains = voice.sizes.map((size) => {
    const [lo, hi] = model.notes.range[size];
    if (lo > hi) throw new RangeError(`carillon/compose: the ${size} dots' note range is empty`);
    return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  });
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let k = 1; k < n; k++) {
    const p = voice.parent[k];
    if (!(p >= 0 && p < k)) throw new RangeError(`carillon/compose: pop ${k}'s emitter must pop before it`);
    children[p].push(k);
  }
  const key = (note: number, motion: Motion) => note * 5 + (motion + 2);
  const best: Float64Array[] = new Array(n);
  for (let v = n - 1; v >= 0; v--) {
    const row = new Float64Array(STATES).fill(Infinity);
    for (const note of domains[v]) {
      for (const motion of MOTIONS) {
        let total = voice.final[v] && note !== model.notes.home ? model.melody.notHome : 0;
        for (const c of children[v]) total += cheapestChild(model, domains[c], best[c], note, motion).cost;
        row[key(note, motion)] = total;
      }
    }
    best[v] = row;
  }
  const notes: number[] = new Array(n);
  const motions: Motion[] = new Array(n);
  let cost = Infinity;
  for (const note of domains[0]) {
    const c = best[0][key(note, 0)];
    if (c < cost - 1e-12) {
      cost = c;
      notes[0] = note;
    }
  }
  motions[0] = 0;
  for (let k = 1; k < n; k++) {
    const p = voice.parent[k];
    const pick = cheapestChild(model, domains[k], best[k], notes[p], motions[p]);
    notes[k] = pick.note;
    motions[k] = pick.motion;
  }
  return { notes, cost };
}

/** The child's note (lowest among equal costs) that is cheapest after a parent on `note` reached by `motion`. */
function cheapestChild(model: MelodyModel, domain: readonly number[], bestOfChild: Float64Array, note: number, motion: Motion) {
  let pick = { cost: Infinity, note: domain[0], motion: 0 as Motion };
  for (const to of domain) {
    const step = intervalCost(model, note, to, motion);
    const c = step.cost + bestOfChild[to * 5 + (step.motion + 2)];
    if (c < pick.cost - 1e-12) pick = { cost: c, note: to, motion: step.motion };
  }
  return pick;
}
