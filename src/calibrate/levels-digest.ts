import { createHash } from "node:crypto";

/**
 * The identity of a set of shipped levels (SPEC 11): the SHA-256 (hex) of
 * their `number<TAB>id` lines in level-number order. A calibration records
 * the one of the levels its plays are about (`levelsDigest`), so `report
 * --calibration` can tell the calibrated levels themselves — every played
 * level must then be there under its number and id — from another order of
 * levels (a later selection), which gets the curve's pass rates only.
 */
export function levelsDigest(levels: ReadonlyArray<{ number: number; id: string }>): string {
  const lines = [...levels].sort((x, y) => x.number - y.number).map((l) => `${l.number}\t${l.id}\n`);
  return createHash("sha256").update(lines.join(""), "utf8").digest("hex");
}
