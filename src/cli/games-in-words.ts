import { BUILT_IN_GAMES } from "../game/registry.ts";

/**
 * The built-in games (the registry's one list, loading none of them) in
 * words for help texts, capitalised, in the list's order: `Carillon and
 * Apsis`, `Carillon, Apsis and Hops`.
 */
export function gamesInWords(): string {
  const names = Object.keys(BUILT_IN_GAMES).map((g) => g.charAt(0).toUpperCase() + g.slice(1));
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Each built-in game's body format for `levelramp schema`: `carillon-body, apsis-body`. */
export function bodyFormatsInWords(): string {
  return Object.keys(BUILT_IN_GAMES).map((g) => `${g}-body`).join(", ");
}
