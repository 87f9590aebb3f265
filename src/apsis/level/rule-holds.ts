import type { ApsisBody } from "./apsis-body.ts";
import type { ApsisRule } from "./apsis-rules.ts";

/** One hold a rule adds (SPEC 5.4): arrow `to` is held while arrow `from` is still on the board. */
export interface RuleHold {
  from: number;
  to: number;
  rule: ApsisRule;
}

/**
 * The hold edges the marks add (SPEC 5.4), by arrow index:
 * - key and lock: an arrow locked `x` is held by every arrow carrying key `x`;
 * - numbers: an arrow numbered n is held by every arrow with a lower number;
 * - falling ring k: every arrow on a ring inside k (ring < k) is held by every arrow on ring k.
 * A free arrow stays free under all three (they only let go), so rounds stay valid.
 */
export function ruleHolds(body: ApsisBody): RuleHold[] {
  const holds: RuleHold[] = [];
  const arrows = body.arrows;
  const keysByName = new Map<string, number[]>();
  arrows.forEach((a, i) => {
    if (a.key !== undefined) {
      const list = keysByName.get(a.key) ?? [];
      list.push(i);
      keysByName.set(a.key, list);
    }
  });
  arrows.forEach((a, i) => {
    if (a.lock === undefined) return;
    for (const k of keysByName.get(a.lock) ?? []) holds.push({ from: k, to: i, rule: "key" });
  });
  arrows.forEach((a, i) => {
    if (a.number === undefined) return;
    arrows.forEach((b, j) => {
      if (b.number !== undefined && b.number < a.number!) holds.push({ from: j, to: i, rule: "number" });
    });
  });
  for (const ring of body.fallingRings ?? []) {
    arrows.forEach((a, i) => {
      if (a.ring !== ring) return;
      arrows.forEach((b, j) => {
        if (b.ring < ring) holds.push({ from: i, to: j, rule: "falling" });
      });
    });
  }
  return holds;
}
