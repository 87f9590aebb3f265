import type { CarillonBody } from "../io/schemas/carillon-body.ts";
import type { CarillonPhysics } from "./physics-model.ts";

/** Colour of each note (degree 0..6 of a major scale), a rainbow from do to ti. */
export const NOTE_COLOURS = ["#e6194b", "#f58231", "#e6c619", "#3cb44b", "#17a2b8", "#4363d8", "#911eb4"] as const;

const MARK_GLYPHS: Record<string, string> = { bell: "B", echo: "E", horn: "H", duet: "D", drifter: "~", home: "⌂", round: "R" };

const escapeXml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const n = (v: number): string => (Math.round(v * 100) / 100).toString();

/** Options of {@link renderCarillonSvg}. */
export interface RenderOptions {
  /** Taps to number in order (dot indices). */
  solution?: readonly number[];
  /** A title drawn at the top. */
  title?: string;
  /** Label every dot with its index (for designers). */
  indices?: boolean;
}

/**
 * An SVG picture of a Carillon field (SPEC 2 `show`): dots sized by their
 * size and coloured by note, each ring of reach drawn faintly, marks as a
 * letter, and, when a solution is given, its taps numbered in order on
 * badges beside the tapped dots. Field units map one to one to SVG user units.
 */
export function renderCarillonSvg(body: CarillonBody, physics: CarillonPhysics, options: RenderOptions = {}): string {
  const { width, height } = body;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`);
  out.push(`<rect width="${width}" height="${height}" fill="#fbf8f1"/>`);
  if (options.title) out.push(`<title>${escapeXml(options.title)}</title>`);
  out.push(`<g fill="none" stroke-width="1.5" stroke-opacity="0.22" stroke-dasharray="4 6">`);
  body.dots.forEach((d) => {
    out.push(`<circle cx="${n(d.x)}" cy="${n(d.y)}" r="${n(physics.sizes[d.size].reach)}" stroke="${NOTE_COLOURS[d.note]}"/>`);
  });
  out.push(`</g>`);
  body.dots.forEach((d, i) => {
    const r = physics.sizes[d.size].radius;
    out.push(`<circle cx="${n(d.x)}" cy="${n(d.y)}" r="${n(r)}" fill="${NOTE_COLOURS[d.note]}" stroke="#333" stroke-width="1.5"><title>dot ${i} (${d.size}, note ${d.note})</title></circle>`);
    if (d.mark) {
      const glyph = MARK_GLYPHS[d.mark.kind] ?? "?";
      out.push(`<text x="${n(d.x)}" y="${n(d.y + r * 0.35)}" font-size="${n(r)}" text-anchor="middle" fill="#fff" font-weight="bold">${escapeXml(glyph)}</text>`);
    }
    if (options.indices) {
      out.push(`<text x="${n(d.x)}" y="${n(d.y + r + 12)}" font-size="10" text-anchor="middle" fill="#666">${i}</text>`);
    }
  });
  (options.solution ?? []).forEach((dot, k) => {
    const d = body.dots[dot];
    if (!d) return;
    const r = physics.sizes[d.size].radius;
    const bx = d.x + r * 0.75;
    const by = d.y - r * 0.75;
    out.push(`<circle cx="${n(bx)}" cy="${n(by)}" r="10" fill="#fff" stroke="#111" stroke-width="1.5"/>`);
    out.push(`<text x="${n(bx)}" y="${n(by + 4.5)}" font-size="13" font-weight="bold" text-anchor="middle" fill="#111">${k + 1}</text>`);
  });
  if (options.title) {
    out.push(`<text x="12" y="24" font-size="18" fill="#333">${escapeXml(options.title)}</text>`);
  }
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}
