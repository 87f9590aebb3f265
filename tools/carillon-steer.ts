// `npm run steer -- [--chapters 5-20] [--parts 1,4] [--fields 8] [--dressings 6] [--write | --set JSON] [--candidates N [--offset BITS]]`
//
// Calibrates and checks the Carillon plan's steering (docs/carillon.md "Steering"): for each part of
// the chapters with rules, grows seeded fields at both ends of the part's `dots` range, proves them and
// measures their bits (built-in bells marked, no dressing), fits bits against dots, dresses some of them
// as the generator would (nearest the part's middle target) and takes the median of what dressing adds.
// It prints a table (what the part's settings reach against its ramp targets, and what to change where
// they fall short), updates its rows in bench/results/carillon-steer.json, and with --write stores each part's
// `generator.steer` = {plainBits: [at low, at high], dressBits} in models/carillon/plan.json.
// Everything is seeded (`steer/<chapter>/<part>/...`): the same plan gives the same calibration.
//
// `--candidates N` checks instead of calibrating: it generates N candidates per part as a build's first
// round would (aimed at the part's ramp targets, plus `--offset` bits, 3 attempts each) and prints how
// they land: quantiles of (bits − aim), the share within [aim − 0.1, aim + 0.3] (what a chain on the ramp
// can use), failures and CPU seconds per candidate. `--set` applies here too. Nothing is written.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bestDressing } from "../src/carillon/generate/dress/best-dressing.ts";
import type { MarkKind } from "../src/carillon/level/compile-field.ts";
import { growField } from "../src/carillon/generate/grow/grow-field.ts";
import { STEER_BELOW_WEIGHT } from "../src/carillon/generate/grow/dot-steer.ts";
import { carillonGeneratorSettingsSchema } from "../src/carillon/model/generator-settings.ts";
import { loadCarillonModels } from "../src/carillon/model/load-models.ts";
import { proveGrown } from "../src/carillon/generate/prove-grown.ts";
import { carillonBackend } from "../src/carillon/carillon-backend.ts";
import { loadGame } from "../src/game/registry/load-game.ts";
import { planSchema } from "../src/io/schemas/plan.ts";
import { rampSchema } from "../src/io/schemas/ramp.ts";
import { planParts } from "../src/pipeline/inputs/plan-parts.ts";
import { createRng, randomInt } from "../src/random/index.ts";
import { rampTarget } from "../src/select/ramp/ramp-target.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const planFile = join(root, "models/carillon/plan.json");
const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const [fromCh, toCh] = opt("chapters", "5-20").split("-").map(Number);
const fieldsPerEnd = Number(opt("fields", "8"));
const dressings = Number(opt("dressings", "6"));
const write = args.includes("--write");
// Exploring: --set '{"roots":[9,9],...}' replaces settings of every measured part (never written).
const override = JSON.parse(opt("set", "{}")) as Record<string, unknown>;
if (write && Object.keys(override).length > 0) {
  process.stderr.write("steer: --set is for exploring and cannot be combined with --write\n");
  process.exit(2);
}

await loadGame("carillon"); // a Carillon plan parses once the registry has loaded the game
const plan = planSchema.parse(JSON.parse(readFileSync(planFile, "utf8")));
const ramp = rampSchema.parse(JSON.parse(readFileSync(join(root, "models/carillon/ramp.json"), "utf8")));
const models = loadCarillonModels();
const chapters = plan.chapters.map((c) => c.chapter).filter((c) => c >= fromCh && c <= (toCh ?? fromCh));
const parts = planParts(plan, carillonBackend, chapters, rampTarget(ramp), { composed: plan.composed ?? 0, poolPerLevel: 4 }).filter((p) => p.rules.length > 0)
  .filter((p) => !args.includes("--parts") || opt("parts", "").split(",").map(Number).includes(p.part));

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const r2 = (v: number): number => Math.round(v * 100) / 100;

interface PartResult {
  chapter: number;
  part: number;
  rules: string[];
  dots: [number, number];
  targets: [number, number];
  grown: { attempts: number; fields: number; msPerAttempt: number };
  plainBits: [number, number];
  dressBits: number;
  dressed: { tried: number; passed: number; msPerField: number };
  reach: [number, number];
  verdict: string;
}

/** What a part's reach says against its targets: "ok" or what to change. */
function verdictOf(reach: [number, number], targets: [number, number], passed: number): string {
  const short: string[] = [];
  if (passed === 0) short.push("no dressing passed: check marks and goal window");
  if (reach[1] < targets[1] + 0.5) short.push(`tops out ${r2(targets[1] + 0.5 - reach[1])} bits short: more dots, roots or thinStartTouches 1`);
  if (reach[0] > targets[0]) short.push(`starts ${r2(reach[0] - targets[0])} bits high: fewer dots`);
  return short.length === 0 ? "ok" : short.join("; ");
}

/** What dressing added to each measured field of a part (pooled per chapter below; not written). */
const offsetsOf = new Map<PartResult, number[]>();

const candidatesPerPart = Number(opt("candidates", "0"));
if (candidatesPerPart > 0) {
  checkCandidates(candidatesPerPart, Number(opt("offset", "0")));
  process.exit(0);
}

/** `--candidates`: how a build's first-round candidates land against their aims, part by part. */
function checkCandidates(n: number, offset: number): void {
  process.stdout.write("| chapter | part | aims | bits − aim q10 / q50 / q90 | mean \\|dev\\| | within −0.1…+0.3 | failed | CPU s / candidate |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (const part of parts) {
    const settings = carillonGeneratorSettingsSchema.parse({ ...part.settings, ...override });
    const devs: number[] = [];
    let failed = 0;
    const cpu = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const level = part.grow[i % part.grow.length];
      const aim = level.target + offset;
      const rng = createRng(`steer/candidates/${part.chapter}/${part.part}/${i}`);
      const stats: Record<string, number> = {};
      let got = null;
      for (let a = 0; a < 3 && !got; a++) got = carillonBackend.generate({ level: level.number, chapter: part.chapter, part: part.part, settings, rules: part.rules, rng, stats, target: aim });
      if (got) devs.push(got.metrics.bits - aim);
      else failed++;
    }
    const used = process.cpuUsage(cpu);
    const sorted = [...devs].sort((a, b) => a - b);
    const q = (f: number) => (sorted.length ? r2(sorted[Math.floor(f * (sorted.length - 1))]).toFixed(2) : "—");
    const within = devs.filter((d) => d >= -0.1 && d <= 0.3).length;
    const meanAbs = devs.length ? devs.reduce((a, d) => a + Math.abs(d), 0) / devs.length : NaN;
    const aims = `${r2(part.grow[0].target + offset)}–${r2(part.grow[part.grow.length - 1].target + offset)}`;
    process.stdout.write(`| ${part.chapter} | ${part.part} | ${aims} | ${q(0.1)} / ${q(0.5)} / ${q(0.9)} | ${meanAbs.toFixed(2)} | ${within}/${n} | ${failed} | ${((used.user + used.system) / 1e6 / n).toFixed(2)} |\n`);
  }
}

const results: PartResult[] = [];
for (const part of parts) {
  const settings = carillonGeneratorSettingsSchema.parse({ ...part.settings, ...override });
  const level = part.grow[0];
  const [lo, hi] = settings.dots;
  const bellRange = settings.bells ?? models.generator.dressing.builtInBells;
  const samples: Array<{ dots: number; bits: number; grown: NonNullable<ReturnType<typeof growField>> }> = [];
  let attempts = 0;
  const t0 = performance.now();
  // Grown fields at both ends of the dot range (the high end may stop early where the room runs out).
  for (const end of [lo, hi]) {
    let got = 0;
    for (let i = 0; got < fieldsPerEnd && i < fieldsPerEnd * 40; i++) {
      attempts++;
      const rng = createRng(`steer/${part.chapter}/${part.part}/${end}/${i}`);
      const stats: Record<string, number> = {};
      const bells = part.rules.includes("bell") ? randomInt(rng, bellRange[0], bellRange[1]) : 0;
      const grown = growField({ level: level.number, chapter: part.chapter, settings: { ...settings, dots: [end, end] }, rng, stats, models, bells, minDots: lo });
      if (!grown) continue;
      const bits = proveGrown(grown, models, stats, true);
      if (bits === null || !Number.isFinite(bits)) continue;
      samples.push({ dots: grown.body.dots.length, bits, grown });
      got++;
    }
  }
  const msPerAttempt = (performance.now() - t0) / Math.max(1, attempts);
  // Least squares bits ~ dots; the calibration is the fit at both ends.
  const n = samples.length;
  const mx = samples.reduce((a, s) => a + s.dots, 0) / n;
  const my = samples.reduce((a, s) => a + s.bits, 0) / n;
  const sxx = samples.reduce((a, s) => a + (s.dots - mx) ** 2, 0);
  const sxy = samples.reduce((a, s) => a + (s.dots - mx) * (s.bits - my), 0);
  const slope = sxx > 0 ? Math.max(0, sxy / sxx) : 0;
  const plainBits: [number, number] = [r2(my + slope * (lo - mx)), r2(my + slope * (hi - mx))];
  // What dressing adds, dressed as the generator does (nearest the part's middle target).
  const middle = part.grow[Math.floor(part.grow.length / 2)].target;
  const counts = { ...models.generator.dressing.marks, ...(settings.marks ?? {}) };
  const offsets: number[] = [];
  const goalsSeen: number[] = [];
  const t1 = performance.now();
  let tried = 0;
  for (let k = 0; k < samples.length && tried < dressings * 3 && offsets.length < dressings; k++) {
    // alternate low and high ends
    const s = samples[k % 2 === 0 ? k / 2 : samples.length - 1 - (k - 1) / 2];
    tried++;
    const stats: Record<string, number> = {};
    const goals = {
      min: Math.max(s.grown.milestones.minGoal, settings.goal?.[0] ?? 0),
      max: Math.min(s.grown.roots.length + models.generator.dressing.maxExtraTaps, settings.goal?.[1] ?? Infinity),
    };
    const chosen = bestDressing({
      grown: s.grown,
      rules: part.rules as MarkKind[],
      counts,
      driftStep: settings.driftStep,
      goals,
      target: middle,
      below: STEER_BELOW_WEIGHT,
      rng: createRng(`steer/${part.chapter}/${part.part}/dress/${k}`),
      models,
      stats,
    });
    if (chosen) {
      offsets.push(chosen.measure.bits - s.bits);
      goalsSeen.push(chosen.measure.goal);
    }
  }
  const msPerField = (performance.now() - t1) / Math.max(1, tried);
  const dressBits = offsets.length > 0 ? r2(median(offsets)) : 0;
  const reach: [number, number] = [r2(plainBits[0] + dressBits), r2(plainBits[1] + dressBits)];
  const targets: [number, number] = [r2(part.grow[0].target), r2(part.grow[part.grow.length - 1].target)];
  const verdict = verdictOf(reach, targets, offsets.length);
  const result: PartResult = {
    chapter: part.chapter,
    part: part.part,
    rules: part.rules,
    dots: [lo, hi],
    targets,
    grown: { attempts, fields: n, msPerAttempt: Math.round(msPerAttempt) },
    plainBits,
    dressBits,
    dressed: { tried, passed: offsets.length, msPerField: Math.round(msPerField) },
    reach,
    verdict,
  };
  results.push(result);
  offsetsOf.set(result, offsets);
  process.stdout.write(
    `| ${part.chapter} | ${part.part} | ${part.rules.join(" + ")} | ${lo}–${hi} | ${targets[0]}–${targets[1]} | ${plainBits[0]}–${plainBits[1]} | ${dressBits >= 0 ? "+" : ""}${dressBits} | ${reach[0]}–${reach[1]} | ${n}/${attempts} | ${offsets.length}/${tried} | ${[...new Set(goalsSeen)].sort().join(",")} | ${verdict} |\n`,
  );
}

// What dressing adds depends on the chapter's rules and marks, not on a part's targets (they differ by under a
// bit), and a part alone often has only 2-3 passing dressings (drifters): every part of a chapter measured in
// this run takes the median of the whole chapter's dressings.
for (const ch of new Set(results.map((r) => r.chapter))) {
  const rows = results.filter((r) => r.chapter === ch);
  const pooled = rows.flatMap((r) => offsetsOf.get(r) ?? []);
  if (rows.length < 2 || pooled.length === 0) continue;
  const dressBits = r2(median(pooled));
  for (const r of rows) {
    r.dressBits = dressBits;
    r.reach = [r2(r.plainBits[0] + dressBits), r2(r.plainBits[1] + dressBits)];
    r.verdict = verdictOf(r.reach, r.targets, pooled.length);
    process.stdout.write(`chapter ${ch} part ${r.part}: reach ${r.reach[0]}–${r.reach[1]}: ${r.verdict}\n`);
  }
  process.stdout.write(`chapter ${ch}: dressBits ${dressBits} (median of ${pooled.length} dressings over ${rows.length} parts) for every part\n`);
}
mkdirSync(join(root, "bench/results"), { recursive: true });
if (Object.keys(override).length === 0) {
  // One file for the whole plan: the parts measured now replace their rows.
  const file = join(root, "bench/results/carillon-steer.json");
  let rows: PartResult[] = [];
  try {
    rows = JSON.parse(readFileSync(file, "utf8")) as PartResult[];
  } catch {
    rows = [];
  }
  const key = (r: PartResult) => r.chapter * 1000 + r.part;
  const fresh = new Set(results.map(key));
  rows = [...rows.filter((r) => !fresh.has(key(r))), ...results].sort((a, b) => key(a) - key(b));
  writeFileSync(file, JSON.stringify(rows, null, 2) + "\n");
}
if (write) {
  // Read again right before writing, so only the measured parts change.
  const raw = JSON.parse(readFileSync(planFile, "utf8"));
  for (const r of results) {
    const ch = raw.chapters.find((c: { chapter: number }) => c.chapter === r.chapter);
    const p = ch.parts.find((q: { part: number }) => q.part === r.part);
    p.generator.steer = { plainBits: r.plainBits, dressBits: r.dressBits };
  }
  writeFileSync(planFile, JSON.stringify(raw, null, 2) + "\n");
  process.stdout.write(`wrote generator.steer for ${results.length} part(s) into models/carillon/plan.json\n`);
}
