import { escapeHtml } from "../html-escape.ts";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** `bytes` in base64 (RFC 4648, with padding); in plain code, so the same in Node and in the editor's page. */
function base64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    out += BASE64[a >> 2] + BASE64[((a & 3) << 4) | (b >> 4)];
    out += i + 1 < bytes.length ? BASE64[((b & 15) << 2) | (c >> 6)] : "=";
    out += i + 2 < bytes.length ? BASE64[c & 63] : "=";
  }
  return out;
}

/**
 * A level picture's SVG as a `data:image/svg+xml;base64,` URI (SPEC 10: a
 * picture is an image, never a document). Shown through `<img>`, an SVG runs
 * no script (no `<script>`, no `onload`, no `javascript:` link), loads nothing
 * (no external `<image>`, CSS `@import` or `url()`, no `<iframe>`; a
 * `<foreignObject>` is drawn, inert) and cannot reach the page's markup — what
 * an outside game's program draws is kept away from the page by the browser
 * itself, not by a filter. Base64 rather than percent-encoding: the two weigh
 * the same on the built-in games' reports (a page about 11% heavier than with
 * inline SVG), and base64 needs no rule on which characters a URI may carry.
 *
 * @param svg the SVG text, as the game draws it.
 */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${base64(new TextEncoder().encode(svg))}`;
}

/** A length attribute of the SVG's root element when it is a plain number of pixels (for the image's box before it is decoded), else null. */
function rootLength(svg: string, name: "width" | "height"): number | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? "";
  const m = new RegExp(`\\s${name}\\s*=\\s*["']\\s*(\\d+(?:\\.\\d+)?)\\s*(?:px)?\\s*["']`).exec(root);
  const v = m ? Number(m[1]) : NaN;
  return v > 0 && v <= 100_000 ? v : null;
}

/**
 * A level picture as the page shows it: `<img src="data:image/svg+xml;base64,…">`
 * ({@link svgDataUri}), with the SVG's own width and height (when they are plain
 * numbers) so the page lays it out before it is decoded, and `alt` text.
 *
 * @param svg the SVG text, as the game draws it.
 * @param alt what the picture shows, in words (e.g. `level 12`).
 */
export function pictureImage(svg: string, alt: string): string {
  const w = rootLength(svg, "width");
  const h = rootLength(svg, "height");
  const size = w !== null && h !== null ? ` width="${w}" height="${h}"` : "";
  return `<img src="${svgDataUri(svg)}"${size} alt="${escapeHtml(alt)}" decoding="async">`;
}
