import type { CarillonBody } from "../io/schemas/carillon-body.ts";
import { randomInt, shuffle, type Rng } from "../random/index.ts";
import type { CarillonGeneratorSettings } from "./generator-settings.ts";
import { stepValue, type SizeWeights } from "./generator-model.ts";
import { GrowingField, type PlacementRejection } from "./growing-field.ts";
import type { CarillonModels } from "./load-models.ts";
import { milestonesAt, type Milestones } from "./milestones.ts";
import { DOT_SIZES, type DotSize } from "./physics-model.ts";

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
}

/** A grown field: the body (dots shuffled, so the build order gives nothing away) and where its roots went. */
export interface GrownField {
  body: CarillonBody;
  /** Root dot indices in `body`, ascending. */
  roots: number[];
  /** Dot indices in `body` of each root's core (root included), by root ordinal. */
  cores: number[][];
  /** Whether growth was guarded (then the roots are exactly the winning first taps). */
  guarded: boolean;
  milestones: Milestones;
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
  const [coreMin, coreMax] = gen.coreSize;
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

  // 4. Free growth: the smallest tree takes the next dot.
  while (grow.count < dotCount) {
    const order = grow.members.map((m, t) => [m.length, t] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (!order.some(([, t]) => placeInTree(grow, t, false))) {
      count(stats, "free-no-room");
      return null;
    }
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
    return { body, roots: g.roots.map((root) => position[root]).sort((a, b) => a - b), cores, guarded: milestones.guard, milestones };
  }
}
