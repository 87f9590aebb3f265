import { addDot, emptyDotSet, type DotSet } from "../level/dot-set.ts";
import type { CarillonField } from "../level/compile-field.ts";
import type { RingFrames } from "../level/ring-frames.ts";

/** Edges that can carry a pop, as bitsets: `out[a]` holds b when a popping can pop b; `inn[b]` the reverse. */
export interface PopEdges {
  readonly out: DotSet[];
  readonly inn: DotSet[];
}

/**
 * Every edge along which a pop can travel at some tap count in
 * `first..last` (SPEC 4.4): each dot's own ring (a horn's cone), each echo
 * stone's ring for every size it can echo (`echo`, from {@link echoSizes}),
 * and each duet pair both ways. Used by the solver's lower bound, which needs
 * a superset of what any tap in that range can do.
 */
export function popEdges(field: CarillonField, frames: RingFrames, echo: readonly number[][], first: number, last: number): PopEdges {
  const out: DotSet[] = [];
  const inn: DotSet[] = [];
  for (let d = 0; d < field.count; d++) {
    out.push(emptyDotSet(field.count));
    inn.push(emptyDotSet(field.count));
  }
  const link = (a: number, b: number): void => {
    addDot(out[a], b);
    addDot(inn[b], a);
  };
  const end = frames.moves ? last : first;
  for (let t = first; t <= end; t++) {
    const frame = frames.at(t);
    for (let a = 0; a < field.count; a++) {
      const rings = frame.echo[a] ? echo[a].map((s) => (frame.echo[a] as NonNullable<(typeof frame.echo)[number]>)[s]) : [frame.own[a]];
      for (const ring of rings) for (const b of ring.targets) link(a, b);
    }
  }
  for (let a = 0; a < field.count; a++) if (field.partner[a] >= 0) link(a, field.partner[a]);
  return { out, inn };
}
