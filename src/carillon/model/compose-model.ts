import { z } from "zod";

const range = z
  .tuple([z.number(), z.number()])
  .refine(([lo, hi]) => lo <= hi, { message: "expected [min, max] with min ≤ max" })
  .describe("[min, max], drawn uniformly");
const intRange = z
  .tuple([z.number().int().min(0), z.number().int().min(0)])
  .refine(([lo, hi]) => lo <= hi, { message: "expected [min, max] with min ≤ max" })
  .describe("[min, max] whole numbers, drawn uniformly");
const chance = z.number().min(0).max(1);
const degreeRange = z
  .tuple([z.number().int().min(0).max(6), z.number().int().min(0).max(6)])
  .refine(([lo, hi]) => lo <= hi, { message: "expected [lowest, highest] degree" });

/** How a chain of a figure is drawn (levels with big dots): a head ending in a big dot, a junction, a tail. */
const chainSpec = z.strictObject({
  junctionChance: chance.describe("chance the chain has a junction (a big dot whose ring reaches the next dot one way only)"),
  head: intRange.describe("dots up to and including the junction's big dot"),
  bigStartChance: chance.describe("chance the chain's first dot (the tap) is big"),
  maxDots: z.number().int().min(2).describe("dots per chain, at most"),
});

/**
 * `models/carillon/compose.json` (SPEC 4.6): how levels 1–5 are composed —
 * the beat grid and link beats, the note ranges by size, the melody's costs,
 * the score weights, the figures' parameter ranges and the number of
 * variations drawn per level.
 */
export const carillonComposeSchema = z.strictObject({
  format: z.literal("levelramp/carillon-compose@1"),
  levels: z
    .array(
      z.strictObject({
        level: z.number().int().min(1),
        figure: z.enum(["arch", "nestedArches", "splitCircle", "bell", "butterfly"]),
        everyTapWins: z.boolean().default(false).describe("every first tap must win (level 1: one tap, 0 bits)"),
      }),
    )
    .min(1)
    .describe("composed levels in order, from level 1"),
  variationsPerLevel: z.number().int().min(1).describe("variations drawn per level (bounded work)"),
  beats: z.strictObject({
    grid: z.number().positive().describe("beats: the grid ring arrivals should fall on (0.5 = beats and half-beats)"),
    tolerance: z.number().min(0).describe("beats: an arrival this close to the grid is on it"),
    link: z.number().positive().describe("beats from a chain dot popping to its ring reaching the next"),
    junction: z.number().positive().describe("beats across a junction (big dot → normal dot, one way)"),
    leafFromBig: z.number().positive().describe("beats from a big dot to a small leaf it reaches one way"),
    leafFromNormal: z.number().positive().describe("beats from a normal dot to a small leaf (they reach each other)"),
  }),
  coordinateDecimals: z.number().int().min(0).max(9).describe("centres are rounded to this many decimals before any check"),
  edgeMargin: z.number().min(0).describe("field units between a dot's edge and the field's border, at least"),
  turn: z
    .strictObject({
      max: z.number().min(0).describe("degrees a dot may be turned about its predecessor to fit"),
      step: z.number().positive().describe("degrees between the turns tried"),
    })
    .describe("how far laying may turn a dot off its curve (keeping its beat) to keep the figure fair to read"),
  minRhythm: z.number().min(0).max(1).describe("share of the chosen five's ring arrivals on the grid, at least"),
  notes: z.strictObject({
    home: z.number().int().min(0).max(6).describe("the degree every chain ends on"),
    range: z.strictObject({ small: degreeRange, normal: degreeRange, big: degreeRange }).describe("degrees each size may sound: big bells low, small bells high"),
  }),
  melody: z.strictObject({
    step: z.number().min(0).describe("cost of a step (next degree up or down)"),
    repeat: z.number().min(0).describe("cost of a repeated note"),
    skip: z.number().min(0).describe("cost of a skip (two degrees: a third)"),
    leap: z.number().min(0).describe("cost of a leap (three degrees or more)"),
    unrecovered: z.number().min(0).describe("cost when a skip or leap is not followed by a step back"),
    turn: z.number().min(0).describe("cost of a step straight back after a step (a neighbour-note wobble)"),
    notHome: z.number().min(0).describe("cost when a chain does not end on the home degree"),
  }),
  symmetry: z.strictObject({
    axes: z.array(z.number()).min(1).describe("mirror axes tried, degrees from +x, through the dots' centroid"),
    tolerance: z.number().positive().describe("field units: a mirrored dot matches a same-size dot this close"),
  }),
  rampScale: z.number().positive().describe("bits: the ramp score falls from 1 to 0 as |bits − target| grows to this"),
  weights: z.strictObject({
    melody: z.number().min(0),
    rhythm: z.number().min(0),
    symmetry: z.number().min(0),
    fill: z.number().min(0),
    ramp: z.number().min(0),
  }),
  sound: z
    .strictObject({
      bpm: z.number().positive().describe("beats per minute the rings are played at"),
      tonicHz: z.number().positive().describe("pitch of the home degree (523.25 = C5)"),
      sampleRate: z.number().int().min(8000).max(48000),
      decaySeconds: z.number().positive().describe("time for a bell note to fall to 1/e"),
      tailSeconds: z.number().min(0).describe("silence-to-be after the last note"),
      partials: z
        .array(z.tuple([z.number().positive(), z.number().min(0)]))
        .min(1)
        .describe("[frequency ratio, amplitude] of each partial of a bell note"),
    })
    .describe("the tiny synth that renders a chain's melody to WAV"),
  figures: z.strictObject({
    arch: z.strictObject({
      halfWidth: range,
      height: range,
      baseY: range,
      centreShift: range,
      span: range.describe("share of the arch's parameter range the chain may use, centred"),
      apexChance: chance.describe("chance the chain starts at the apex (else at a foot)"),
    }),
    nestedArches: z.strictObject({
      halfWidth: range.describe("inner arch"),
      height: range.describe("inner arch"),
      gap: range.describe("field units from the inner arch's foot to the outer's"),
      rise: range.describe("outer height = inner height + gap × rise"),
      baseY: range,
      centreShift: range,
      span: range,
      apexChance: chance,
    }),
    splitCircle: z.strictObject({
      radius: range.describe("horizontal radius"),
      aspect: range.describe("vertical radius / horizontal radius"),
      gapAngle: range.describe("degrees left open at the top and the bottom between the halves"),
      centreY: range,
      topStartChance: chance.describe("chance the chains start at the top (else at the bottom)"),
      chain: chainSpec,
    }),
    bell: z.strictObject({
      top: range.describe("y of the crown"),
      scale: range.describe("size of the bell, 1 = the waypoints as written"),
      jitter: z.number().min(0).describe("field units each waypoint may move, at most, per variation"),
      flank: z
        .array(z.tuple([z.number(), z.number()]))
        .min(4)
        .describe("the right flank's outline: waypoints [dx from the axis, dy below the crown], from the crown down the flank, out to the lip and in along the rim"),
      chain: chainSpec,
    }),
    butterfly: z.strictObject({
      centreY: range,
      scale: range.describe("size of the wings, 1 = the waypoints as written"),
      jitter: z.number().min(0).describe("field units each waypoint may move, at most, per variation"),
      faceRightChance: chance.describe("chance the butterfly faces right (else left)"),
      forewing: z
        .array(z.tuple([z.number(), z.number()]))
        .min(2)
        .describe("the upper forewing's outline, facing left: waypoints [dx from the field's middle, dy from centreY (up is negative)], from the head round to the notch"),
      hindwing: z
        .array(z.tuple([z.number(), z.number()]))
        .min(2)
        .describe("the upper hindwing's outline, from the notch round to the tail"),
      antenna: z.strictObject({ angle: range.describe("degrees the antenna spreads from straight ahead, away from the body's axis") }),
      spot: z.strictObject({ angle: range.describe("degrees a wing spot turns from square into the wing") }),
      chain: chainSpec.describe("the forewing's part of the chain (its junction, if any, comes before the notch's)"),
    }),
  }),
});

/** The composition model (SPEC 4.6). */
export type CarillonCompose = z.infer<typeof carillonComposeSchema>;

/** One figure's chain settings. */
export type ChainSpec = z.infer<typeof chainSpec>;

/** A figure's name. */
export type FigureName = CarillonCompose["levels"][number]["figure"];
