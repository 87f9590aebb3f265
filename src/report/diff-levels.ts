import type { LevelsFile } from "../io/schemas/levels.ts";

/** What changed between two levels files, keyed by candidate id. */
export interface LevelsDiff {
  identical: boolean;
  /** Ids only in the new file, at their new number. */
  added: Array<{ id: string; number: number }>;
  /** Ids only in the old file, at their old number. */
  removed: Array<{ id: string; number: number }>;
  /** Ids in both at another number. */
  moved: Array<{ id: string; from: number; to: number }>;
  /** Metrics of an id in both files that differ (or exist in one only). */
  changed: Array<{ id: string; metric: string; from: number | null; to: number | null }>;
  /** Level numbers whose id differs (what players' saves see). */
  renumbered: number;
}

/**
 * Diff of two levels files (issue "release loop"): levels added, removed,
 * moved (old number → new number) and changed metrics, by candidate id. Ids
 * are stable (SPEC 2), so a regenerated, unchanged level keeps its id.
 */
export function diffLevels(before: LevelsFile, after: LevelsFile): LevelsDiff {
  const old = new Map(before.levels.map((l) => [l.id, l]));
  const now = new Map(after.levels.map((l) => [l.id, l]));
  const added = after.levels.filter((l) => !old.has(l.id)).map((l) => ({ id: l.id, number: l.number }));
  const removed = before.levels.filter((l) => !now.has(l.id)).map((l) => ({ id: l.id, number: l.number }));
  const moved: LevelsDiff["moved"] = [];
  const changed: LevelsDiff["changed"] = [];
  for (const l of after.levels) {
    const o = old.get(l.id);
    if (!o) continue;
    if (o.number !== l.number) moved.push({ id: l.id, from: o.number, to: l.number });
    for (const metric of [...new Set([...Object.keys(o.metrics), ...Object.keys(l.metrics)])].sort()) {
      const from = o.metrics[metric] ?? null;
      const to = l.metrics[metric] ?? null;
      if (from !== to) changed.push({ id: l.id, metric, from, to });
    }
  }
  const byOld = new Map(before.levels.map((l) => [l.number, l.id]));
  const byNew = new Map(after.levels.map((l) => [l.number, l.id]));
  let renumbered = 0;
  for (const n of new Set([...byOld.keys(), ...byNew.keys()])) if (byOld.get(n) !== byNew.get(n)) renumbered++;
  return { identical: !added.length && !removed.length && !moved.length && !changed.length, added, removed, moved, changed, renumbered };
}
