import { fileURLToPath } from "node:url";
import { z } from "zod";
import { readJsonFile } from "../../io/read-json-file.ts";

/**
 * `models/apsis/sky.json` (SPEC 5.1): the sky's fixed sizes, in sky units
 * (the sun sits at (0,0)), and the tolerance every geometric decision uses.
 */
export const skyModelSchema = z
  .strictObject({
    format: z.literal("levelramp/apsis-sky@1"),
    sunRadius: z.number().positive().describe("sky units"),
    ringRadii: z.array(z.number().positive()).min(1).describe("ring radii, innermost first (ring 1 = ringRadii[0])"),
    rimRadius: z.number().positive().describe("sky units; every capsule stays inside"),
    lengths: z.array(z.number().positive()).min(1).describe("allowed centre-segment lengths"),
    halfWidth: z.number().positive().describe("capsule half-width; an arrow blocks a way closer than twice this"),
    sunClearance: z.number().min(0).describe("least gap between a capsule and the sun"),
    gap: z.number().min(0).describe("least gap between two capsules"),
    waySunMargin: z.number().min(0).describe("a way passing within sunRadius + this of the centre is never placed"),
    fairOn: z.number().min(0).describe("fair to read: a segment-to-way distance is at most this ..."),
    fairOff: z.number().min(0).describe("... or at least this"),
    hearts: z.number().int().min(0).describe("hearts per level"),
    tolerance: z.number().min(0).describe("sky units: ties closer than this are decided the spec's way, never by rounding noise"),
  })
  .superRefine((m, ctx) => {
    for (let i = 1; i < m.ringRadii.length; i++) {
      if (m.ringRadii[i] <= m.ringRadii[i - 1]) ctx.addIssue({ code: "custom", path: ["ringRadii", i], message: "expected ring radii increasing outwards" });
    }
    if (m.ringRadii[m.ringRadii.length - 1] >= m.rimRadius) ctx.addIssue({ code: "custom", path: ["rimRadius"], message: "expected the rim outside the outer ring" });
    if (m.ringRadii[0] <= m.sunRadius) ctx.addIssue({ code: "custom", path: ["ringRadii", 0], message: "expected the inner ring outside the sun" });
    const block = 2 * m.halfWidth;
    if (!(m.fairOn < block && block < m.fairOff)) ctx.addIssue({ code: "custom", path: ["fairOn"], message: `expected fairOn < 2 × halfWidth (${block}) < fairOff` });
  });

/** The sky's sizes (SPEC 5.1). */
export type SkyModel = z.infer<typeof skyModelSchema>;

/** Path of a file in `models/apsis/`, relative to this module (works from any working folder). */
export function apsisModelPath(name: string): string {
  return fileURLToPath(new URL(`../../../models/apsis/${name}`, import.meta.url));
}

let defaultSky: SkyModel | undefined;

/**
 * Loads a sky model; without `file`, the default `models/apsis/sky.json`
 * (read once, then cached).
 *
 * @throws InputError (exit 2) when the file is missing or does not match {@link skyModelSchema}.
 */
export function loadSkyModel(file?: string): SkyModel {
  if (file !== undefined) return readJsonFile(skyModelSchema, file);
  defaultSky ??= readJsonFile(skyModelSchema, apsisModelPath("sky.json"));
  return defaultSky;
}
