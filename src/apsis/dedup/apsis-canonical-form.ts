import type { ApsisArrow, ApsisBody } from "../level/apsis-body.ts";
import { normalDegrees, type ApsisTransform } from "./apsis-transform.ts";
import { shortHash } from "../../dedup/short-hash.ts";

/** The canonical form of an Apsis sky (SPEC 7, "identical"). */
export interface ApsisCanonicalForm {
  /** Equal for two skies exactly when one is the other turned about the sun and/or mirrored (arrow order and key names aside). */
  form: string;
  /** First 16 hex digits of the form's SHA-256. */
  hash: string;
  /** The transform that lays this sky in its canonical placement. */
  transform: ApsisTransform;
  /** `order[p]` = the arrow at canonical position p. */
  order: number[];
}

/**
 * Canonical form of a sky, ignoring any turn about the sun, mirroring, the
 * order the arrows are listed in and the names of keys/locks (SPEC 7).
 *
 * Each arrow becomes (angle, ring, length, direction, number, has key, has
 * lock) after the transform; arrows are sorted; key/lock pairs are written as
 * the sorted positions of each name's keys and locks; falling rings are
 * sorted. The form is the smallest such string over both mirror states and
 * every turn that puts an arrow at angle 0 — only arrows whose (ring, length,
 * direction − angle, marks) is smallest need trying, since the smallest form
 * starts with such an arrow at 0. Exact for whole-degree angles (SPEC 5.1).
 * `hearts` is a setting of the level, not of the sky, and is left out.
 *
 * Two arrows with the same ring, angle, length, direction and marks cannot
 * both fit (SPEC 5.1); if a body has them anyway, their key names may be
 * paired in either order.
 */
export function apsisCanonicalForm(body: ApsisBody): ApsisCanonicalForm {
  const arrows = body.arrows;
  const falling = [...new Set(body.fallingRings ?? [])].sort((a, b) => a - b);
  let best: ApsisCanonicalForm | null = null;
  for (const mirror of [false, true]) {
    const angle = arrows.map((a) => normalDegrees(mirror ? -a.angle : a.angle));
    const direction = arrows.map((a) => normalDegrees(mirror ? -a.direction : a.direction));
    const shape = arrows.map((a, i) => [a.ring, a.length, normalDegrees(direction[i] - angle[i]), a.number ?? 0, a.key ? 1 : 0, a.lock ? 1 : 0]);
    let smallest = shape[0];
    for (const s of shape) if (compareTuples(s, smallest) < 0) smallest = s;
    shape.forEach((s, i) => {
      if (compareTuples(s, smallest) !== 0) return;
      const turn = normalDegrees(-angle[i]);
      const candidate = formUnder(arrows, angle, direction, turn, falling);
      if (!best || candidate.form < best.form) best = { ...candidate, hash: "", transform: { turn, mirror } };
    });
  }
  const chosen = best!;
  return { ...chosen, hash: shortHash(chosen.form) };
}

function formUnder(arrows: readonly ApsisArrow[], angle: number[], direction: number[], turn: number, falling: number[]): { form: string; order: number[] } {
  const tuple = arrows.map((a, i) => [
    normalDegrees(angle[i] + turn),
    a.ring,
    a.length,
    normalDegrees(direction[i] + turn),
    a.number ?? 0,
    a.key ? 1 : 0,
    a.lock ? 1 : 0,
  ]);
  const order = arrows.map((_, i) => i).sort((x, y) => compareTuples(tuple[x], tuple[y]) || x - y);
  const position = new Array<number>(arrows.length);
  order.forEach((i, p) => (position[i] = p));
  const names = new Map<string, { keys: number[]; locks: number[] }>();
  arrows.forEach((a, i) => {
    for (const [name, side] of [[a.key, "keys"], [a.lock, "locks"]] as const) {
      if (name === undefined) continue;
      if (!names.has(name)) names.set(name, { keys: [], locks: [] });
      names.get(name)![side].push(position[i]);
    }
  });
  const pairs = [...names.values()].map((g) => `${g.keys.sort((x, y) => x - y).join(".")}>${g.locks.sort((x, y) => x - y).join(".")}`).sort();
  const form = `arrows=${order.map((i) => tuple[i].join(",")).join(";")}|pairs=${pairs.join(";")}|falling=${falling.join(",")}`;
  return { form, order };
}

function compareTuples(a: number[], b: number[]): number {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] - b[k];
  return 0;
}
