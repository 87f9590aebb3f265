// The seeded order of 61 levels in 4 chapters (16, 15, 15, 15 levels) with KGoldrunner's columns
// (gold, enemies, ladders) that select-scoped and select-limit time: its pool and its ramp on enemies.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import seedrandom from "seedrandom";

/**
 * Writes `order-61.csv` (a generic order: id,chapter,part,level,gold,enemies,ladders) and
 * `ramp-61.json` (enemies, each chapter climbing by 3 from its number) into `dir`; the same
 * seed, the same bytes.
 *
 * @returns the two files' paths.
 */
export function writeOrder61(dir: string): { order: string; ramp: string } {
  const rng = seedrandom("select-scoped-61", { state: false });
  const sizes = [16, 15, 15, 15];
  const rows: string[] = [];
  const points: Array<[number, number]> = [];
  let level = 0;
  sizes.forEach((n, ch) => {
    points.push([level + 1, ch], [level + n, ch + 3]);
    for (let k = 0; k < n; k++) {
      level++;
      const enemies = Math.min(6, Math.max(0, Math.round(ch + (k / n) * 3 + (rng() - 0.5) * 3)));
      rows.push(`o${ch + 1}-${String(k + 1).padStart(2, "0")},${ch + 1},1,${level},${Math.floor(5 + rng() * 60)},${enemies},${Math.floor(rng() * 40)}`);
    }
  });
  const order = join(dir, "order-61.csv");
  writeFileSync(order, `id,chapter,part,level,gold,enemies,ladders\n${rows.join("\n")}\n`);
  const ramp = join(dir, "ramp-61.json");
  writeFileSync(ramp, JSON.stringify({ format: "levelramp/ramp@1", metric: "enemies", points, interpolation: "linear" }));
  return { order, ramp };
}
