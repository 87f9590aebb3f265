// `npx tsx tools/carillon-candidates.ts --chapters 9,20 [--parts 1,4] [--candidates 3] [--plan FILE]`
//
// Generates the seeded candidates `npm run steer -- --candidates N` generates (same seeds,
// `steer/candidates/<chapter>/<part>/<i>`, aimed at the part's ramp targets, 3 attempts each) and prints,
// per part, the CPU seconds per candidate (user + system), a hash of the candidates (body, solution,
// metrics, rules: JSON) and the generator's statistics. A change meant as pure speed leaves every hash
// as it was (docs/carillon.md, "Profiles of the rule chapters"). `--plan` reads another plan.json.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { carillonBackend } from "../src/carillon/carillon-backend.ts";
import { carillonGeneratorSettingsSchema } from "../src/carillon/model/generator-settings.ts";
import { loadGame } from "../src/game/registry/load-game.ts";
import { planSchema } from "../src/io/schemas/plan.ts";
import { rampSchema } from "../src/io/schemas/ramp.ts";
import { planParts } from "../src/pipeline/inputs/plan-parts.ts";
import { createRng } from "../src/random/index.ts";
import { rampTarget } from "../src/select/ramp/ramp-target.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
await loadGame("carillon"); // a Carillon plan parses once the registry has loaded the game
const plan = planSchema.parse(JSON.parse(readFileSync(opt("plan", join(root, "models/carillon/plan.json")), "utf8")));
const ramp = rampSchema.parse(JSON.parse(readFileSync(join(root, "models/carillon/ramp.json"), "utf8")));
const chapters = opt("chapters", "9,20").split(",").map(Number);
const wanted = opt("parts", "1").split(",").map(Number);
const n = Number(opt("candidates", "3"));
const parts = planParts(plan, carillonBackend, chapters, rampTarget(ramp), { composed: plan.composed ?? 0, poolPerLevel: 4 }).filter(
  (p) => p.rules.length > 0 && wanted.includes(p.part),
);
for (const part of parts) {
  const settings = carillonGeneratorSettingsSchema.parse(part.settings);
  const hash = createHash("sha256");
  const stats: Record<string, number> = {};
  const bits: string[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const level = part.grow[i % part.grow.length];
    const rng = createRng(`steer/candidates/${part.chapter}/${part.part}/${i}`);
    let got = null;
    for (let a = 0; a < 3 && !got; a++) got = carillonBackend.generate({ level: level.number, chapter: part.chapter, part: part.part, settings, rules: part.rules, rng, stats, target: level.target });
    hash.update(JSON.stringify(got ?? null));
    bits.push(got ? got.metrics.bits.toFixed(2) : "failed");
  }
  const used = process.cpuUsage(cpu);
  const reasons = Object.entries(stats).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}=${v}`).join(" ");
  process.stdout.write(`chapter ${part.chapter} part ${part.part}: ${n} candidates, ${((used.user + used.system) / 1e6 / n).toFixed(2)} s CPU each, hash ${hash.digest("hex").slice(0, 16)}, bits ${bits.join(", ")}\n  ${reasons}\n`);
}
