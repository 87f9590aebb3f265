import type { ConceptTimeline } from "../concept-timeline.ts";
import { escapeHtml } from "./html-escape.ts";

// The concept timeline of the report page (SPEC 12), drawn as plain SVG text
// (no vega): the ramp editor's page script redraws it after each re-selection
// with this same code, so it is pure and imports nothing from Node.

/** Width of the timeline's data area, in pixels (the whole-game plot's). */
export const TIMELINE_WIDTH = 900;
/** Height of one concept's row, in pixels. */
export const TIMELINE_ROW = 18;

/** The shipped levels the timeline's marks name on hover. */
export type TimelineLevel = { number: number; chapter: number; id: string };

/**
 * The concept timeline as SVG: a row per concept (in order of introduction,
 * labelled with its name and the level that introduces it), a mark per level
 * that carries it (a link to the level's card, its `<title>` naming level,
 * chapter, id and concept), the introduction drawn taller and red; chapter
 * boundaries as dashed rules labelled `ch N`, level numbers at each chapter's
 * start below.
 *
 * @param timeline the concepts of the shipped levels ({@link conceptTimeline}).
 * @param levels the shipped levels (for the marks' titles).
 */
export function conceptTimelineSvg(timeline: ConceptTimeline, levels: readonly TimelineLevel[]): string {
  const first = Math.min(...timeline.chapters.map((c) => c.first));
  const last = Math.max(...timeline.chapters.map((c) => c.last));
  const labelWidth = Math.min(220, Math.max(70, 12 + 7 * Math.max(...timeline.concepts.map((c) => `${c.concept} · ${c.introduced}`.length))));
  const top = 18;
  const height = top + TIMELINE_ROW * timeline.concepts.length + 22;
  const step = TIMELINE_WIDTH / (last - first + 1);
  const x = (n: number) => labelWidth + (n - first + 0.5) * step;
  const mark = Math.max(1, Math.min(12, step * 0.8));
  const idOf = new Map(levels.map((l) => [l.number, l]));
  const fix = (v: number) => String(Math.round(v * 100) / 100);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" class="concept-timeline" width="${labelWidth + TIMELINE_WIDTH + 10}" height="${height}" viewBox="0 0 ${labelWidth + TIMELINE_WIDTH + 10} ${height}" role="img" aria-label="concept timeline">`);
  out.push(`<g font-family="sans-serif" font-size="11">`);
  // Chapter boundaries and labels; level numbers at each chapter's start.
  for (const ch of timeline.chapters) {
    const at = fix(x(ch.first - 0.5));
    out.push(`<line x1="${at}" x2="${at}" y1="${top - 4}" y2="${height - 18}" stroke="#999" stroke-dasharray="4 4"/>`);
    out.push(`<text x="${fix((x(ch.first - 0.5) + x(ch.last + 0.5)) / 2)}" y="11" text-anchor="middle" fill="#666" font-size="10">ch ${ch.chapter}</text>`);
    out.push(`<text x="${fix(x(ch.first))}" y="${height - 5}" text-anchor="middle" fill="#666" font-size="10">${ch.first}</text>`);
  }
  // A row per concept: its name and introduction, a mark per level that carries it.
  timeline.concepts.forEach((row, r) => {
    const y = top + r * TIMELINE_ROW;
    const mid = y + TIMELINE_ROW / 2;
    out.push(`<g class="concept-row" data-concept="${escapeHtml(row.concept)}">`);
    if (r % 2 === 0) out.push(`<rect x="${labelWidth}" y="${y}" width="${TIMELINE_WIDTH}" height="${TIMELINE_ROW}" fill="#f4f4f1"/>`);
    out.push(`<text x="${labelWidth - 6}" y="${fix(mid + 4)}" text-anchor="end" fill="#222"><tspan font-weight="bold">${escapeHtml(row.concept)}</tspan> · ${row.introduced}</text>`);
    for (const n of row.levels) {
      const intro = n === row.introduced;
      const h = intro ? TIMELINE_ROW - 2 : 8;
      const l = idOf.get(n);
      const title = `level ${n}${l ? ` (chapter ${l.chapter}) · ${l.id}` : ""} · ${row.concept}${intro ? " — introduced here" : ""}`;
      out.push(
        `<a href="#level-${n}"><rect class="${intro ? "intro" : "mark"}" x="${fix(x(n) - mark / 2)}" y="${fix(mid - h / 2)}" width="${fix(mark)}" height="${h}" fill="${intro ? "#c0392b" : "#4c78a8"}"><title>${escapeHtml(title)}</title></rect></a>`,
      );
    }
    out.push(`</g>`);
  });
  out.push(`</g></svg>`);
  return out.join("");
}

/**
 * The page's concepts section: the timeline ({@link conceptTimelineSvg}) and,
 * per chapter, each concept's first level (a link to its card) and how many
 * of the chapter's levels carry it, the introductions marked.
 */
export function conceptsHtml(timeline: ConceptTimeline, levels: readonly TimelineLevel[]): string {
  const rows = timeline.chapters.map((ch) => {
    const cells = ch.concepts.length
      ? ch.concepts.map((c) => `<span class="concept${c.introduced ? " intro" : ""}">${escapeHtml(c.concept)} <a href="#level-${c.first}">${c.first}</a>${c.introduced ? " ★" : ""} ×${c.count}</span>`).join(" ")
      : `<span class="none">none</span>`;
    return `<tr><th><a href="#chapter-${ch.chapter}">${ch.chapter}</a></th><td>${ch.first}–${ch.last}</td><td>${cells}</td></tr>`;
  });
  return (
    `<h3>Concepts</h3><figure class="plot concept-plot">${conceptTimelineSvg(timeline, levels)}</figure>` +
    `<table class="concepts"><thead><tr><th>chapter</th><th>levels</th><th>concepts: first level ×levels carrying it (★ introduced there)</th></tr></thead><tbody>${rows.join("")}</tbody></table>`
  );
}
