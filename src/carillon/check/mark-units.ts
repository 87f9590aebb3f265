import type { CarillonBody } from "../level/carillon-body.ts";

/**
 * The marks of a body as units, in dot-index order (SPEC 4.5 "every mark
 * matters"): each marked dot is one unit, except a duet, whose two dots are
 * one unit listed at the lower index (a duet mark names its partner and is
 * stored on both, so it is removed from both at once).
 */
export function markUnits(body: CarillonBody): number[][] {
  const units: number[][] = [];
  body.dots.forEach((dot, i) => {
    const mark = dot.mark;
    if (!mark) return;
    if (mark.kind === "duet") {
      if (mark.partner > i) units.push([i, mark.partner]);
      else if (body.dots[mark.partner]?.mark?.kind !== "duet") units.push([i]);
      return;
    }
    units.push([i]);
  });
  return units;
}

/** A copy of `body` with the marks of `dots` removed (each becomes a plain dot). */
export function withoutMarks(body: CarillonBody, dots: Iterable<number>): CarillonBody {
  const drop = new Set(dots);
  return {
    ...body,
    dots: body.dots.map((d, i) => {
      if (!drop.has(i) || !d.mark) return d;
      const { mark: _mark, ...plain } = d;
      return plain;
    }),
  };
}

/** A copy of `body` with every mark removed: the plain field under the rules. */
export function plainBody(body: CarillonBody): CarillonBody {
  return withoutMarks(
    body,
    body.dots.map((_d, i) => i),
  );
}
