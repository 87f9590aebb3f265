import { z } from "zod";
import { boundedInt, boundedNumber, derivedNumber } from "./bounded-number.ts";

const estimate = z.strictObject({ value: derivedNumber(), low: derivedNumber(), high: derivedNumber() }).describe("estimate and its 95% interval");

/**
 * The calibration file `levelramp/calibration@1` (SPEC 11, a SPEC 3 format: `levelramp
 * schema calibration`), as `levelramp
 * calibrate` writes it: the fitted parameters with 95% intervals, the fit on
 * held-out folds against the constant baseline, reliability bins and the
 * outliers — plus, beyond SPEC 11's list, two fields (docs/calibrate.md, "The
 * file"): `levelSpread` (τ, without which z and the intervals cannot be read:
 * they are scaled by √(1 + I·τ²)) and `levels` (every played level's observed
 * and predicted pass rate, z and flag, which `report --calibration`'s
 * observed-vs-predicted plot and per-level table read — SPEC 11's `outliers`
 * hold only the flagged levels).
 */
export const calibrationSchema = z.strictObject({
  format: z.literal("levelramp/calibration@1"),
  metric: z.string().min(1).describe("the metric m the fit is about"),
  model: z.enum(["levels", "rasch"]).describe("levels: pass = σ(a − b·m); rasch: pass = σ(θ − (a + b·m)), θ ~ N(0, σ²)"),
  params: z.strictObject({
    a: estimate,
    b: estimate.describe("the drop in logit per unit of the metric (both models)"),
    sigma: estimate.optional().describe("the players' spread σ in logits (rasch)"),
    tau: estimate
      .optional()
      .describe("beyond SPEC 11: the level spread τ in logits (each level's difficulty is off the curve by u ~ N(0, τ²)), its 95% profile-likelihood interval; the same value as levelSpread"),
  }),
  fit: z
    .strictObject({
      logLoss: derivedNumber().describe("held-out log loss, nats per attempt"),
      brier: derivedNumber().describe("held-out Brier score per attempt"),
      baselineLogLoss: derivedNumber().describe("the same for the model without the metric (b = 0)"),
      baselineBrier: derivedNumber(),
      gain: estimate
        .optional()
        .describe("baselineLogLoss − logLoss (nats per attempt; + the metric predicts better) with its 95% interval, paired over the held-out levels: an interval reaching 0 is no evidence the metric beats a constant"),
    })
    .nullable()
    .describe("on held-out folds of levels; null when a fold could not be fitted (too few levels)"),
  reliability: z.array(z.strictObject({ predicted: derivedNumber(), observed: derivedNumber(), attempts: boundedInt().min(0) })).describe("held-out predictions in bins of 0.1"),
  outliers: z.array(
    z.strictObject({
      level: boundedInt().min(1),
      id: z.string(),
      attempts: boundedInt().min(0),
      wins: boundedInt().min(0),
      observed: derivedNumber(),
      predicted: derivedNumber(),
      z: derivedNumber().describe("+: easier than the measure says; −: harder"),
    }),
  ),
  levelsDigest: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: "expected 64 lowercase hex digits (a SHA-256)" })
    .optional()
    .describe("beyond SPEC 11: the SHA-256 of the calibrated levels' `number<TAB>id` lines in level order — report --calibration holds a file with the same digest to every level's number and id, and shows another order of levels the curve only"),
  outlierThreshold: derivedNumber()
    .min(0)
    .optional()
    .describe("beyond SPEC 11: the |z| at which a level is flagged (Benjamini–Hochberg's threshold at 5% over the played levels); a level's band (low, high) holds its predicted pass rate exactly when |z| is below it"),
  levelSpread: derivedNumber()
    .min(0)
    .describe(
      "beyond SPEC 11: τ, the level-to-level logit spread the measure does not explain (REML, without the outliers), 0 when the plays vary no more than binomially; the intervals, z and the bands carry it",
    ),
  levels: z
    .array(
      z.strictObject({
        level: boundedInt().min(1).describe("the level's number in the levels file"),
        id: z.string().describe("the level's candidate id"),
        metric: boundedNumber().describe("its value of the calibrated metric"),
        attempts: boundedInt().min(0).describe("attempts in the plays (all players)"),
        wins: boundedInt().min(0).describe("wins in the plays (all players)"),
        observed: derivedNumber().describe("wins / attempts"),
        predicted: derivedNumber().describe("expected pass rate for the players who played it, by the fit without this level (rasch: each player with the ability their other plays show)"),
        passRate: derivedNumber().describe("the curve's pass rate at the level's metric (the average player for rasch)"),
        z: derivedNumber().describe("the level's outlier statistic, as in outliers (+: easier than the measure says; −: harder)"),
        outlier: z.boolean().describe("flagged: in outliers"),
        low: derivedNumber().optional().describe("the observed pass rate's band at the outlier threshold, level spread included: predicted is outside [low, high] exactly when the level is flagged"),
        high: derivedNumber().optional(),
      }),
    )
    .describe("beyond SPEC 11: every played level in level order — what report --calibration's observed-vs-predicted plot and per-level table read (outliers lists only the flagged ones)"),
});

/** A calibration file (SPEC 11). */
export type Calibration = z.infer<typeof calibrationSchema>;
