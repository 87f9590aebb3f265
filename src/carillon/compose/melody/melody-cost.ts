import type { DotSize } from "../../model/physics-model.ts";
import type { CarillonCompose } from "../../model/compose-model.ts";

/**
 * One chain's notes to be chosen (one tap of the stored solution): the
 * popped dots in pop order (time, then index — the engine's order), each
 * with its size and the dot whose ring popped it. The melody runs along the
 * rings: each note follows the note of its emitter, so a chain that rings
 * out both ways from its start is two lines sounding together, not one line
 * hopping between them.
 */
export interface Voice {
  /** Sizes in pop order (they set each dot's range of degrees). */
  sizes: DotSize[];
  /** For each pop, the index (in this voice) of the pop whose ring made it; −1 for the tapped dot. */
  parent: number[];
  /** For each pop, whether it comes at the chain's last moment (the chain ends there: on the home degree). */
  final: boolean[];
}

/** The melody's costs (compose.json `melody`) and the note ranges and home degree (`notes`). */
export type MelodyModel = Pick<CarillonCompose, "melody" | "notes">;

/**
 * Direction and kind of the melodic interval that led to a note: 0 none or
 * a repeat, ±1 a step up/down, ±2 a skip or leap up/down.
 */
export type Motion = -2 | -1 | 0 | 1 | 2;

/**
 * Cost of going from one note to the next along a ring (SPEC 4.6 melody),
 * and the motion after it: `step` / `repeat` / `skip` / `leap` by the
 * interval's size in degrees (1, 0, 2, 3 or more), plus `unrecovered` when
 * the motion into `from` was a skip or leap and this is not a step back the
 * other way, plus `turn` when the motion into `from` was a step and this
 * steps straight back (a neighbour-note wobble; a run reads better).
 */
export function intervalCost(model: MelodyModel, from: number, to: number, motion: Motion): { cost: number; motion: Motion } {
  const m = model.melody;
  const d = to - from;
  const a = Math.abs(d);
  const sign = Math.sign(d);
  let cost = a === 0 ? m.repeat : a === 1 ? m.step : a === 2 ? m.skip : m.leap;
  const stepBack = a === 1 && sign === -Math.sign(motion);
  if (Math.abs(motion) === 2 && !stepBack) cost += m.unrecovered;
  if (Math.abs(motion) === 1 && stepBack) cost += m.turn;
  return { cost, motion: (a === 0 ? 0 : a === 1 ? sign : 2 * sign) as Motion };
}

/**
 * Total cost of a note assignment for one voice (the reference the exact
 * search is tested against): every interval along a ring, emitter to popped
 * dot, plus `notHome` for each pop at the chain's last moment that is not on
 * the home degree.
 * Lower is better.
 *
 * @throws RangeError when the notes and the voice differ in length, or a parent does not pop earlier.
 */
export function melodyCost(model: MelodyModel, voice: Voice, notes: readonly number[]): number {
  const n = voice.sizes.length;
  if (notes.length !== n) throw new RangeError("carillon/compose: one note per popped dot");
  const motion: Motion[] = new Array(n).fill(0);
  let cost = 0;
  for (let k = 1; k < n; k++) {
    const p = voice.parent[k];
    if (!(p >= 0 && p < k)) throw new RangeError(`carillon/compose: pop ${k}'s emitter must pop before it`);
    const step = intervalCost(model, notes[p], notes[k], motion[p]);
    cost += step.cost;
    motion[k] = step.motion;
  }
  for (let k = 0; k < n; k++) if (voice.final[k] && notes[k] !== model.notes.home) cost += model.melody.notHome;
  return cost;
}

/**
 * The cost scale of a voice: every interval a leap left unrecovered, and no
 * final pop home — a melody score is 1 − cost / this, floored at 0.
 */
export function melodyNorm(model: MelodyModel, voice: Voice): number {
  const finals = voice.final.filter(Boolean).length;
  return Math.max(0, voice.sizes.length - 1) * (model.melody.leap + model.melody.unrecovered) + finals * model.melody.notHome;
}

/**
 * Melody score of a set of voices (one per tap): 1 − Σ cost / Σ norm, in
 * [0, 1]; 1 is a tune of steps, without wobbles, that ends home.
 */
export function melodyScore(model: MelodyModel, voices: readonly Voice[], notes: ReadonlyArray<readonly number[]>): number {
  let cost = 0;
  let norm = 0;
  voices.forEach((v, i) => {
    cost += melodyCost(model, v, notes[i]);
    norm += melodyNorm(model, v);
  });
  return norm === 0 ? 1 : Math.max(0, 1 - cost / norm);
}
