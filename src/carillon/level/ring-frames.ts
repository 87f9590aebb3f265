import { bearing, inCone } from "./cone.ts";
import { positionsAt } from "./drift.ts";
import { fieldMoves, type CarillonField } from "./compile-field.ts";
import { DOT_SIZES } from "../model/physics-model.ts";
import type { Ring } from "./ring-table.ts";

/**
 * The rings of a field at one tap count (SPEC 4.1, 4.4): where every dot is
 * and where each ring it can emit goes.
 */
export interface RingFrame {
  /** Tap count this frame is for (0 for a field where nothing moves). */
  readonly taps: number;
  /** Centres at this tap count, field units. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Centres interleaved `[x0, y0, x1, y1, …]` (the state's `positions`). */
  readonly positions: Float64Array;
  /** Each dot's own ring: its size's reach, or a horn's doubled reach inside its cone. */
  readonly own: Ring[];
  /**
   * For an echo stone, the full ring it emits when a dot of each size pops
   * it, by size index (small, normal, big); undefined for other dots.
   */
  readonly echo: Array<Ring[] | undefined>;
}

/** Frames by tap count, built lazily and kept. */
export interface RingFrames {
  /** Whether any dot moves (then each tap count has its own frame). */
  readonly moves: boolean;
  /** The frame at `taps` taps (the same frame at every count when nothing moves). */
  at(taps: number): RingFrame;
}

/**
 * The ring of `emitter` at centres (xs, ys): every other dot with
 * `dist − radius ≤ reach` (plus the distance tolerance), and for a cone
 * (`facing` not NaN) only dots whose centres lie inside it; targets
 * ascending with arrival beats `max(0, dist − radius) / ringSpeed`.
 */
export function ringAt(field: CarillonField, xs: Float64Array, ys: Float64Array, emitter: number, reach: number, facing: number): Ring {
  const { distanceTolerance, ringSpeed, horn } = field.physics;
  const targets: number[] = [];
  const times: number[] = [];
  const ex = xs[emitter];
  const ey = ys[emitter];
  for (let b = 0; b < field.count; b++) {
    if (b === emitter) continue;
    const dx = xs[b] - ex;
    const dy = ys[b] - ey;
    const edge = Math.sqrt(dx * dx + dy * dy) - field.radius[b];
    if (edge - reach > distanceTolerance) continue;
    if (!Number.isNaN(facing) && !inCone(facing, bearing(ex, ey, xs[b], ys[b]), horn.coneHalfAngle, horn.angleTolerance)) continue;
    targets.push(b);
    times.push(Math.max(0, edge) / ringSpeed);
  }
  return { targets: Int32Array.from(targets), times: Float64Array.from(times) };
}

/** Builds the frame of a field at `taps` taps. */
export function ringFrame(field: CarillonField, taps: number): RingFrame {
  const [x, y] = positionsAt(field, taps);
  const positions = new Float64Array(2 * field.count);
  for (let i = 0; i < field.count; i++) {
    positions[2 * i] = x[i];
    positions[2 * i + 1] = y[i];
  }
  const own: Ring[] = [];
  const echo: Array<Ring[] | undefined> = new Array(field.count).fill(undefined);
  for (let d = 0; d < field.count; d++) own.push(ringAt(field, x, y, d, field.reach[d], field.facing[d]));
  for (const d of field.byMark.echo) {
    echo[d] = DOT_SIZES.map((s) => ringAt(field, x, y, d, field.physics.sizes[s].reach, Number.NaN));
  }
  return { taps, x, y, positions, own, echo };
}

/**
 * The ring frames of a field: one frame when nothing moves, else one per tap
 * count, each built on first use (drifters are periodic, but frames are few:
 * searches never go past the number of dots).
 */
export function ringFrames(field: CarillonField): RingFrames {
  const moves = fieldMoves(field);
  const cache: RingFrame[] = [];
  return {
    moves,
    at(taps: number): RingFrame {
      const t = moves ? taps : 0;
      let frame = cache[t];
      if (!frame) {
        frame = ringFrame(field, t);
        cache[t] = frame;
      }
      return frame;
    },
  };
}
