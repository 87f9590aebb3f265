import { InputError } from "../io/errors.ts";
import type { CarillonBody, CarillonMark } from "../io/schemas/carillon-body.ts";
import type { CarillonPhysics, DotSize } from "./physics-model.ts";

/**
 * A level body compiled for the engine (SPEC 4.1): dot centres, radii and
 * reaches as typed arrays (field units), sizes, notes and marks by dot index,
 * and the physics it was compiled with.
 */
export interface CarillonField {
  readonly width: number;
  readonly height: number;
  /** Number of dots. */
  readonly count: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Dot radius by index, field units. */
  readonly radius: Float64Array;
  /** Ring reach by index (largest ring radius from the centre), field units. */
  readonly reach: Float64Array;
  readonly sizes: readonly DotSize[];
  readonly notes: readonly number[];
  readonly marks: ReadonlyArray<CarillonMark | undefined>;
  readonly physics: CarillonPhysics;
}

/** Mark kinds this engine plays. Plain fields only so far: the rules of SPEC 4.4 come in a later step. */
export const SUPPORTED_MARKS: ReadonlySet<CarillonMark["kind"]> = new Set();

/**
 * Compiles a level body. A mark this engine does not play yet is refused
 * rather than silently played as a plain dot.
 *
 * @throws InputError (exit 2) at `$.dots[i].mark` when a dot carries a mark
 *   whose rule is not supported, or at `$.dots` when there are no dots.
 */
export function compileField(body: CarillonBody, physics: CarillonPhysics): CarillonField {
  const n = body.dots.length;
  if (n === 0) throw new InputError("carillon/field", "expected at least one dot", { jsonPath: "$.dots" });
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const radius = new Float64Array(n);
  const reach = new Float64Array(n);
  body.dots.forEach((dot, i) => {
    if (dot.mark && !SUPPORTED_MARKS.has(dot.mark.kind)) {
      throw new InputError(
        "carillon/field",
        `expected a plain dot: the '${dot.mark.kind}' rule (SPEC 4.4) is not supported by this engine yet, and a marked dot is never played as a plain one`,
        { jsonPath: `$.dots[${i}].mark` },
      );
    }
    x[i] = dot.x;
    y[i] = dot.y;
    radius[i] = physics.sizes[dot.size].radius;
    reach[i] = physics.sizes[dot.size].reach;
  });
  return {
    width: body.width,
    height: body.height,
    count: n,
    x,
    y,
    radius,
    reach,
    sizes: body.dots.map((d) => d.size),
    notes: body.dots.map((d) => d.note),
    marks: body.dots.map((d) => d.mark),
    physics,
  };
}
