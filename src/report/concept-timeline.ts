// No Node imports here: the ramp editor's page script redraws the timeline after each re-selection.

/** One concept across the shipped levels (SPEC 12). */
export interface ConceptRow {
  concept: string;
  /** The level that introduces it: the first (lowest number) that carries it. */
  introduced: number;
  /** The chapter of that level. */
  chapter: number;
  /** Every level that carries it, ascending. */
  levels: number[];
}

/** One concept within one chapter. */
export interface ChapterConcept {
  concept: string;
  /** The chapter's first level that carries it. */
  first: number;
  /** How many of the chapter's levels carry it. */
  count: number;
  /** True when `first` is the concept's introduction in the whole sequence (absent otherwise). */
  introduced?: true;
}

/** A chapter's concepts, in the order the chapter first meets them (ties by name). */
export interface ConceptChapter {
  chapter: number;
  /** First and last global level numbers of the chapter. */
  first: number;
  last: number;
  concepts: ChapterConcept[];
}

/**
 * The concept timeline of a level sequence (SPEC 12): per concept the level
 * that introduces it and every level that carries it, and per chapter each
 * concept's first level and count. What `report` prints (text, `--json`'s
 * `concepts`) and the HTML report draws.
 */
export interface ConceptTimeline {
  /** Every concept, in order of introduction (ties by name). */
  concepts: ConceptRow[];
  /** Every chapter with a level, in chapter order (a chapter that carries no concept has an empty list). */
  chapters: ConceptChapter[];
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The concept timeline of shipped levels (SPEC 12): a level introduces a
 * concept when no earlier level (in play order: level number) carries it.
 *
 * @param levels shipped levels, any order (a levels file's, an order read as one).
 * @returns the timeline, or `undefined` when no level carries a concept (the report then shows none).
 */
export function conceptTimeline(levels: ReadonlyArray<{ number: number; chapter: number; concepts?: readonly string[] }>): ConceptTimeline | undefined {
  const sorted = [...levels].sort((a, b) => a.number - b.number);
  const rows = new Map<string, ConceptRow>();
  const chapters: ConceptChapter[] = [];
  for (const l of sorted) {
    let ch = chapters.find((c) => c.chapter === l.chapter);
    if (!ch) chapters.push((ch = { chapter: l.chapter, first: l.number, last: l.number, concepts: [] }));
    ch.first = Math.min(ch.first, l.number);
    ch.last = Math.max(ch.last, l.number);
    for (const concept of l.concepts ?? []) {
      let row = rows.get(concept);
      if (!row) rows.set(concept, (row = { concept, introduced: l.number, chapter: l.chapter, levels: [] }));
      row.levels.push(l.number);
      const seen = ch.concepts.find((c) => c.concept === concept);
      if (seen) seen.count++;
      else ch.concepts.push({ concept, first: l.number, count: 1, ...(row.introduced === l.number ? { introduced: true as const } : {}) });
    }
  }
  if (rows.size === 0) return undefined;
  chapters.sort((a, b) => a.chapter - b.chapter);
  for (const ch of chapters) ch.concepts.sort((a, b) => a.first - b.first || byName(a.concept, b.concept));
  const concepts = [...rows.values()].sort((a, b) => a.introduced - b.introduced || byName(a.concept, b.concept));
  return { concepts, chapters };
}

/**
 * The timeline as the terminal report prints it, one line per chapter, each
 * concept with its first level in the chapter and its count there, `*` where
 * the concept is introduced:
 *
 * ```
 * concepts by chapter (first level ×levels carrying it; * introduced there):
 *   chapter 1 (levels 1–7): walk 1* ×7, jump 3* ×4
 *   chapter 2 (levels 8–12): walk 8 ×5, ladder 10* ×2
 * ```
 */
export function conceptsText(timeline: ConceptTimeline): string {
  const lines = ["concepts by chapter (first level ×levels carrying it; * introduced there):"];
  for (const ch of timeline.chapters) {
    const list = ch.concepts.length ? ch.concepts.map((c) => `${c.concept} ${c.first}${c.introduced ? "*" : ""} ×${c.count}`).join(", ") : "none";
    lines.push(`  chapter ${ch.chapter} (levels ${ch.first}–${ch.last}): ${list}`);
  }
  return lines.join("\n") + "\n";
}
