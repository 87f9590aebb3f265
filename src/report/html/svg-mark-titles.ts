/**
 * Gives every self-closing mark element of a vega SVG that carries an
 * `aria-label` (the vega-lite `description` channel) a `<title>` child with
 * the same text, so a browser shows the numbers when the pointer rests on a
 * point: `<path aria-label="level 3 ..." .../>` becomes
 * `<path aria-label="level 3 ..." ...><title>level 3 ...</title></path>`.
 * The label is already XML-escaped by vega and is reused as is.
 *
 * @param svg SVG text as written by vega's `View.toSVG`.
 */
export function svgMarkTitles(svg: string): string {
  return svg.replace(/<(path|rect|circle|line|text)(\s[^<>]*?\saria-label="([^"]*)"[^<>]*?)\/>/g, (_, tag: string, attrs: string, label: string) => {
    if (!/\srole="graphics-symbol"/.test(attrs)) return `<${tag}${attrs}/>`;
    return `<${tag}${attrs}><title>${label}</title></${tag}>`;
  });
}
