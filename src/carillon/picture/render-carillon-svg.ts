import type { CarillonBody, CarillonDot } from "../level/carillon-body.ts";
import type { CarillonPhysics } from "../model/physics-model.ts";

/** Colour of each note (degree 0..6 of a major scale), a rainbow from do to ti. */
export const NOTE_COLOURS = ["#e6194b", "#f58231", "#e6c619", "#3cb44b", "#17a2b8", "#4363d8", "#911eb4"] as const;

const escapeXml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const n = (v: number): string => (Math.round(v * 100) / 100).toString();
const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Options of {@link renderCarillonSvg}. */
export interface RenderOptions {
  /** Taps to number in order (dot indices). */
  solution?: readonly number[];
  /** A title drawn at the top. */
  title?: string;
  /** Label every dot with its index (for designers). */
  indices?: boolean;
}

/** A horn's cone: a wedge from the centre out to the doubled reach, ±half-angle around the facing. */
function hornCone(d: CarillonDot, facing: number, physics: CarillonPhysics): string {
  const reach = physics.sizes[d.size].reach * physics.horn.reachFactor;
  const half = physics.horn.coneHalfAngle;
  const a = rad(facing - half);
  const b = rad(facing + half);
  const large = 2 * half > 180 ? 1 : 0;
  return (
    `<path class="horn-cone" d="M ${n(d.x)} ${n(d.y)} L ${n(d.x + reach * Math.cos(a))} ${n(d.y + reach * Math.sin(a))} ` +
    `A ${n(reach)} ${n(reach)} 0 ${large} 1 ${n(d.x + reach * Math.cos(b))} ${n(d.y + reach * Math.sin(b))} Z" ` +
    `fill="${NOTE_COLOURS[d.note]}" fill-opacity="0.08" stroke="${NOTE_COLOURS[d.note]}" stroke-opacity="0.5" stroke-dasharray="6 4"/>`
  );
}

/** The glyph drawn on (or around) a marked dot of radius r. */
function markGlyph(d: CarillonDot, r: number): string {
  const { x, y } = d;
  const mark = d.mark;
  if (!mark) return "";
  switch (mark.kind) {
    case "bell":
      // A bell: dome, flared lip, clapper.
      return (
        `<path class="bell" d="M ${n(x - 0.45 * r)} ${n(y + 0.3 * r)} Q ${n(x - 0.45 * r)} ${n(y - 0.6 * r)} ${n(x)} ${n(y - 0.6 * r)} ` +
        `Q ${n(x + 0.45 * r)} ${n(y - 0.6 * r)} ${n(x + 0.45 * r)} ${n(y + 0.3 * r)} L ${n(x + 0.65 * r)} ${n(y + 0.45 * r)} ` +
        `L ${n(x - 0.65 * r)} ${n(y + 0.45 * r)} Z" fill="#fff" stroke="#222" stroke-width="1.2"/>` +
        `<circle class="bell-clapper" cx="${n(x)}" cy="${n(y + 0.6 * r)}" r="${n(0.13 * r)}" fill="#222"/>`
      );
    case "echo":
      // An echo stone: a faceted stone with two echo waves around it.
      return (
        `<polygon class="echo-stone" points="${[0, 60, 120, 180, 240, 300].map((deg) => `${n(x + 0.55 * r * Math.cos(rad(deg)))},${n(y + 0.55 * r * Math.sin(rad(deg)))}`).join(" ")}" fill="#ddd" stroke="#222" stroke-width="1.2"/>` +
        `<circle class="echo-wave" cx="${n(x)}" cy="${n(y)}" r="${n(r + 4)}" fill="none" stroke="#444" stroke-width="1"/>` +
        `<circle class="echo-wave" cx="${n(x)}" cy="${n(y)}" r="${n(r + 8)}" fill="none" stroke="#444" stroke-width="1" stroke-dasharray="3 3"/>`
      );
    case "horn": {
      // A horn's mouth: a triangle pointing along the facing.
      const f = rad(mark.facing);
      const tip = [x + 0.8 * r * Math.cos(f), y + 0.8 * r * Math.sin(f)];
      const l = [x + 0.5 * r * Math.cos(f + 2.3), y + 0.5 * r * Math.sin(f + 2.3)];
      const rr = [x + 0.5 * r * Math.cos(f - 2.3), y + 0.5 * r * Math.sin(f - 2.3)];
      return `<polygon class="horn" points="${n(tip[0])},${n(tip[1])} ${n(l[0])},${n(l[1])} ${n(rr[0])},${n(rr[1])}" fill="#fff" stroke="#222" stroke-width="1.2"/>`;
    }
    case "duet":
      return `<circle class="duet" cx="${n(x)}" cy="${n(y)}" r="${n(0.35 * r)}" fill="#fff" stroke="#c2185b" stroke-width="2"/>`;
    case "drifter":
      return `<circle class="drifter" cx="${n(x)}" cy="${n(y)}" r="${n(r + 4)}" fill="none" stroke="#333" stroke-width="1.2" stroke-dasharray="2 3"/>`;
    case "home":
      // The home note: a note head, stem and flag, and a gold ring.
      return (
        `<circle class="home-ring" cx="${n(x)}" cy="${n(y)}" r="${n(r + 3)}" fill="none" stroke="#d4a017" stroke-width="3"/>` +
        `<ellipse class="home-note" cx="${n(x - 0.15 * r)}" cy="${n(y + 0.35 * r)}" rx="${n(0.28 * r)}" ry="${n(0.2 * r)}" fill="#fff"/>` +
        `<path class="home-note" d="M ${n(x + 0.12 * r)} ${n(y + 0.35 * r)} L ${n(x + 0.12 * r)} ${n(y - 0.55 * r)} Q ${n(x + 0.5 * r)} ${n(y - 0.35 * r)} ${n(x + 0.45 * r)} ${n(y - 0.1 * r)}" fill="none" stroke="#fff" stroke-width="2"/>`
      );
    case "round":
      // A round bell: its order number on a dark square (solution badges are white circles).
      return (
        `<rect class="round" x="${n(x - 0.62 * r)}" y="${n(y - 0.62 * r)}" width="${n(1.24 * r)}" height="${n(1.24 * r)}" rx="${n(0.2 * r)}" fill="#222" stroke="#fff" stroke-width="1.2"/>` +
        `<text class="round-order" x="${n(x)}" y="${n(y + 0.28 * r)}" font-size="${n(0.8 * r)}" font-weight="bold" text-anchor="middle" fill="#fff">${mark.order}</text>`
      );
  }
}

/** Height of the title band above the field, SVG user units (= field units). */
const TITLE_BAND = 32;

/**
 * An SVG picture of a Carillon field (SPEC 2 `show`): dots sized by their
 * size and coloured by note, each ring of reach drawn faintly, and each
 * mark drawn its own way (SPEC 4.4): a bell glyph on a heavy bell; a stone
 * with echo waves on an echo stone; a horn's cone (a wedge out to its
 * doubled reach) with its mouth on the dot instead of a full ring; a link
 * between duet partners; a drifter's step arrow and its next position; the
 * home note with a gold ring; a round bell's order number. When a solution
 * is given, its taps are numbered in order on badges beside the tapped dots.
 * Field units map one to one to SVG user units; a title goes in a 32-unit
 * band above the field (y from −32 to 0).
 */
export function renderCarillonSvg(body: CarillonBody, physics: CarillonPhysics, options: RenderOptions = {}): string {
  const { width, height } = body;
  const out: string[] = [];
  // A title sits in a band above the field (negative y), so it never covers a dot.
  const band = options.title ? TITLE_BAND : 0;
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height + band}" viewBox="0 ${-band} ${width} ${height + band}" font-family="sans-serif">`);
  if (body.dots.some((d) => d.mark?.kind === "drifter")) {
    out.push(
      `<defs><marker id="drift-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">` +
        `<path d="M 0 0 L 10 5 L 0 10 z" fill="#333"/></marker></defs>`,
    );
  }
  out.push(`<rect width="${width}" height="${height}" fill="#fbf8f1"/>`);
  if (options.title) out.push(`<title>${escapeXml(options.title)}</title>`);
  out.push(`<g fill="none" stroke-width="1.5" stroke-opacity="0.22" stroke-dasharray="4 6">`);
  body.dots.forEach((d) => {
    if (d.mark?.kind === "horn") return;
    out.push(`<circle cx="${n(d.x)}" cy="${n(d.y)}" r="${n(physics.sizes[d.size].reach)}" stroke="${NOTE_COLOURS[d.note]}"/>`);
  });
  out.push(`</g>`);
  body.dots.forEach((d) => {
    if (d.mark?.kind === "horn") out.push(hornCone(d, d.mark.facing, physics));
  });
  body.dots.forEach((d, i) => {
    const m = d.mark;
    if (m?.kind === "duet" && m.partner > i && body.dots[m.partner]) {
      const p = body.dots[m.partner];
      out.push(`<line class="duet-link" x1="${n(d.x)}" y1="${n(d.y)}" x2="${n(p.x)}" y2="${n(p.y)}" stroke="#c2185b" stroke-width="2.5" stroke-dasharray="8 4" stroke-opacity="0.8"/>`);
    }
    if (m?.kind === "drifter") {
      const [dx, dy] = m.step;
      const r = physics.sizes[d.size].radius;
      out.push(`<circle class="drifter-next" cx="${n(d.x + dx)}" cy="${n(d.y + dy)}" r="${n(r)}" fill="none" stroke="#333" stroke-opacity="0.45" stroke-dasharray="3 3"/>`);
      out.push(`<line class="drift-step" x1="${n(d.x)}" y1="${n(d.y)}" x2="${n(d.x + dx)}" y2="${n(d.y + dy)}" stroke="#333" stroke-width="2" marker-end="url(#drift-arrow)"/>`);
    }
  });
  body.dots.forEach((d, i) => {
    const r = physics.sizes[d.size].radius;
    const label = d.mark ? `, ${d.mark.kind}` : "";
    out.push(`<circle cx="${n(d.x)}" cy="${n(d.y)}" r="${n(r)}" fill="${NOTE_COLOURS[d.note]}" stroke="#333" stroke-width="1.5"><title>dot ${i} (${d.size}, note ${d.note}${label})</title></circle>`);
    const glyph = markGlyph(d, r);
    if (glyph) out.push(glyph);
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
    out.push(`<rect y="${-band}" width="${width}" height="${band}" fill="#efe9dc"/>`);
    out.push(`<text x="12" y="${-band / 2 + 6}" font-size="18" fill="#333">${escapeXml(options.title)}</text>`);
  }
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}
