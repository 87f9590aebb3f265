import { InputError } from "../io/errors.ts";
import { oneLine } from "../io/hostile/terminal-text.ts";

/** The columns a plays CSV is read by (SPEC 11). */
export const PLAY_COLUMNS = ["player", "level", "attempts", "wins"] as const;
export type PlayColumn = (typeof PLAY_COLUMNS)[number];

/** The library's words for {@link playColumns}' `names`: the module its messages start with, and the option. */
export const PLAY_COLUMNS_NAMES = {
  module: "calibrate/columns",
  /** The option whose value is parsed. */
  columns: "columns",
};

/**
 * The column mapping of `calibrate --columns` (SPEC 11 "Play logs as they
 * come"): `player=player_id,attempts=num_attempts,...` — each of player,
 * level, attempts, wins named by the header cell that holds it; a column not
 * mapped is looked up by its own name. Names are trimmed; a mapping may not
 * name a column twice or give one header cell to two columns.
 *
 * @param text the option's value (undefined: no mapping).
 * @param names how the caller names things in messages (as readPlays'
 *   `names`): the module and the option (default {@link PLAY_COLUMNS_NAMES},
 *   the library's words; the CLI passes `cli/calibrate` and `--columns`).
 * @throws InputError (exit 2) for another key, an empty name, a key or a name given twice.
 */
export function playColumns(text: string | undefined, names: Partial<typeof PLAY_COLUMNS_NAMES> = {}): Record<PlayColumn, string> {
  const { module, columns } = { ...PLAY_COLUMNS_NAMES, ...names };
  const mapping: Record<PlayColumn, string> = { player: "player", level: "level", attempts: "attempts", wins: "wins" };
  if (text === undefined) return mapping;
  const seen = new Set<string>();
  const used = new Map<string, string>();
  for (const part of text.split(",")) {
    const eq = part.indexOf("=");
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    const name = eq < 0 ? "" : part.slice(eq + 1).trim();
    if (!(PLAY_COLUMNS as readonly string[]).includes(key)) {
      throw new InputError(module, `${columns}: expected column=name pairs for ${PLAY_COLUMNS.join(", ")} (e.g. player=player_id,attempts=num_attempts); got ${quoted(part.trim())}`);
    }
    if (!name) throw new InputError(module, `${columns}: expected a header name after "${key}="`);
    if (seen.has(key)) throw new InputError(module, `${columns}: "${key}" is mapped twice`);
    const other = used.get(name);
    if (other) throw new InputError(module, `${columns}: the header cell ${quoted(name)} is given to both "${other}" and "${key}"`);
    seen.add(key);
    used.set(name, key);
    mapping[key as PlayColumn] = name;
  }
  return mapping;
}

/** Outside text in a message: in quotes, its line breaks shown as escapes (`oneLine`), so a cell cannot print a line of its own. */
function quoted(text: string): string {
  return `"${oneLine(text)}"`;
}
