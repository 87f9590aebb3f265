// Steering a candidate's fields at a value of bits (docs/carillon.md "Steering"): hand-computed
// dot ranges, the screening window and its widening, the learnt dressing estimate, and the choice
// that counts a miss below the aim double.
import { describe, expect, it } from "vitest";
import { aimMiss, DotSteer } from "../../src/carillon/generate/grow/dot-steer.ts";
import { growField } from "../../src/carillon/generate/grow/grow-field.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { createRng } from "../../src/random/index.ts";

// calibration: grown fields measure 16 bits at 40 dots and 20 bits at 60 dots (0.2 bits a dot); dressing adds 2
const steer = () => new DotSteer({ plainBits: [16, 20], dressBits: 2 }, [40, 60], 21);

describe("DotSteer", () => {
  it("picks the dot count whose grown bits plus the dressing estimate meet the aim, ±1, inside the range", () => {
    // want 21 − 2 = 19 grown bits: 40 + (19 − 16) / 0.2 = 55 dots
    expect(steer().dotRange()).toEqual([54, 56]);
    // an aim out of reach takes the range's end
    expect(new DotSteer({ plainBits: [16, 20], dressBits: 2 }, [40, 60], 30).dotRange()).toEqual([59, 60]);
    expect(new DotSteer({ plainBits: [16, 20], dressBits: 2 }, [40, 60], 5).dotRange()).toEqual([40, 41]);
  });

  it("dresses a grown field only within the window of the aim, and widens the window by 25% after every 8 turned away", () => {
    const s = steer();
    expect(s.admits(19.9)).toBe(true); // 19.9 + 2 = 21.9, within 1 of 21
    for (let i = 0; i < 8; i++) expect(s.admits(17.7)).toBe(false); // 19.7: 1.3 away
    // window now 1.25: 19.7 is still 1.3 away, 19.8 is 1.2 away
    expect(s.admits(17.7)).toBe(false);
    expect(s.admits(17.8)).toBe(true);
  });

  it("learns what dressing adds: a mean that starts from the calibration with the weight of two fields", () => {
    const s = steer();
    s.learn(18, 23); // dressing added 5
    expect(s.dressingEstimate).toBeCloseTo((2 * 2 + 5) / 3, 12);
    // want 21 − 3 = 18 grown bits: 50 dots
    expect(s.dotRange()).toEqual([49, 51]);
  });
});

describe("aimMiss", () => {
  it("is the distance above the aim and `below` times the distance under it", () => {
    expect(aimMiss(21.5, 21)).toBeCloseTo(0.5, 12);
    expect(aimMiss(20.5, 21)).toBeCloseTo(0.5, 12);
    expect(aimMiss(20.7, 21, 2)).toBeCloseTo(0.6, 12);
    // so 21.5 (0.5 above) beats 20.7 (0.3 below) when steering
    expect(aimMiss(21.5, 21, 2)).toBeLessThan(aimMiss(20.7, 21, 2));
  });
});


describe("growField with minDots", () => {
  it("stops where the room runs out once it has minDots (free-room-full), and fails without it (free-no-room)", () => {
    const models = loadCarillonModels();
    const settings = { dots: [200, 200] as [number, number], roots: [6, 6] as [number, number], coreSize: [2, 3] as [number, number] };
    let stopped = 0;
    for (let i = 0; i < 6; i++) {
      const withMin: Record<string, number> = {};
      const grown = growField({ level: 90, chapter: 5, settings, rng: createRng(`min-dots/${i}`), stats: withMin, models, minDots: 30 });
      const without: Record<string, number> = {};
      expect(growField({ level: 90, chapter: 5, settings, rng: createRng(`min-dots/${i}`), stats: without, models })).toBeNull();
      if (!grown) continue;
      stopped++;
      expect(grown.body.dots.length).toBeGreaterThanOrEqual(30);
      expect(grown.body.dots.length).toBeLessThan(200);
      expect(withMin["free-room-full"]).toBe(1);
      expect(without["free-no-room"]).toBe(1);
    }
    expect(stopped).toBeGreaterThan(0);
  });
});
