import { createHash } from "node:crypto";

/** First 16 hex digits of the SHA-256 of a UTF-8 string: a short, stable key for a certificate or canonical form. */
export function shortHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}
