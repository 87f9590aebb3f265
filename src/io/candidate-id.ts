import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json.ts";

/**
 * Stable candidate id (SPEC 2): `<game>-c<chapter>-p<part>-<first 10 hex of
 * SHA-256 of the level body in canonical JSON>`. Regenerating the same body
 * gives the same id, so pins, conflicts, excludes and keeps survive.
 *
 * @param game `carillon`, `apsis` (or any game name).
 * @param chapter chapter number (1-based).
 * @param part part (Carillon) or tier (Apsis) number (1-based).
 * @param body the level body (SPEC 3), hashed in canonical JSON.
 */
export function candidateId(game: string, chapter: number, part: number, body: unknown): string {
  const hash = createHash("sha256").update(canonicalJson(body)).digest("hex").slice(0, 10);
  return `${game}-c${chapter}-p${part}-${hash}`;
}
