import type { CarillonBody } from "../../level/carillon-body.ts";
import { randomInt, shuffle, type Rng } from "../../../random/index.ts";
import type { CarillonGeneratorSettings } from "../../model/generator-settings.ts";
import { stepValue, type SizeWeights } from "../../model/generator-model.ts";
import { GrowingField, type PlacementRejection } from "./growing-field.ts";
import type { CarillonModels } from "../../model/load-models.ts";
import { milestonesAt, type Milestones } from "./milestones.ts";
import { DOT_SIZES, type DotSize } from "../../model/physics-model.ts";

/** What {@link growField} is asked for. */
export interface GrowRequest {
  /** Global level number (milestones: taps, sizes, guard). */
  level: number;
  /** Chapter (thin starts from chapter 5). */
  chapter: number;
  settings: CarillonGeneratorSettings;
  rng: Rng;
  /** Rejection counters by reason, incremented in place. */
  stats: Record<string, number>;
  models: CarillonModels;
  /**
   * Heavy bells to build in (SPEC 4.4, default 0): that many roots become
   * bells, each disguised by a dot of another tree whose ring touches it.
   */
  bells?: number;
  /**
   * When free growth finds no room before the drawn dot count, the field may
   * stop at this many dots instead of failing (default: the drawn count).
   * Steering sets it to the part's least dot count, so an aim at the top of
   * the range costs no more attempts than the room allows.
   */
  minDots?: number;
}

/** A grown field: the body (dots shuffled, so the build order gives nothing away) and where its roots went. */
export interface GrownField {
  body: CarillonBody;
  /** Root dot indices in `body`, ascending. */
  roots: number[];
  /** Dot indices in `body` of each root's core (root included), by root ordinal. */
  cores: number[][];
  /** Whether growth was guarded (then the roots are exactly the winning first taps, with the built-in bells marked). */
  guarded: boolean;
  milestones: Milestones;
  /** Roots built in as heavy bells (dot indices in `body`, ascending); the body does not carry the marks yet. */
  bells: number[];
  /** The dot disguising each bell of `bells` (its ring touches that bell), same order. */
  disguises: number[];
}

const count = (stats: Record<string, number>, reason: string): void => {
  stats[reason] = (stats[reason] ?? 0) + 1;
};

function drawWeighted<T extends string>(rng: Rng, options: readonly T[], weight: (o: T) => number): T {
  const total = options.reduce((a, o) => a + weight(o), 0);
  if (total <= 0) return options[options.length - 1];
  let u = rng() * total;
  for (const o of options) {
    u -= weight(o);
    if (u < 0) return o;
  }
  return options[options.length - 1];
}

/** Everything one growth attempt shares between its steps. */
interface Growth {
  request: GrowRequest;
  rng: Rng;
  stats: Record<string, number>;
  gen: CarillonModels["generator"];
  fair: CarillonModels["fair"];
  milestones: Milestones;
  field: GrowingField;
  rootCount: number;
  dotCount: number;
  weights: SizeWeights;
  /** Rounds a coordinate to the model's decimals (before any check, so stored numbers are the checked ones). */
  round: (v: number) => number;
  /** Tree ordinals whose root is already disguised as a heavy bell. */
  bellTrees: Set<number>;
}

/**
 * Grows one field (SPEC 4.3), one bounded attempt:
 * 1. roots — `big` or `normal` as the milestones allow, at least the spacing
 *    for their count apart (300; 250 with five; 215 with six or more);
 * 2. cores — the roots take turns adding a dot inside the reach of a dot of
 *    their tree, each core 3–6 dots (root included);
 * 3. the guard from level 14 ({@link GuardSets}, inside {@link GrowingField});
 * 4. free growth — each further dot joins the smallest tree; a dot that does
 *    not fit at its drawn size is tried at the next smaller allowed size;
 *    before it, `bells` roots become heavy bells (SPEC 4.4): for each, a dot
 *    is placed in another tree (inside the reach of one of its dots nearest
 *    the root, aimed at the root) whose ring touches the root — the guard's
 *    one exception;
 * 6. thin starts from chapter 5 (a root's ring touches at most two dots, or
 *    the part's `thinStartTouches`);
 * 7. milestones (taps, big dots, small dots) from {@link milestonesAt}.
 * Every dot's ring decision keeps the fair-to-read margins as it is placed.
 * Notes: each tree draws a starting degree and its dots climb the scale by
 * their depth in the tree (steps, not leaps, along a chain), so a root's
 * colour says nothing about it being a root.
 *
 * @returns the field, or null when a bounded step ran out of tries (the reason counted in `stats`).
 */
export function growField(request: GrowRequest): GrownField | null {
  // Draw what this attempt grows: milestones, root and dot counts.
  const g = startGrowth(request);
  // 1. Roots, spaced for their count.
  if (!placeRoots(g)) return null;
  // 2. Cores, the roots taking turns.
  if (!growCores(g)) return null;
  // Heavy bells (SPEC 4.4): a root becomes a bell, and another tree gets a dot whose ring touches it.
  const bellCount = request.bells ?? 0;
  if (bellCount > 0 && (g.rootCount < 2 || bellCount > g.rootCount)) {
    count(g.stats, "bell-too-few-roots");
    return null;
  }
  if (bellCount > 0) disguiseRoots(g, bellCount);
  // 4. Free growth, leaving room for the bells still to disguise.
  if (!growFree(g, bellCount)) return null;
  // Bells that found no disguise before free growth get a second chance on the fuller field.
  if (g.bellTrees.size < bellCount) disguiseRoots(g, bellCount - g.bellTrees.size);
  if (g.bellTrees.size < bellCount) {
    count(g.stats, "bell-no-room");
    return null;
  }
  // Shuffle the dots and colour each chain.
  return toGrownField(g);
}

/** The milestones at the level (the part's `guard` switches the guard on early), the drawn root and dot counts, an empty field. */
function startGrowth(request: GrowRequest): Growth {
  const { rng, settings, models } = request;
  const gen = models.generator;
  const atLevel = milestonesAt(gen, request.level, request.chapter);
  const milestones = settings.guard ? { ...atLevel, guard: true } : atLevel;
  const rootCount = Math.max(milestones.minGoal, randomInt(rng, settings.roots[0], settings.roots[1]));
  const dotCount = Math.max(rootCount, randomInt(rng, settings.dots[0], settings.dots[1]));
  const thinStartTouches = settings.thinStartTouches ?? gen.thinStartTouches;
  const field = new GrowingField(models.physics, models.fair, gen, { guard: milestones.guard, thinStarts: milestones.thinStarts, thinStartTouches });
  const decimals = 10 ** gen.coordinateDecimals;
  return {
    request,
    rng,
    stats: request.stats,
    gen,
    fair: models.fair,
    milestones,
    field,
    rootCount,
    dotCount,
    weights: settings.sizeWeights ?? gen.sizeWeights,
    round: (v) => Math.round(v * decimals) / decimals,
    bellTrees: new Set<number>(),
  };
}

/** Step 1: each root at a random spot at least the spacing for the root count from every earlier root; false (`roots-no-room`) when one finds no spot. */
function placeRoots(g: Growth): boolean {
  const { rng, gen, field } = g;
  const spacing = stepValue(gen.rootSpacing, g.rootCount);
  const { width, height } = g.request.models.physics.field;
  for (let t = 0; t < g.rootCount; t++) {
    const size = drawWeighted(rng, g.milestones.rootSizes, (s) => gen.rootSizeWeights[s as "normal" | "big"]);
    const r = field.radiusOf(size) + gen.edgeMargin;
    let placed = false;
    for (let i = 0; i < gen.tries.rootPlacement && !placed; i++) {
      const x = g.round(r + rng() * (width - 2 * r));
      const y = g.round(r + rng() * (height - 2 * r));
      let far = true;
      for (const root of field.roots) if ((x - field.x[root]) ** 2 + (y - field.y[root]) ** 2 < spacing * spacing) far = false;
      if (!far) {
        count(g.stats, "root-spacing");
        continue;
      }
      const why = field.propose({ x, y, size, tree: t, core: true, parent: -1 });
      if (why) count(g.stats, why);
      else placed = true;
    }
    if (!placed) {
      count(g.stats, "roots-no-room");
      return false;
    }
  }
  return true;
}

/** Step 2: the roots take turns adding a core dot until each core has its drawn size; false (`core-no-room`) when a tree finds no room. */
function growCores(g: Growth): boolean {
  const { field } = g;
  const [coreMin, coreMax] = g.request.settings.coreSize ?? g.gen.coreSize;
  const cores = Array.from({ length: g.rootCount }, () => randomInt(g.rng, coreMin, coreMax));
  // Too few dots for the drawn cores: shrink the largest core first, so cores stay ≥ 3 while dots allow.
  while (cores.reduce((a, b) => a + b, 0) > g.dotCount) cores[cores.indexOf(Math.max(...cores))]--;
  for (let added = true; added && field.count < g.dotCount; ) {
    added = false;
    for (let t = 0; t < g.rootCount; t++) {
      if (field.members[t].length >= cores[t] || field.count >= g.dotCount) continue;
      if (!placeInTree(g, t, true)) {
        count(g.stats, "core-no-room");
        return false;
      }
      added = true;
    }
  }
  return true;
}

/**
 * Step 4: the smallest tree takes the next dot (ties by tree ordinal) until
 * the field has its dots less the bells still to disguise. When no tree has
 * room: the field stops there if it has `minDots` (`free-room-full`), else
 * fails (`free-no-room`).
 */
function growFree(g: Growth, bellCount: number): boolean {
  const { field } = g;
  const enough = Math.min(g.dotCount, g.request.minDots ?? g.dotCount);
  while (field.count < g.dotCount - (bellCount - g.bellTrees.size)) {
    const order = field.members.map((m, t) => [m.length, t] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (!order.some(([, t]) => placeInTree(g, t, false))) {
      const ok = field.count + (bellCount - g.bellTrees.size) >= enough;
      count(g.stats, ok ? "free-room-full" : "free-no-room");
      return ok;
    }
  }
  return true;
}

/** One dot for a tree: its drawn size first, then each smaller allowed size (`size-fallback`). */
function placeInTree(g: Growth, tree: number, core: boolean): boolean {
  const { milestones } = g;
  const drawn = drawWeighted(g.rng, milestones.sizes, (s) => g.weights[s]);
  const fallback = DOT_SIZES.slice(0, DOT_SIZES.indexOf(drawn) + 1)
    .reverse()
    .filter((s) => milestones.sizes.includes(s));
  for (const size of fallback) {
    if (placeOne(g, tree, core, size)) return true;
    count(g.stats, "size-fallback");
  }
  return false;
}

/** Up to `tries.dotPlacement` spots inside the reach of a random dot of the tree, each proposed to the field (rejections counted). */
function placeOne(g: Growth, tree: number, core: boolean, size: DotSize): boolean {
  const { field, rng } = g;
  const pool = field.members[tree];
  const r = field.radiusOf(size);
  for (let i = 0; i < g.gen.tries.dotPlacement; i++) {
    const parent = pool[Math.floor(rng() * pool.length)];
    const rp = field.radiusOf(field.size[parent]);
    // Inside the parent's reach with the margin to spare (and half a unit for rounding), clear of it by the gap.
    const lo = rp + r + g.fair.minGap + 0.5;
    const hi = field.reachOf(field.size[parent]) + r - g.fair.reachMargin - 0.5;
    if (hi < lo) continue;
    const dist = Math.sqrt(lo * lo + rng() * (hi * hi - lo * lo));
    const angle = rng() * 2 * Math.PI;
    const why: PlacementRejection | null = field.propose({
      x: g.round(field.x[parent] + dist * Math.cos(angle)),
      y: g.round(field.y[parent] + dist * Math.sin(angle)),
      size,
      tree,
      core,
      parent,
    });
    if (!why) return true;
    count(g.stats, why);
  }
  return false;
}

/**
 * Disguises up to `wanted` more roots as heavy bells, trying the roots
 * nearest another tree's dots first (ties in a random order).
 */
function disguiseRoots(g: Growth, wanted: number): void {
  const { field } = g;
  const nearest = (t: number): number => {
    let best = Infinity;
    for (let d = 0; d < field.count; d++) {
      if (field.tree[d] !== t) best = Math.min(best, Math.hypot(field.x[d] - field.x[field.roots[t]], field.y[d] - field.y[field.roots[t]]));
    }
    return best;
  };
  const order = shuffle(
    g.rng,
    Array.from({ length: g.rootCount }, (_v, t) => t).filter((t) => !g.bellTrees.has(t)),
  )
    .map((t) => [nearest(t), t] as const)
    .sort((a, b) => a[0] - b[0]);
  let placed = 0;
  for (const [, t] of order) {
    if (placed >= wanted) break;
    if (placeDisguise(g, t)) {
      g.bellTrees.add(t);
      placed++;
    }
  }
}

/** A dot of another tree, inside the reach of one of its dots, whose ring touches the root of `bellTree`. */
function placeDisguise(g: Growth, bellTree: number): boolean {
  const { field, rng, gen, fair } = g;
  const root = field.roots[bellTree];
  const dist2 = (d: number): number => (field.x[d] - field.x[root]) ** 2 + (field.y[d] - field.y[root]) ** 2;
  const parents = Array.from({ length: field.count }, (_v, d) => d)
    .filter((d) => field.tree[d] !== bellTree)
    .sort((a, b) => dist2(a) - dist2(b) || a - b)
    .slice(0, gen.tries.disguiseParents);
  const rr = field.radiusOf(field.size[root]);
  for (let i = 0; i < gen.tries.dotPlacement * parents.length; i++) {
    const parent = parents[i % parents.length];
    const size = drawWeighted(rng, g.milestones.sizes, (sz) => g.weights[sz]);
    const r = field.radiusOf(size);
    const rp = field.radiusOf(field.size[parent]);
    // Inside the parent's reach, aimed at the root (within ±60° of it), then checked to touch the root.
    const lo = rp + r + fair.minGap + 0.5;
    const hi = field.reachOf(field.size[parent]) + r - fair.reachMargin - 0.5;
    if (hi < lo) continue;
    const dist = Math.sqrt(lo * lo + rng() * (hi * hi - lo * lo));
    const angle = Math.atan2(field.y[root] - field.y[parent], field.x[root] - field.x[parent]) + (rng() - 0.5) * (2 * Math.PI) / 3;
    const x = g.round(field.x[parent] + dist * Math.cos(angle));
    const y = g.round(field.y[parent] + dist * Math.sin(angle));
    const toRoot = Math.hypot(x - field.x[root], y - field.y[root]) - rr;
    if (toRoot > field.reachOf(size) - fair.reachMargin - 0.5) {
      count(g.stats, "disguise-far");
      continue;
    }
    const why = field.propose({ x, y, size, tree: field.tree[parent], core: false, parent, disguise: root });
    if (!why) return true;
    count(g.stats, `disguise-${why}`);
  }
  return false;
}

/** The body: dots shuffled (the build order gives nothing away), each chain coloured up the scale from its own degree. */
function toGrownField(g: Growth): GrownField {
  const { field, rng } = g;
  const { width, height } = g.request.models.physics.field;
  const order = shuffle(
    rng,
    Array.from({ length: field.count }, (_v, i) => i),
  );
  // Each chain plays up the scale from its own degree, so roots do not share a colour that gives them away.
  const offsets = field.roots.map(() => randomInt(rng, 0, 6));
  const position = new Array<number>(field.count);
  order.forEach((old, i) => (position[old] = i));
  const body: CarillonBody = {
    width,
    height,
    dots: order.map((old) => ({ x: field.x[old], y: field.y[old], size: field.size[old], note: (offsets[field.tree[old]] + field.depth[old]) % 7 })),
  };
  const cores = field.members.map((m) => m.filter((d) => field.core[d]).map((d) => position[d]).sort((a, b) => a - b));
  const bells = field.disguises.map(([dot, root]) => [position[root], position[dot]]).sort((a, b) => a[0] - b[0]);
  return {
    body,
    roots: field.roots.map((root) => position[root]).sort((a, b) => a - b),
    cores,
    guarded: g.milestones.guard,
    milestones: g.milestones,
    bells: bells.map((b) => b[0]),
    disguises: bells.map((b) => b[1]),
  };
}
