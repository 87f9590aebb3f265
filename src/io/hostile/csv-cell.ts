/**
 * One CSV cell as levelramp writes it (RFC 4180, and safe for spreadsheets):
 * a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * a formula to Excel, LibreOffice and Google Sheets (CSV injection: an id
 * `=HYPERLINK(...)` would run when the file is opened), so such a text gets a
 * leading `'` (the OWASP rule) — except a plain number such as `-0.5` or
 * `+3`, which is data; then a cell holding a comma, a quote or a line break
 * is quoted, quotes doubled.
 *
 * @param value the cell: a text, a number, or null for an empty cell.
 */
export function csvCell(value: string | number | null): string {
  let s = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A plain decimal number (what a spreadsheet reads as a number, never a formula). */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
