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
  return svg.replace(/<(path|rect|circle|line|text)(\s[^<>]*?)\/>/g, (whole: string, tag: string, attrs: string) => {
    const label = /\saria-label="([^"]*)"/.exec(attrs);
    if (!label || !/\srole="graphics-symbol"/.test(attrs)) return whole;
    return `<${tag}${attrs}><title>${label[1]}</title></${tag}>`;
  });
}
