import type { Calibration } from "../io/schemas/calibration.ts";
import { oneLine } from "../io/hostile/terminal-text.ts";

/** The library's words for {@link calibrationText}'s `names` (selectLevels' options). */
export const CALIBRATION_TEXT_NAMES = {
  /** A selection that turns a player ramp through this calibration. */
  selectCalibration: "a selection through it",
  /** Selecting with a weak calibration anyway. */
  force: "force: true",
};

/**
 * A calibration in words for the terminal (SPEC 11; `calibrate` prints it on
 * stderr, `report --calibration` after its table): the model and its
 * parameters with 95% intervals (and, plainly, when b's interval includes 0
 * or points the wrong way), the held-out fit against the baseline without
 * the metric with the gain's interval (and, plainly, when it does not show
 * the metric predicts better than a constant), the level spread τ, and the
 * outliers — level, id,
 * attempts, observed and predicted pass rate, z (+ easier than the measure
 * says, − harder) — at most `maxOutliers` of them, largest |z| first.
 *
 * @param names how the caller names, in the text, a selection through the
 *   calibration and the option that selects anyway (default
 *   {@link CALIBRATION_TEXT_NAMES}, the library's words; the CLI passes
 *   `select --calibration` and `--force`).
 */
export function calibrationText(cal: Calibration, maxOutliers = 20, names: Partial<typeof CALIBRATION_TEXT_NAMES> = {}): string {
  const said = { ...CALIBRATION_TEXT_NAMES, ...names };
  const f = (x: number, d = 3) => x.toFixed(d);
  const est = (e: { value: number; low: number; high: number }, d = 3) => `${f(e.value, d)} [${f(e.low, d)}, ${f(e.high, d)}]`;
  const { a, b, sigma, tau } = cal.params;
  const lines: string[] = [];
  const curve = cal.model === "rasch" ? `Rasch: pass = σ(θ − (a + b·${cal.metric})), θ ~ N(0, σ²)` : `per level: pass = σ(a − b·${cal.metric})`;
  lines.push(`calibration of "${cal.metric}" — ${curve}, ${cal.levels.length} levels`);
  lines.push(`  a ${est(a)}   b ${est(b)}${sigma ? `   σ ${est(sigma)}` : ""}   level spread τ ${tau ? est(tau) : f(cal.levelSpread)}   (95% intervals)`);
  if (b.high < 0) lines.push(`  b points the wrong way: levels with more "${cal.metric}" are passed more often (${said.selectCalibration} refuses it)`);
  else if (b.low <= 0) lines.push(`  b's interval includes 0: the plays do not show that "${cal.metric}" makes levels harder (${said.selectCalibration} refuses it without ${said.force})`);
  if (cal.fit) {
    const gain = cal.fit.gain;
    const better = gain ? gain.low > 0 : cal.fit.logLoss < cal.fit.baselineLogLoss;
    lines.push(
      `  held-out fit: log loss ${f(cal.fit.logLoss, 4)} vs ${f(cal.fit.baselineLogLoss, 4)} without the metric, Brier ${f(cal.fit.brier, 4)} vs ${f(cal.fit.baselineBrier, 4)}` +
        (gain ? `; gain ${est(gain, 4)} nats per attempt` : "") +
        (better ? "" : " — the metric does not predict pass rates better than a constant"),
    );
  } else lines.push("  held-out fit: not computed (a fold could not be fitted: too few levels)");
  if (cal.outliers.length === 0) lines.push("  outliers: none (after correcting for testing every level)");
  else {
    lines.push(`  outliers: ${cal.outliers.length} level(s) disagree with the measure beyond chance (5% false discovery rate)`);
    lines.push("    level  id                          attempts  observed  predicted       z");
    const shown = [...cal.outliers].sort((x, y) => Math.abs(y.z) - Math.abs(x.z) || x.level - y.level).slice(0, maxOutliers);
    for (const o of shown) {
      lines.push(`    ${String(o.level).padStart(5)}  ${oneLine(o.id).padEnd(26).slice(0, 26)}  ${String(o.attempts).padStart(8)}  ${f(o.observed).padStart(8)}  ${f(o.predicted).padStart(9)}  ${(o.z >= 0 ? "+" : "") + f(o.z, 2)}`.replace(/\s+$/, ""));
    }
    if (cal.outliers.length > shown.length) lines.push(`    ... and ${cal.outliers.length - shown.length} more (see the calibration file)`);
  }
  // Each line is one line: a metric name or an id from a file cannot start another (oneLine).
  return lines.map(oneLine).join("\n") + "\n";
}
