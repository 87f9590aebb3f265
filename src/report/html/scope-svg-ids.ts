/**
 * Renames every `id` of an SVG document to `<prefix><n>` (n = 1, 2, ... in
 * order of first appearance) and rewrites the references to them
 * (`url(#id)`, `href="#id"`, `xlink:href="#id"`). Several SVG documents
 * inlined in one HTML page then never share an id (vega numbers its clip
 * paths with a process-wide counter, so two plots would both say `clip1`),
 * and the output no longer depends on how many plots were drawn before.
 *
 * @param svg an SVG document as text.
 * @param prefix id prefix, e.g. `p3-` (letters, digits, `-`, `_`).
 */
export function scopeSvgIds(svg: string, prefix: string): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g)) {
    if (!ids.has(m[1])) ids.set(m[1], `${prefix}${ids.size + 1}`);
  }
  if (ids.size === 0) return svg;
  const rename = (id: string) => ids.get(id) ?? id;
  return svg
    .replace(/(\sid=")([^"]+)"/g, (_, head: string, id: string) => `${head}${rename(id)}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${rename(id)})`)
    .replace(/(\s(?:xlink:)?href="#)([^"]+)"/g, (whole, head: string, id: string) => (ids.has(id) ? `${head}${rename(id)}"` : whole));
}
