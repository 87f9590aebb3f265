import type { CarillonFair } from "../../model/fair-model.ts";
import type { CarillonPhysics, DotSize } from "../../model/physics-model.ts";

/** A dot laid in a sketch, with what laying knows about it. */
export interface SketchDot {
  x: number;
  y: number;
  size: DotSize;
  /** Which chain (tap) it belongs to. */
  chain: number;
  /** Which strongly connected piece of its chain it is in: a junction or a one-way leaf starts a new one. */
  segment: number;
  /** Beats after its chain's tap at which it is meant to pop. */
  time: number;
  /** Index of the dot whose ring is meant to pop it (−1 for the tap). */
  parent: number;
  /** Whether the figure holds its mirror image too (a dot on the axis has none). */
  mirrored: boolean;
}

/** How a sketch is mirrored: the line, and which chain each chain's mirror image belongs to. */
export interface SketchMirror {
  axis: { x: number } | { y: number };
  /** Chain of the mirror image of a dot of `chain` (the same chain for a figure mirrored within one chain). */
  chainOf: (chain: number) => number;
}

/**
 * A figure while it is laid (SPEC 4.6), with the placement pre-check that
 * steers laying — like the generator's own placement check, it is not the
 * acceptance check: every composed field is still proven and checked fair to
 * read by the engine afterwards. A new dot fits when, against every dot laid
 * so far and every mirror image (and its own image, off the axis):
 * - it lies `edgeMargin` inside the field;
 * - the gap and both reach margins of fair.json hold (14 units edge to
 *   edge; every ring clearly reaches or clearly misses, by 10);
 * - it has no reach either way with another chain (chains stay apart, so
 *   the goal is the number of chains);
 * - within its chain, no ring but its parent's reaches it before it is
 *   meant to pop, and its own ring reaches no dot before that dot is meant
 *   to pop (so every pop time, on the beat, is the parent's doing);
 * - its ring reaches back only into its own segment (a tail never reaches
 *   into its head, which would undo the junction).
 */
export class FigureSketch {
  readonly dots: SketchDot[] = [];

  constructor(
    private readonly physics: CarillonPhysics,
    private readonly fair: CarillonFair,
    private readonly edgeMargin: number,
    private readonly tolerance: number,
    readonly mirror: SketchMirror | null = null,
  ) {}

  /** A copy to try laying on without touching this one. */
  clone(): FigureSketch {
    const copy = new FigureSketch(this.physics, this.fair, this.edgeMargin, this.tolerance, this.mirror);
    copy.dots.push(...this.dots);
    return copy;
  }

  /** The mirror image of a dot (null when the sketch is not mirrored or the dot lies on the axis). */
  imageOf(d: SketchDot): SketchDot | null {
    if (!this.mirror || !d.mirrored) return null;
    const a = this.mirror.axis;
    const image = "x" in a ? { ...d, x: 2 * a.x - d.x } : { ...d, y: 2 * a.y - d.y };
    if (Math.hypot(image.x - d.x, image.y - d.y) < 1e-6) return null;
    return { ...image, chain: this.mirror.chainOf(d.chain) };
  }

  /** Every dot of the figure: the laid ones, then their mirror images (in the same order). */
  figure(): SketchDot[] {
    const images = this.dots.map((d) => this.imageOf(d)).filter((d): d is SketchDot => d !== null);
    return [...this.dots, ...images];
  }

  /** Whether `q` (its parent being `q.parent`) may be laid (see the class notes). */
  fits(q: SketchDot): boolean {
    const { width, height } = this.physics.field;
    const r = this.physics.sizes[q.size].radius + this.edgeMargin;
    if (q.x < r || q.y < r || q.x > width - r || q.y > height - r) return false;
    const m = this.mirror;
    const alongX = m !== null && "x" in m.axis;
    const line = m === null ? 0 : "x" in m.axis ? m.axis.x : m.axis.y;
    for (let i = 0; i < this.dots.length; i++) {
      const p = this.dots[i];
      if (!this.pairFits(q, p.x, p.y, p, p.chain, i === q.parent)) return false;
      if (m && p.mirrored) {
        const ix = alongX ? 2 * line - p.x : p.x;
        const iy = alongX ? p.y : 2 * line - p.y;
        if (Math.hypot(ix - p.x, iy - p.y) >= 1e-6 && !this.pairFits(q, ix, iy, p, m.chainOf(p.chain), false)) return false;
      }
    }
    if (m && q.mirrored) {
      const ix = alongX ? 2 * line - q.x : q.x;
      const iy = alongX ? q.y : 2 * line - q.y;
      if (Math.hypot(ix - q.x, iy - q.y) >= 1e-6 && !this.pairFits(q, ix, iy, q, m.chainOf(q.chain), false)) return false;
    }
    return true;
  }

  /** Lays `q` when it fits; returns its index, or −1. */
  add(q: SketchDot): number {
    if (!this.fits(q)) return -1;
    this.dots.push(q);
    return this.dots.length - 1;
  }

  /** `q` against a dot at (px, py) of `p`'s size, segment and time, in chain `chain`. */
  private pairFits(q: SketchDot, px: number, py: number, p: SketchDot, chain: number, isParent: boolean): boolean {
    const sq = this.physics.sizes[q.size];
    const sp = this.physics.sizes[p.size];
    const dist = Math.hypot(q.x - px, q.y - py);
    if (dist - sq.radius - sp.radius < this.fair.minGap) return false;
    const pToQ = dist - sq.radius - sp.reach;
    const qToP = dist - sp.radius - sq.reach;
    if (Math.abs(pToQ) < this.fair.reachMargin || Math.abs(qToP) < this.fair.reachMargin) return false;
    if (isParent) return true;
    const pReaches = pToQ <= 0;
    const qReaches = qToP <= 0;
    if (chain !== q.chain) return !pReaches && !qReaches;
    const speed = this.physics.ringSpeed;
    if (pReaches && p.time + (dist - sq.radius) / speed < q.time - this.tolerance) return false;
    if (qReaches && q.time + (dist - sp.radius) / speed < p.time - this.tolerance) return false;
    if (qReaches && p.segment !== q.segment) return false;
    return true;
  }
}
