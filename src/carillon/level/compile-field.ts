import { InputError } from "../../io/errors.ts";
import type { CarillonBody, CarillonMark } from "./carillon-body.ts";
import type { CarillonPhysics, DotSize } from "../model/physics-model.ts";

/** A mark kind (SPEC 4.4): one rule each. */
export type MarkKind = CarillonMark["kind"];

/** Every mark kind, in the order the rules arrive in the plan (SPEC 3, 4.4). */
export const MARK_KINDS: readonly MarkKind[] = ["bell", "echo", "horn", "duet", "drifter", "home", "round"];

/**
 * A level body compiled for the engine (SPEC 4.1, 4.4): dot centres, radii and
 * reaches as typed arrays (field units), sizes, notes and marks by dot index,
 * each rule's data unpacked, and the physics it was compiled with.
 */
export interface CarillonField {
  readonly width: number;
  readonly height: number;
  /** Number of dots. */
  readonly count: number;
  /** Centres before the first tap (drifters move from here, SPEC 4.4). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Dot radius by index, field units. */
  readonly radius: Float64Array;
  /**
   * Reach of the dot's own ring (largest ring radius from the centre), field
   * units: its size's reach, times the horn's reach factor (2) for a horn.
   */
  readonly reach: Float64Array;
  /** Reach of the dot's size, field units (an echo stone echoes this for the dots it pops; SPEC 4.4). */
  readonly sizeReach: Float64Array;
  readonly sizes: readonly DotSize[];
  readonly notes: readonly number[];
  readonly marks: ReadonlyArray<CarillonMark | undefined>;
  /** A horn's facing in degrees (from +x towards +y), NaN for any other dot. */
  readonly facing: Float64Array;
  /** A duet dot's partner, −1 for any other dot. */
  readonly partner: Int32Array;
  /** A round bell's order number (≥ 1), 0 for any other dot. */
  readonly order: Int32Array;
  /** A drifter's step after every tap, field units (0 for any other dot). */
  readonly stepX: Float64Array;
  readonly stepY: Float64Array;
  /** Dot indices carrying each mark kind, ascending. */
  readonly byMark: Readonly<Record<MarkKind, readonly number[]>>;
  /** Whether any dot carries a mark. */
  readonly marked: boolean;
  readonly physics: CarillonPhysics;
}

/** Mark kinds this engine plays: all seven rules of SPEC 4.4. */
export const SUPPORTED_MARKS: ReadonlySet<MarkKind> = new Set(MARK_KINDS);

/**
 * Compiles a level body: sizes to radii and reaches, marks to per-dot arrays.
 * A horn's reach is its size's reach times `physics.horn.reachFactor`.
 *
 * @throws InputError (exit 2) at `$.dots` when there are no dots, at
 *   `$.dots[i].mark.partner` when a duet's partner is not a duet dot naming
 *   it back, at `$.dots[i].mark.order` for a round order below 1, and at
 *   `$.dots[i].mark` for a mark kind this engine does not know.
 */
export function compileField(body: CarillonBody, physics: CarillonPhysics): CarillonField {
  const n = body.dots.length;
  if (n === 0) throw new InputError("carillon/field", "expected at least one dot", { jsonPath: "$.dots" });
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const radius = new Float64Array(n);
  const reach = new Float64Array(n);
  const sizeReach = new Float64Array(n);
  const facing = new Float64Array(n).fill(Number.NaN);
  const partner = new Int32Array(n).fill(-1);
  const order = new Int32Array(n);
  const stepX = new Float64Array(n);
  const stepY = new Float64Array(n);
  const byMark = Object.fromEntries(MARK_KINDS.map((k) => [k, [] as number[]])) as Record<MarkKind, number[]>;
  body.dots.forEach((dot, i) => {
    x[i] = dot.x;
    y[i] = dot.y;
    radius[i] = physics.sizes[dot.size].radius;
    sizeReach[i] = physics.sizes[dot.size].reach;
    reach[i] = sizeReach[i];
    const mark = dot.mark;
    if (!mark) return;
    if (!SUPPORTED_MARKS.has(mark.kind)) {
      throw new InputError("carillon/field", `expected a mark of kind ${MARK_KINDS.join(", ")}`, { jsonPath: `$.dots[${i}].mark` });
    }
    byMark[mark.kind].push(i);
    switch (mark.kind) {
      case "horn":
        facing[i] = mark.facing;
        reach[i] = sizeReach[i] * physics.horn.reachFactor;
        break;
      case "duet": {
        const p = mark.partner;
        const other = body.dots[p]?.mark;
        if (!Number.isInteger(p) || p === i || other?.kind !== "duet" || other.partner !== i) {
          throw new InputError("carillon/field", "expected the index of another duet dot whose partner is this dot", {
            jsonPath: `$.dots[${i}].mark.partner`,
          });
        }
        partner[i] = p;
        break;
      }
      case "drifter":
        stepX[i] = mark.step[0];
        stepY[i] = mark.step[1];
        break;
      case "round":
        if (!Number.isInteger(mark.order) || mark.order < 1) {
          throw new InputError("carillon/field", "expected a round order of at least 1", { jsonPath: `$.dots[${i}].mark.order` });
        }
        order[i] = mark.order;
        break;
      default:
        break;
    }
  });
  return {
    width: body.width,
    height: body.height,
    count: n,
    x,
    y,
    radius,
    reach,
    sizeReach,
    sizes: body.dots.map((d) => d.size),
    notes: body.dots.map((d) => d.note),
    marks: body.dots.map((d) => d.mark),
    facing,
    partner,
    order,
    stepX,
    stepY,
    byMark,
    marked: body.dots.some((d) => d.mark !== undefined),
    physics,
  };
}

/** Whether a dot of the field moves between taps (a drifter with a non-zero step). */
export function fieldMoves(field: CarillonField): boolean {
  return field.byMark.drifter.some((d) => field.stepX[d] !== 0 || field.stepY[d] !== 0);
}
