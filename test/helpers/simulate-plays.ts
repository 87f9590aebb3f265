import type { Plays } from "../../src/calibrate/plays.ts";
import { createRng, type Rng } from "../../src/random/index.ts";

/**
 * Known parameters of simulated play data (SPEC 11). Pass probability:
 * per level σ(a − b·m + u_l − shift_l); per player σ(θ_j − (a + b·m) + u_l − shift_l)
 * — note `a` means ease in the per-level model and difficulty in the Rasch
 * model, as in SPEC 11. u_l ~ N(0, tau²) is extra level-to-level variation
 * (overdispersion), `outliers` planted levels whose difficulty is off by `shift`.
 */
export interface SimulationTruth {
  model: "levels" | "rasch";
  a: number;
  b: number;
  /** Player spread (Rasch). */
  sigma?: number;
  /** Level-to-level logit noise the measure does not explain (default 0). */
  tau?: number;
  /** Levels (0-based) made harder (+shift) or easier (−shift) in logits. */
  outliers?: Array<{ level: number; shift: number }>;
  /** Per level (0-based), a fixed logit offset the metric does not explain (+ harder): e.g. a trend in level number beside a random metric. */
  offsets?: number[];
}

/** What to simulate: metrics of the levels, and how much play. */
export interface SimulationDesign {
  seed: string;
  /** The metric of each level, in level order (levels numbered 1..L). */
  metrics: number[];
  /** Per-level model: attempts of level l (default 200). */
  attempts?: (level: number) => number;
  /** Rasch: number of players (default 300). */
  players?: number;
  /** Rasch: failures in a row after which a player quits (default 4), or a draw per player. */
  patience?: number | ((rng: Rng) => number);
  /** Rasch: chance a player stops after passing a level (default 0.03). */
  churn?: number;
}

/** Standard normal draw (Box–Muller). */
function normal(rng: Rng): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** Binomial draw by counting Bernoulli trials (fine for test sizes). */
function binomial(rng: Rng, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (rng() < p) k++;
  return k;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Plays simulated from known parameters: per level (binomial attempts per
 * level), or per player with survivorship — each player starts at level 1,
 * tries each level until a win or `patience` losses in a row (then quits),
 * and may stop after any win (`churn`), so the strong players are the ones
 * who reach the late levels.
 */
export function simulatePlays(truth: SimulationTruth, design: SimulationDesign): Plays {
  const rng = createRng(design.seed);
  const L = design.metrics.length;
  const levels = design.metrics.map((metric, i) => ({ number: i + 1, id: `lvl-${String(i + 1).padStart(3, "0")}`, metric }));
  const shift = new Float64Array(L);
  for (const o of truth.outliers ?? []) shift[o.level] += o.shift;
  truth.offsets?.forEach((o, l) => (shift[l] += o));
  const u = Float64Array.from(levels, () => (truth.tau ? truth.tau * normal(rng) : 0));
  if (truth.model === "levels") {
    const rows = levels.map((l, i) => {
      const n = design.attempts?.(i) ?? 200;
      const p = sigmoid(truth.a - truth.b * l.metric + u[i] - shift[i]);
      return { level: i, player: -1, attempts: n, wins: binomial(rng, n, p), line: 0 };
    });
    return { kind: "levels", metric: "m", levels, rows: rows.filter((r) => r.attempts > 0), players: [] };
  }
  const players: string[] = [];
  const rows: Plays["rows"] = [];
  const churn = design.churn ?? 0.03;
  for (let j = 0; j < (design.players ?? 300); j++) {
    const theta = (truth.sigma ?? 1) * normal(rng);
    const patience = typeof design.patience === "function" ? design.patience(rng) : (design.patience ?? 4);
    players.push(`p${j}`);
    for (let i = 0; i < L; i++) {
      const p = sigmoid(theta - (truth.a + truth.b * levels[i].metric) + u[i] - shift[i]);
      let attempts = 0;
      let won = false;
      while (attempts < patience && !won) {
        attempts++;
        won = rng() < p;
      }
      rows.push({ level: i, player: j, attempts, wins: won ? 1 : 0, line: 0 });
      if (!won || rng() < churn) break;
    }
  }
  return { kind: "rasch", metric: "m", levels, rows, players };
}

/** The plays as CSV text (`player,level,attempts,wins` or `level,attempts,wins`), levels by number. */
export function playsCsv(plays: Plays): string {
  const head = plays.kind === "rasch" ? "player,level,attempts,wins" : "level,attempts,wins";
  const lines = plays.rows.map((r) => {
    const level = plays.levels[r.level].number;
    return plays.kind === "rasch" ? `${plays.players[r.player]},${level},${r.attempts},${r.wins}` : `${level},${r.attempts},${r.wins}`;
  });
  return [head, ...lines].join("\n") + "\n";
}
