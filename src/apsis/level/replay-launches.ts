import type { ApsisBody } from "./apsis-body.ts";
import { arrowShape } from "./arrow-shape.ts";
import { skyLimits } from "./sky-limits.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";
import { blocksWay } from "./way-out.ts";

/** One launch of a replay: the arrow, and what held it when it could not leave. */
export interface Launch {
  arrow: number;
  /** Empty when the arrow left; otherwise why it stayed (e.g. `blocked by 4`, `lock A`, `number 2 (arrow 7) still on`). */
  heldBy: string[];
}

/** The outcome of replaying launches (SPEC 5.3). */
export interface ReplayResult {
  /** Hearts lost (one per launch of a held arrow). */
  heartsLost: number;
  /** Whether the sky was empty at the end. */
  cleared: boolean;
  /** Whether the hearts ran out (the level is lost; the replay stops there). */
  lost: boolean;
  /** Arrows still on the board at the end, ascending. */
  remaining: number[];
  launches: Launch[];
}

/**
 * Replays launches one by one through the game's own rules (SPEC 5.3/5.4),
 * not through the hold graph: an arrow leaves when no arrow on the board
 * stands on its way out, no arrow carrying the key of its lock is on the
 * board, no lower number is on the board, and no falling ring outside it
 * still stands (has an arrow on it). Launching a held arrow costs a heart
 * and the arrow stays; when the hearts run out the level is lost.
 *
 * @param launches arrow indices in launch order (a rounds solution flattened).
 * @throws RangeError `apsis/replay: ...` on an arrow index that is not in the sky.
 */
export function replayLaunches(body: ApsisBody, launches: readonly number[], sky: SkyModel = loadSkyModel()): ReplayResult {
  const limits = skyLimits(sky);
  const shapes = body.arrows.map((a) => arrowShape(a, sky));
  const on = body.arrows.map(() => true);
  const falling = body.fallingRings ?? [];
  const log: Launch[] = [];
  let heartsLost = 0;
  let lost = false;
  for (const a of launches) {
    if (!Number.isInteger(a) || a < 0 || a >= body.arrows.length) throw new RangeError(`apsis/replay: arrow ${a} is not in the sky (0..${body.arrows.length - 1})`);
    if (!on[a]) {
      log.push({ arrow: a, heldBy: ["already gone"] });
      heartsLost++;
    } else {
      const heldBy = holdsOn(body, shapes, on, a, falling, limits);
      log.push({ arrow: a, heldBy });
      if (heldBy.length === 0) on[a] = false;
      else heartsLost++;
    }
    if (heartsLost >= body.hearts && heartsLost > 0) {
      lost = true;
      break;
    }
  }
  const remaining = on.flatMap((still, i) => (still ? [i] : []));
  return { heartsLost, cleared: remaining.length === 0, lost, remaining, launches: log };
}

function holdsOn(
  body: ApsisBody,
  shapes: ReturnType<typeof arrowShape>[],
  on: boolean[],
  a: number,
  falling: readonly number[],
  limits: ReturnType<typeof skyLimits>,
): string[] {
  const arrow = body.arrows[a];
  const why: string[] = [];
  body.arrows.forEach((other, b) => {
    if (!on[b]) return;
    // A lock is held by its key's arrow, even (hopelessly) when that is the arrow itself.
    if (arrow.lock !== undefined && other.key === arrow.lock) why.push(`lock ${arrow.lock} (key on ${b})`);
    if (b === a) return;
    if (blocksWay(shapes[b], shapes[a], limits)) why.push(`blocked by ${b}`);
    if (arrow.number !== undefined && other.number !== undefined && other.number < arrow.number) why.push(`number ${other.number} (arrow ${b}) still on`);
  });
  for (const ring of falling) {
    if (ring > arrow.ring && body.arrows.some((other, b) => on[b] && other.ring === ring)) why.push(`ring ${ring} still stands`);
  }
  return why;
}
