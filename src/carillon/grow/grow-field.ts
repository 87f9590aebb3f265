import type { CarillonBody } from "../../io/schemas/carillon-body.ts";
import { randomInt, shuffle, type Rng } from "../../random/index.ts";
import type { CarillonGeneratorSettings } from "../model/generator-settings.ts";
import { stepValue, type SizeWeights } from "../model/generator-model.ts";
import { GrowingField, type PlacementRejection } from "./growing-field.ts";
import type { CarillonModels } from "../model/load-models.ts";
import { milestonesAt, type Milestones } from "./milestones.ts";
import { DOT_SIZES, type DotSize } from "../model/physics-model.ts";

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
 * 6. thin starts from chapter 5 (a root's ring touches at most two dots);
 * 7. milestones (taps, big dots, small dots) from {@link milestonesAt}.
 * Every dot's ring decision keeps the fair-to-read margins as it is placed.
 * Notes: each tree draws a starting degree and its dots climb the scale by
 * their depth in the tree (steps, not leaps, along a chain), so a root's
 * colour says nothing about it being a root.
 *
 * @returns the field, or null when a bounded step ran out of tries (the reason counted in `stats`).
 */
export function growField(request: GrowRequest): GrownField | null {
  const { rng, stats, settings, models } = request;
  const gen = models.generator;
  const atLevel = milestonesAt(gen, request.level, request.chapter);
  const milestones = settings.guard ? { ...atLevel, guard: true } : atLevel;
  const rootCount = Math.max(milestones.minGoal, randomInt(rng, settings.roots[0], settings.roots[1]));
  const dotCount = Math.max(rootCount, randomInt(rng, settings.dots[0], settings.dots[1]));
  const grow = new GrowingField(models.physics, models.fair, gen, { guard: milestones.guard, thinStarts: milestones.thinStarts });
  const weights: SizeWeights = settings.sizeWeights ?? gen.sizeWeights;
  const decimals = 10 ** gen.coordinateDecimals;
  const round = (v: number): number => Math.round(v * decimals) / decimals;

  // 1. Roots.
  const spacing = stepValue(gen.rootSpacing, rootCount);
  const { width, height } = models.physics.field;
  for (let t = 0; t < rootCount; t++) {
    const size = drawWeighted(rng, milestones.rootSizes, (s) => gen.rootSizeWeights[s as "normal" | "big"]);
    const r = grow.radiusOf(size) + gen.edgeMargin;
    let placed = false;
    for (let i = 0; i < gen.tries.rootPlacement && !placed; i++) {
      const x = round(r + rng() * (width - 2 * r));
      const y = round(r + rng() * (height - 2 * r));
      let far = true;
      for (const root of grow.roots) if ((x - grow.x[root]) ** 2 + (y - grow.y[root]) ** 2 < spacing * spacing) far = false;
      if (!far) {
        count(stats, "root-spacing");
        continue;
      }
      const why = grow.propose({ x, y, size, tree: t, core: true, parent: -1 });
      if (why) count(stats, why);
      else placed = true;
    }
    if (!placed) {
      count(stats, "roots-no-room");
      return null;
    }
  }

  // 2. Cores, in turns.
  const [coreMin, coreMax] = settings.coreSize ?? gen.coreSize;
  const cores = Array.from({ length: rootCount }, () => randomInt(rng, coreMin, coreMax));
  // Too few dots for the drawn cores: shrink the largest core first, so cores stay ≥ 3 while dots allow.
  while (cores.reduce((a, b) => a + b, 0) > dotCount) cores[cores.indexOf(Math.max(...cores))]--;
  for (let added = true; added && grow.count < dotCount; ) {
    added = false;
    for (let t = 0; t < rootCount; t++) {
      if (grow.members[t].length >= cores[t] || grow.count >= dotCount) continue;
      if (!placeInTree(grow, t, true)) {
        count(stats, "core-no-room");
        return null;
      }
      added = true;
    }
  }

  // Heavy bells (SPEC 4.4): a root becomes a bell, and another tree gets a dot whose ring touches it.
  const bellCount = request.bells ?? 0;
  if (bellCount > 0 && (rootCount < 2 || bellCount > rootCount)) {
    count(stats, "bell-too-few-roots");
    return null;
  }
  const bellTrees = new Set<number>();
  if (bellCount > 0) disguiseRoots(grow, bellCount - bellTrees.size);

  // 4. Free growth: the smallest tree takes the next dot (room is kept for the bells still to disguise).
  while (grow.count < dotCount - (bellCount - bellTrees.size)) {
    const order = grow.members.map((m, t) => [m.length, t] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (!order.some(([, t]) => placeInTree(grow, t, false))) {
      count(stats, "free-no-room");
      return null;
    }
  }
  if (bellTrees.size < bellCount) disguiseRoots(grow, bellCount - bellTrees.size);
  if (bellTrees.size < bellCount) {
    count(stats, "bell-no-room");
    return null;
  }
  return toBody(grow, rng, models.physics.field);

  function placeInTree(g: GrowingField, tree: number, core: boolean): boolean {
    const drawn = drawWeighted(rng, milestones.sizes, (s) => weights[s]);
    const fallback = DOT_SIZES.slice(0, DOT_SIZES.indexOf(drawn) + 1)
      .reverse()
      .filter((s) => milestones.sizes.includes(s));
    const pool = g.members[tree];
    for (const size of fallback) {
      if (placeOne(g, tree, core, size, pool)) return true;
      count(stats, "size-fallback");
    }
    return false;
  }

  function placeOne(g: GrowingField, tree: number, core: boolean, size: DotSize, pool: number[]): boolean {
    const r = g.radiusOf(size);
    for (let i = 0; i < gen.tries.dotPlacement; i++) {
      const parent = pool[Math.floor(rng() * pool.length)];
      const rp = g.radiusOf(g.size[parent]);
      // Inside the parent's reach with the margin to spare (and half a unit for rounding), clear of it by the gap.
      const lo = rp + r + models.fair.minGap + 0.5;
      const hi = g.reachOf(g.size[parent]) + r - models.fair.reachMargin - 0.5;
      if (hi < lo) continue;
      const dist = Math.sqrt(lo * lo + rng() * (hi * hi - lo * lo));
      const angle = rng() * 2 * Math.PI;
      const why: PlacementRejection | null = g.propose({
        x: round(g.x[parent] + dist * Math.cos(angle)),
        y: round(g.y[parent] + dist * Math.sin(angle)),
        size,
        tree,
        core,
        parent,
      });
      if (!why) return true;
      count(stats, why);
    }
    return false;
  }

  /**
   * Disguises up to `wanted` more roots as heavy bells, trying the roots
   * nearest another tree's dots first (ties in a random order).
   */
  function disguiseRoots(g: GrowingField, wanted: number): void {
    const nearest = (t: number): number => {
      let best = Infinity;
      for (let d = 0; d < g.count; d++) {
        if (g.tree[d] !== t) best = Math.min(best, Math.hypot(g.x[d] - g.x[g.roots[t]], g.y[d] - g.y[g.roots[t]]));
      }
      return best;
    };
    const order = shuffle(
      rng,
      Array.from({ length: rootCount }, (_v, t) => t).filter((t) => !bellTrees.has(t)),
    )
      .map((t) => [nearest(t), t] as const)
      .sort((a, b) => a[0] - b[0]);
    let placed = 0;
    for (const [, t] of order) {
      if (placed >= wanted) break;
      if (placeDisguise(g, t)) {
        bellTrees.add(t);
        placed++;
      }
    }
  }

  /** A dot of another tree, inside the reach of one of its dots, whose ring touches the root of `bellTree`. */
  function placeDisguise(g: GrowingField, bellTree: number): boolean {
    const root = g.roots[bellTree];
    const dist2 = (d: number): number => (g.x[d] - g.x[root]) ** 2 + (g.y[d] - g.y[root]) ** 2;
    const parents = Array.from({ length: g.count }, (_v, d) => d)
      .filter((d) => g.tree[d] !== bellTree)
      .sort((a, b) => dist2(a) - dist2(b) || a - b)
      .slice(0, gen.tries.disguiseParents);
    const rr = g.radiusOf(g.size[root]);
    for (let i = 0; i < gen.tries.dotPlacement * parents.length; i++) {
      const parent = parents[i % parents.length];
      const size = drawWeighted(rng, milestones.sizes, (sz) => weights[sz]);
      const r = g.radiusOf(size);
      const rp = g.radiusOf(g.size[parent]);
      // Inside the parent's reach, aimed at the root (within ±60° of it), then checked to touch the root.
      const lo = rp + r + models.fair.minGap + 0.5;
      const hi = g.reachOf(g.size[parent]) + r - models.fair.reachMargin - 0.5;
      if (hi < lo) continue;
      const dist = Math.sqrt(lo * lo + rng() * (hi * hi - lo * lo));
      const angle = Math.atan2(g.y[root] - g.y[parent], g.x[root] - g.x[parent]) + (rng() - 0.5) * (2 * Math.PI) / 3;
      const x = round(g.x[parent] + dist * Math.cos(angle));
      const y = round(g.y[parent] + dist * Math.sin(angle));
      const toRoot = Math.hypot(x - g.x[root], y - g.y[root]) - rr;
      if (toRoot > g.reachOf(size) - models.fair.reachMargin - 0.5) {
        count(stats, "disguise-far");
        continue;
      }
      const why = g.propose({ x, y, size, tree: g.tree[parent], core: false, parent, disguise: root });
      if (!why) return true;
      count(stats, `disguise-${why}`);
    }
    return false;
  }

  function toBody(g: GrowingField, r: Rng, field: { width: number; height: number }): GrownField {
    const order = shuffle(
      r,
      Array.from({ length: g.count }, (_v, i) => i),
    );
    // Each chain plays up the scale from its own degree, so roots do not share a colour that gives them away.
    const offsets = g.roots.map(() => randomInt(r, 0, 6));
    const position = new Array<number>(g.count);
    order.forEach((old, i) => (position[old] = i));
    const body: CarillonBody = {
      width: field.width,
      height: field.height,
      dots: order.map((old) => ({ x: g.x[old], y: g.y[old], size: g.size[old], note: (offsets[g.tree[old]] + g.depth[old]) % 7 })),
    };
    const cores = g.members.map((m) => m.filter((d) => g.core[d]).map((d) => position[d]).sort((a, b) => a - b));
    const bells = g.disguises.map(([dot, root]) => [position[root], position[dot]]).sort((a, b) => a[0] - b[0]);
    return {
      body,
      roots: g.roots.map((root) => position[root]).sort((a, b) => a - b),
      cores,
      guarded: milestones.guard,
      milestones,
      bells: bells.map((b) => b[0]),
      disguises: bells.map((b) => b[1]),
    };
  }
}
