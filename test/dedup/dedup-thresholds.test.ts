import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultDedupThresholds, loadDedupThresholds } from "../../src/game/registry.ts";
import { InputError } from "../../src/io/errors.ts";

describe("dedup thresholds", () => {
  it("ships the SPEC 7 numbers in models/dedup/thresholds.json", () => {
    const t = defaultDedupThresholds();
    expect(t.carillon.pictureShare).toBe(0.55);
    expect(t.carillon.matchUnits).toBe(45);
    expect(t.carillon.answerShare).toBe(0.3);
    expect(t.apsis.nearCopyShare).toBe(0.5);
    expect(t.apsis.directionDegrees).toBe(10);
    expect(t.apsis.midpointUnits).toBe(40);
    expect(t.apsis.ringRadii).toEqual([80, 125, 170, 215, 260]);
  });

  it("names the file and the JSON path of a bad value", () => {
    const dir = mkdtempSync(join(tmpdir(), "dedup-thresholds-"));
    const file = join(dir, "thresholds.json");
    const bad = structuredClone(defaultDedupThresholds()) as unknown as { carillon: { pictureShare: number } };
    bad.carillon.pictureShare = 1.5;
    writeFileSync(file, JSON.stringify(bad));
    expect(() => loadDedupThresholds(file)).toThrow(InputError);
    expect(() => loadDedupThresholds(file)).toThrow(/\$\.carillon\.pictureShare/);
    const tooLoose = structuredClone(defaultDedupThresholds()) as unknown as { carillon: { identicalUnits: number } };
    tooLoose.carillon.identicalUnits = 100;
    writeFileSync(file, JSON.stringify(tooLoose));
    expect(() => loadDedupThresholds(file)).toThrow(/identicalUnits/);
  });
});
