/**
 * Text made safe for a terminal (SPEC 2 hostile input): ids, metric names,
 * file names and messages come from files a user did not write, and a
 * control character in them would act on the terminal instead of being shown
 * (`ESC [2J` clears the screen, `ESC ]` sets the window title or a link, a
 * bidi override reorders what is read). Every control character is shown as
 * a `\u` escape instead — `\u001B`, `\u009B`, `\u202E` — except a line break
 * and a tab (the layout of levelramp's own text); with `colour`, the colour
 * sequences levelramp's own tables use (SGR: `ESC [` digits and `;` then `m`)
 * pass too, and nothing else does. Text with no control character comes back
 * as it is (the same string), so calling it twice changes nothing. Inside a
 * JSON string (`--json` output) the escape means the very same character, so
 * JSON stays JSON with the same values.
 *
 * Escaped: C0 controls but `\n` and `\t`, DEL, C1 controls (U+0080–U+009F),
 * the line and paragraph separators U+2028/U+2029 and the bidi controls
 * U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069.
 *
 * @param text what is about to be written to stdout or stderr.
 * @param colour let SGR colour sequences through (a colour terminal).
 */
export function terminalText(text: string, colour = false): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(colour ? WITH_SGR : ALL, (m) => (m.length > 1 ? m : escapeChar(m)));
}

const CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const ALL = new RegExp(CONTROL.source, "g");
const WITH_SGR = new RegExp(`\\x1B\\[[0-9;]*m|${CONTROL.source}`, "g");

/** One character as the escape a reader sees (and JSON reads back as the same character): `\u001B`. */
function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/g;

/**
 * Text from a file made one line (SPEC 2 hostile input): a line break in an
 * id, a CSV cell or a program's words is shown as its escape (`\u000A`,
 * `\u000D`, also U+0085, U+2028, U+2029) instead of starting a line, so a
 * value can never print a line of its own (`levelramp: calibrate: all good`
 * cannot be forged). Use it on every piece of outside text a message, a note
 * or a listing embeds; {@link terminalText} (applied once to all output)
 * then escapes the other control characters. Text with no line break comes
 * back as it is.
 *
 * @param text a piece of text that must stay on its line.
 */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAK, escapeChar);
}
