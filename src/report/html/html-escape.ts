/**
 * Escapes text for HTML element content and double-quoted attribute values
 * (`&`, `<`, `>`, `"`, `'`).
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * JSON for a `<script type="application/json">` block: `JSON.stringify` with
 * `<`, `>`, `&`, U+2028 and U+2029 written as `\uXXXX` escapes, so no string
 * in the data can close the script element; `JSON.parse` of the block's text
 * gives the value back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * A metric value for display: at most `digits` decimals (default 3), trailing
 * zeros dropped (`5.4`, `12`, `0.125`); `-0` shows as `0`.
 */
export function formatNumber(value: number, digits = 3): string {
  const s = Number(value.toFixed(digits)).toString();
  return s === "-0" ? "0" : s;
}

/** A signed deviation for display: `+0.25`, `-1.2`, `0`. */
export function formatSigned(value: number, digits = 3): string {
  const s = formatNumber(value, digits);
  return s.startsWith("-") || s === "0" ? s : `+${s}`;
}
