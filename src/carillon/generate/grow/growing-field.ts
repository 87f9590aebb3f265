import type { CarillonFair } from "../../model/fair-model.ts";
import type { CarillonGeneratorModel } from "../../model/generator-model.ts";
import { GuardSets } from "./guard-sets.ts";
import type { CarillonPhysics, DotSize } from "../../model/physics-model.ts";

/** A dot proposed to the growing field. */
export interface ProposedDot {
  x: number;
  y: number;
  size: DotSize;
  /** Root ordinal of the tree it joins. */
  tree: number;
  /** Whether it joins its tree's core. */
  core: boolean;
  /** Dot it was placed in the reach of (−1 for a root). */
  parent: number;
  /**
   * A root this dot is placed to disguise as a heavy bell (SPEC 4.3 item 3,
   * 4.4): the dot's ring must touch that root, and that one edge is the
   * guard's exception (a bell's one hit only cracks it, so no chain passes).
   */
  disguise?: number;
}

/** Why a proposed dot was turned away (counted in the generator's stats). */
export type PlacementRejection = "outside" | "gap" | "margin" | "guard-root" | "guard-join" | "thin-start" | "disguise-miss";

/**
 * A field while it grows (SPEC 4.3): dots with their trees, the reach edges
 * among them, the guard's incremental sets, and each root's touch count for
 * thin starts. `propose` checks a dot against every rule of growth and fair
 * to read (inside, gap, margin both ways, guard, thin starts) and adds it
 * when it passes. A dot placed to disguise a heavy bell keeps its edge into
 * that root out of `out`/`inn` and the guard's sets (listed in `disguises`).
 */
export class GrowingField {
  readonly x: number[] = [];
  readonly y: number[] = [];
  readonly size: DotSize[] = [];
  readonly tree: number[] = [];
  readonly core: boolean[] = [];
  readonly parent: number[] = [];
  readonly depth: number[] = [];
  readonly out: number[][] = [];
  readonly inn: number[][] = [];
  /** Root dot of each tree ordinal. */
  readonly roots: number[] = [];
  /** Dots in each tree. */
  readonly members: number[][] = [];
  /** The guard's incremental sets (kept only while growth is guarded). */
  readonly guardSets = new GuardSets();
  /** Heavy-bell disguises: `[dot, root]` — the dot's ring touches that root, the guard's one exception. */
  readonly disguises: Array<[number, number]> = [];
  private readonly touches: number[] = [];

  constructor(
    private readonly physics: CarillonPhysics,
    private readonly fair: CarillonFair,
    private readonly model: CarillonGeneratorModel,
    private readonly rules: { guard: boolean; thinStarts: boolean; thinStartTouches?: number },
  ) {}

  /** Number of dots. */
  get count(): number {
    return this.x.length;
  }

  /** Radius of a size, field units. */
  radiusOf(size: DotSize): number {
    return this.physics.sizes[size].radius;
  }

  /** Reach of a size, field units. */
  reachOf(size: DotSize): number {
    return this.physics.sizes[size].reach;
  }

  /**
   * Checks a proposed dot and adds it when it passes; returns the reason it
   * was turned away otherwise. A root (`parent` −1) starts its own tree.
   */
  propose(dot: ProposedDot): PlacementRejection | null {
    const r = this.radiusOf(dot.size);
    const reach = this.reachOf(dot.size);
    const m = this.model.edgeMargin;
    const { width, height } = this.physics.field;
    if (dot.x - r < m || dot.y - r < m || dot.x + r > width - m || dot.y + r > height - m) return "outside";
    const ins: number[] = [];
    const outs: number[] = [];
    const tol = this.physics.distanceTolerance;
    for (let e = 0; e < this.count; e++) {
      const dx = dot.x - this.x[e];
      const dy = dot.y - this.y[e];
      const dist = Math.sqrt(dx * dx + dy * dy);
      const re = this.radiusOf(this.size[e]);
      if (dist - r - re < this.fair.minGap) return "gap";
      const toE = dist - re - reach;
      const fromE = dist - r - this.reachOf(this.size[e]);
      if (Math.abs(toE) < this.fair.reachMargin || Math.abs(fromE) < this.fair.reachMargin) return "margin";
      if (toE <= tol) outs.push(e);
      if (fromE <= tol) ins.push(e);
    }
    const isRoot = dot.parent < 0;
    if (this.rules.guard && isRoot && (ins.length > 0 || outs.some((v) => this.parent[v] < 0))) return "guard-root";
    if (dot.disguise !== undefined) {
      const at = outs.indexOf(dot.disguise);
      if (at < 0 || this.parent[dot.disguise] >= 0) return "disguise-miss";
      outs.splice(at, 1);
    }
    let sets: { reachedBy: number; leadsInto: number } | null = null;
    if (this.rules.guard && !isRoot) {
      const verdict = this.guardSets.check(ins, outs, dot.core ? dot.tree : -1);
      if (typeof verdict === "string") return verdict;
      sets = verdict;
    }
    if (this.rules.thinStarts) {
      const most = this.rules.thinStartTouches ?? this.model.thinStartTouches;
      for (const u of ins) {
        const t = this.roots.indexOf(u);
        if (t >= 0 && this.touches[t] >= most) return "thin-start";
      }
      if (isRoot && outs.length > most) return "thin-start";
    }

    const index = this.count;
    this.x.push(dot.x);
    this.y.push(dot.y);
    this.size.push(dot.size);
    this.tree.push(dot.tree);
    this.core.push(dot.core);
    this.parent.push(dot.parent);
    this.depth.push(isRoot ? 0 : this.depth[dot.parent] + 1);
    this.out.push(outs);
    this.inn.push(ins);
    for (const v of outs) this.inn[v].push(index);
    for (const u of ins) this.out[u].push(index);
    if (isRoot) {
      this.roots[dot.tree] = index;
      this.members[dot.tree] = [index];
      this.touches[dot.tree] = outs.length;
      if (this.rules.guard) this.guardSets.addRoot(index, dot.tree);
    } else {
      this.members[dot.tree].push(index);
      if (sets) this.guardSets.add(index, sets, this.out, this.inn);
    }
    for (const u of ins) {
      const t = this.roots.indexOf(u);
      if (t >= 0) this.touches[t]++;
    }
    if (dot.disguise !== undefined) this.disguises.push([index, dot.disguise]);
    return null;
  }
}
