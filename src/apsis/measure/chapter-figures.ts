import type { ApsisBody } from "../level/apsis-body.ts";
import { largestRingShare, type RingSpreadRule } from "./ring-spread.ts";

/** One shipped Apsis level as the chapter figures read it. */
export interface ChapterFigureLevel {
  number: number;
  chapter: number;
  /** reads, depth, arrows (the pool metrics). */
  metrics: Record<string, number>;
  /** value − target (reads). */
  deviation?: number;
  level?: unknown;
}

/** What one chapter of shipped Apsis levels looks like (SPEC 5.2): arrows, depth and reads first → last, and the most crowded ring. */
export interface ChapterFigures {
  chapter: number;
  levels: number;
  arrows: { min: number; max: number };
  depth: { first: number; last: number; min: number; max: number };
  reads: { first: number; last: number; largestRise: number };
  /** Mean |reads − target| over the chapter's levels; `null` when no level carries a deviation. */
  meanAbsDeviation: number | null;
  /**
   * The largest share (0..1) of one ring among the chapter's skies of
   * `spread.fromArrows` or more arrows, and the level it is on; `null` when
   * the chapter has no such sky (or no bodies).
   */
  worstRingShare: { share: number; level: number } | null;
}

/**
 * Per-chapter figures of a shipped Apsis level set (SPEC 5.2: no sky over
 * 32 arrows, no ring over 35% of a sky of 20 or more arrows; the climb from
 * depth): arrow range, depth and reads first → last, the largest rise in
 * reads from one level to the next (across the chapter start too), mean
 * |deviation| and the worst ring share. Levels in level order.
 */
export function apsisChapterFigures(levels: readonly ChapterFigureLevel[], spread: RingSpreadRule): ChapterFigures[] {
  const out: ChapterFigures[] = [];
  let previousReads: number | undefined;
  for (let i = 0; i < levels.length; ) {
    const chapter = levels[i].chapter;
    let j = i;
    while (j < levels.length && levels[j].chapter === chapter) j++;
    const group = levels.slice(i, j);
    const metric = (l: ChapterFigureLevel, key: string) => l.metrics[key];
    let largestRise = 0;
    let worst: { share: number; level: number } | null = null;
    let deviations = 0;
    let deviationSum = 0;
    for (const l of group) {
      const reads = metric(l, "reads");
      if (previousReads !== undefined) largestRise = Math.max(largestRise, reads - previousReads);
      previousReads = reads;
      if (l.deviation !== undefined) {
        deviations++;
        deviationSum += Math.abs(l.deviation);
      }
      const body = l.level as ApsisBody | undefined;
      if (body?.arrows && body.arrows.length >= spread.fromArrows) {
        const share = largestRingShare(body.arrows);
        if (!worst || share > worst.share) worst = { share, level: l.number };
      }
    }
    const arrows = group.map((l) => metric(l, "arrows"));
    const depths = group.map((l) => metric(l, "depth"));
    out.push({
      chapter,
      levels: group.length,
      arrows: { min: Math.min(...arrows), max: Math.max(...arrows) },
      depth: { first: depths[0], last: depths[depths.length - 1], min: Math.min(...depths), max: Math.max(...depths) },
      reads: { first: metric(group[0], "reads"), last: metric(group[group.length - 1], "reads"), largestRise },
      meanAbsDeviation: deviations > 0 ? deviationSum / deviations : null,
      worstRingShare: worst,
    });
    i = j;
  }
  return out;
}

/**
 * The figures as a text table (one line per chapter, a heading first): the
 * lines `build --stats` prints for Apsis and the `apsis-build` benchmark.
 */
export function chapterFiguresTable(rows: readonly ChapterFigures[], spread: RingSpreadRule): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const header = ["chapter", "levels", "arrows", "depth first→last (min–max)", "reads first→last", "max rise", "mean|dev|", `worst ring share (${spread.fromArrows}+ arrows) @level`];
  const body = rows.map((r) => [
    String(r.chapter),
    String(r.levels),
    r.arrows.min === r.arrows.max ? String(r.arrows.max) : `${r.arrows.min}–${r.arrows.max}`,
    `${r.depth.first} → ${r.depth.last} (${r.depth.min}–${r.depth.max})`,
    `${r.reads.first} → ${r.reads.last}`,
    String(r.reads.largestRise),
    r.meanAbsDeviation === null ? "–" : r.meanAbsDeviation.toFixed(3),
    r.worstRingShare ? `${pct(r.worstRingShare.share)} @${r.worstRingShare.level}` : "–",
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ").trimEnd();
  return [`Apsis levels per chapter (no sky over its builder's maxArrows; no ring over ${pct(spread.maxRingShare)} of a sky of ${spread.fromArrows}+ arrows)`, line(header), ...body.map(line)];
}
