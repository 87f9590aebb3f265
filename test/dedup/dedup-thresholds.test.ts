import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultApsisDedupThresholds } from "../../src/apsis/dedup/apsis-dedup-thresholds.ts";
import { defaultCarillonDedupThresholds } from "../../src/carillon/dedup/carillon-dedup-thresholds.ts";
import { dedupThresholdsFile } from "../../src/dedup/dedup-thresholds.ts";
import { loadDedupThresholds } from "../../src/game/registry/load-dedup-thresholds.ts";
import { InputError } from "../../src/io/errors.ts";

describe("dedup thresholds", () => {
  it("ships the SPEC 7 numbers in models/dedup/thresholds.json (each game reads its own section)", async () => {
    const carillon = defaultCarillonDedupThresholds().carillon;
    expect(carillon.pictureShare).toBe(0.55);
    expect(carillon.matchUnits).toBe(45);
    expect(carillon.answerShare).toBe(0.3);
    const apsis = defaultApsisDedupThresholds().apsis;
    expect(apsis.nearCopyShare).toBe(0.5);
    expect(apsis.directionDegrees).toBe(10);
    expect(apsis.midpointUnits).toBe(40);
    expect(apsis.ringRadii).toEqual([80, 125, 170, 215, 260]);
    // The registry checks the whole file, every game's section under its name.
    const whole = await loadDedupThresholds();
    expect(whole.carillon).toEqual(carillon);
    expect(whole.apsis).toEqual(apsis);
  });

  it("names the file and the JSON path of a bad value", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dedup-thresholds-"));
    const file = join(dir, "thresholds.json");
    const shipped = JSON.parse(readFileSync(dedupThresholdsFile, "utf8")) as { carillon: { pictureShare: number; identicalUnits: number } };
    const bad = structuredClone(shipped);
    bad.carillon.pictureShare = 1.5;
    writeFileSync(file, JSON.stringify(bad));
    await expect(loadDedupThresholds(file)).rejects.toThrow(InputError);
    await expect(loadDedupThresholds(file)).rejects.toThrow(/\$\.carillon\.pictureShare/);
    const tooLoose = structuredClone(shipped);
    tooLoose.carillon.identicalUnits = 100;
    writeFileSync(file, JSON.stringify(tooLoose));
    await expect(loadDedupThresholds(file)).rejects.toThrow(/identicalUnits/);
  });
});
