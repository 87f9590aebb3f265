import type { ConceptConstraint } from "../../io/schemas/model.ts";

/** A level as the concept checker sees it: its number, chapter and concepts. */
export interface ConceptLevel {
  number: number;
  /** Absent: one chapter. */
  chapter?: number;
  /** Absent or empty: none. */
  concepts?: readonly string[];
}

/** One break of a concept rule: the level it shows at, the rule, the words, the concepts involved. */
export interface ConceptBreak {
  level: number;
  constraint: ConceptConstraint;
  message: string;
  concepts: string[];
}

/**
 * The concepts each level introduces (SPEC 12): those no earlier level of
 * the sequence carries, in the level's own order.
 */
export function introductions(levels: readonly ConceptLevel[]): string[][] {
  const seen = new Set<string>();
  return levels.map((l) => {
    const fresh = (l.concepts ?? []).filter((c) => !seen.has(c));
    for (const c of fresh) seen.add(c);
    return fresh;
  });
}

/**
 * Human name of a concept rule, as `verify` and the diagnosis name it:
 * `introduce bell, echo, horn`, `introduceAt bell 81..90`, `maxNew 1`,
 * `practice 2`, `quota bell 2..5 per chapter`.
 */
export function describeConceptConstraint(c: ConceptConstraint): string {
  switch (c.type) {
    case "introduce":
      return `introduce ${c.order.join(", ")}`;
    case "introduceAt":
      return `introduceAt ${c.concept} ${c.from ?? ""}..${c.to ?? ""}`;
    case "maxNew":
      return `maxNew ${c.by}`;
    case "practice":
      return `practice ${c.levels}`;
    case "quota": {
      const range = c.min !== undefined && c.max !== undefined ? (c.min === c.max ? `${c.min}` : `${c.min}..${c.max}`) : c.min !== undefined ? `≥ ${c.min}` : `≤ ${c.max}`;
      return `quota ${c.concept} ${range}${c.scope === "chapter" ? " per chapter" : ""}`;
    }
  }
}

const levelsWord = (n: number) => `${n} level${n === 1 ? "" : "s"}`;
const list = (names: readonly string[]) => names.join(", ");

/**
 * Independent checker of the concept rules (SPEC 12) over a sequence of
 * levels in play order, written from the rules' definitions alone (it shares
 * nothing with the solvers). A level introduces a concept when no earlier
 * level of the sequence carries it. Every break is listed:
 *
 * - `introduce`: each level that carries a concept while one before it in the
 *   order is neither introduced earlier nor carried by the level itself;
 * - `introduceAt`: the level that introduces the concept before `from`; or,
 *   when the sequence reaches level `to` and the concept is not introduced by
 *   then, the last level numbered `to` or below. A window that ends before the
 *   sequence's first level is not checked (those levels cannot tell);
 * - `maxNew`: each level with more new concepts than `by`;
 * - `practice`: each introducing level fewer than `levels` + 1 levels after the
 *   last introducing level before it;
 * - `quota`: each level past `max` (in the game, or in its chapter), and the
 *   last level of the game (or of each chapter) when fewer than `min` carry it.
 *
 * @param options.continues more levels follow the last one (a part-by-part step): no quota's min is due at it.
 * @returns the breaks in level order, then in the order of `constraints`.
 */
export function conceptBreaks(levels: readonly ConceptLevel[], constraints: readonly ConceptConstraint[], options: { continues?: boolean } = {}): ConceptBreak[] {
  const out: ConceptBreak[] = [];
  if (constraints.length === 0 || levels.length === 0) return out;
  const fresh = introductions(levels);
  for (const c of constraints) {
    switch (c.type) {
      case "introduce":
        introduceBreaks(levels, fresh, c, out);
        break;
      case "introduceAt":
        introduceAtBreaks(levels, fresh, c, out);
        break;
      case "maxNew":
        fresh.forEach((news, i) => {
          if (news.length > c.by) out.push({ level: levels[i].number, constraint: c, message: `introduces ${list(news)}: ${news.length} new concepts (at most ${c.by})`, concepts: news });
        });
        break;
      case "practice": {
        let last = -1;
        fresh.forEach((news, i) => {
          if (news.length === 0) return;
          if (last >= 0 && i - last - 1 < c.levels) {
            out.push({ level: levels[i].number, constraint: c, message: `introduces ${list(news)} ${levelsWord(i - last)} after ${list(fresh[last])}`, concepts: [...news, ...fresh[last]] });
          }
          last = i;
        });
        break;
      }
      case "quota":
        quotaBreaks(levels, c, options.continues === true, out);
        break;
    }
  }
  return out.sort((x, y) => x.level - y.level);
}

function introduceBreaks(levels: readonly ConceptLevel[], fresh: readonly string[][], c: Extract<ConceptConstraint, { type: "introduce" }>, out: ConceptBreak[]): void {
  const rank = new Map(c.order.map((name, k) => [name, k]));
  const introduced = new Set<string>();
  levels.forEach((l, i) => {
    const carried = new Set(l.concepts ?? []);
    for (const name of l.concepts ?? []) {
      const k = rank.get(name);
      if (k === undefined) continue;
      const missing = c.order.slice(0, k).filter((before) => !introduced.has(before) && !carried.has(before));
      if (missing.length > 0) {
        out.push({ level: l.number, constraint: c, message: `carries ${name} before ${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} introduced`, concepts: [name, ...missing] });
      }
    }
    for (const name of fresh[i]) introduced.add(name);
  });
}

function introduceAtBreaks(levels: readonly ConceptLevel[], fresh: readonly string[][], c: Extract<ConceptConstraint, { type: "introduceAt" }>, out: ConceptBreak[]): void {
  const from = c.from ?? 1;
  const to = c.to ?? Infinity;
  // A window that closed before the first level: these levels cannot tell when it came.
  if (to < levels[0].number) return;
  const at = fresh.findIndex((news) => news.includes(c.concept));
  const number = at >= 0 ? levels[at].number : Infinity;
  if (number < from) {
    out.push({ level: number, constraint: c, message: `introduces ${c.concept} at level ${number}, before level ${from}`, concepts: [c.concept] });
    return;
  }
  if (number > to && levels[levels.length - 1].number >= to) {
    let due = 0;
    while (due + 1 < levels.length && levels[due + 1].number <= to) due++;
    const later = at >= 0 ? ` (it comes at level ${number})` : "";
    out.push({ level: levels[due].number, constraint: c, message: `${c.concept} is not introduced by level ${to}${later}`, concepts: [c.concept] });
  }
}

function quotaBreaks(levels: readonly ConceptLevel[], c: Extract<ConceptConstraint, { type: "quota" }>, continues: boolean, out: ConceptBreak[]): void {
  const perChapter = c.scope === "chapter";
  let count = 0;
  levels.forEach((l, i) => {
    if (perChapter && i > 0 && l.chapter !== levels[i - 1].chapter) count = 0;
    const where = perChapter && l.chapter !== undefined ? ` of chapter ${l.chapter}` : "";
    const scope = perChapter ? (l.chapter !== undefined ? ` in chapter ${l.chapter}` : " in its chapter") : " in the game";
    if ((l.concepts ?? []).includes(c.concept)) {
      count++;
      if (c.max !== undefined && count > c.max) out.push({ level: l.number, constraint: c, message: `${c.concept} on the ${ordinal(count)} level${where} (at most ${c.max}${scope})`, concepts: [c.concept] });
    }
    const ends = i === levels.length - 1 ? !continues : perChapter && levels[i + 1].chapter !== l.chapter;
    if (ends && c.min !== undefined && count < c.min) {
      out.push({ level: l.number, constraint: c, message: `${c.concept} on ${levelsWord(count)}${where} (at least ${c.min}${scope})`, concepts: [c.concept] });
    }
  });
}

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}
