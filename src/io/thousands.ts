/**
 * A whole number with commas between groups of three digits, as
 * `n.toLocaleString("en-US")` writes it (`1000000` → `"1,000,000"`, `-1234` →
 * `"-1,234"`), without that call's cost: Node's first `toLocaleString` loads
 * ICU's locale data (about 30 ms of a cold process), and the schemas of the
 * file formats build their messages when they are imported. A number that is
 * not a safe integer (or is -0, written `-0`) goes to `toLocaleString` itself, so the text is the same
 * for every number.
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en-US");
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
