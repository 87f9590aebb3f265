import { describe, expect, it } from "vitest";
import type { ArrowShape } from "../../src/apsis/level/arrow-shape.ts";
import { arrowShape, loadSkyModel, skyLimits, solveSky } from "../../src/apsis/index.ts";
import { skyProblems } from "../../src/apsis/check/sky-problems.ts";
import { capsulesClear, fitsAlone } from "../../src/apsis/level/arrow-fits.ts";
import { cosDeg, sinDeg } from "../../src/apsis/level/degree-trig.ts";
import { segmentSegmentDistance } from "../../src/apsis/level/segment-distance.ts";
import { blocksWay, isFairDistanceSq, wayDistanceSq, wayThroughSun } from "../../src/apsis/level/way-out.ts";
import { loadFixture } from "./load-fixture.ts";

const sky = loadSkyModel();
const limits = skyLimits(sky);

/** A hand-placed shape: a centre segment from (tx,ty) to (hx,hy), way to the rim. */
function segment(tx: number, ty: number, hx: number, hy: number, ring = 3): ArrowShape {
  const len = Math.hypot(hx - tx, hy - ty);
  const ux = (hx - tx) / len;
  const uy = (hy - ty) / len;
  const hu = hx * ux + hy * uy;
  const s = -hu + Math.sqrt(hu * hu - (hx * hx + hy * hy) + sky.rimRadius ** 2);
  return { ring, mx: (tx + hx) / 2, my: (ty + hy) / 2, ux, uy, tx, ty, hx, hy, ex: hx + s * ux, ey: hy + s * uy };
}

describe("apsis geometry (SPEC 5.1)", () => {
  it("keeps the sky's numbers in models/apsis/sky.json", () => {
    expect(sky.sunRadius).toBe(36);
    expect(sky.ringRadii).toEqual([80, 125, 170, 215, 260]);
    expect(sky.rimRadius).toBe(300);
    expect(sky.lengths).toEqual([36, 52, 68]);
    expect(sky.halfWidth).toBe(4);
  });

  it("computes exact quarter-turn trig and mirror-symmetric values", () => {
    expect(cosDeg(90)).toBe(0);
    expect(sinDeg(180)).toBe(0);
    expect(cosDeg(-90)).toBe(0);
    expect(sinDeg(30)).toBe(0.5);
    for (let d = 0; d < 360; d++) {
      expect(sinDeg(180 - d)).toBe(sinDeg(d));
      expect(cosDeg(-d)).toBe(cosDeg(d));
    }
  });

  it("lays an arrow out on its ring: midpoint, head ahead, way to the rim", () => {
    const s = arrowShape({ ring: 2, angle: 90, length: 52, direction: 90 }, sky);
    expect(s.mx).toBeCloseTo(0, 12);
    expect(s.my).toBe(125);
    expect(s.hy).toBe(151);
    expect(s.ty).toBe(99);
    expect(Math.hypot(s.ex, s.ey)).toBeCloseTo(300, 9);
  });

  it("fits inside the rim: an outward arrow on the outer ring fits until its cap touches the rim", () => {
    // ring 5 at 260: a 68-long radial arrow ends at 294 (+4 cap = 298): fits.
    expect(fitsAlone(arrowShape({ ring: 5, angle: 10, length: 68, direction: 10 }, sky), limits)).toBe(true);
    // Hand-placed: end exactly at rim − half-width (a tie) fits; past it does not.
    expect(fitsAlone(segment(250, 0, 296, 0), limits)).toBe(true);
    expect(fitsAlone(segment(250, 0, 296.01, 0), limits)).toBe(false);
  });

  it("keeps 8 units clear of the sun (capsule edge at least 48 from the centre for the segment)", () => {
    // ring 1 at 80, radial, length 68: inner end at 46 < 48.
    expect(fitsAlone(arrowShape({ ring: 1, angle: 0, length: 68, direction: 0 }, sky), limits)).toBe(false);
    expect(fitsAlone(arrowShape({ ring: 1, angle: 0, length: 52, direction: 0 }, sky), limits)).toBe(true);
    expect(fitsAlone(segment(48, 0, 90, 0), limits)).toBe(true);
    expect(fitsAlone(segment(47.99, 0, 90, 0), limits)).toBe(false);
  });

  it("keeps a 6-unit gap capsule to capsule (segments 14 apart)", () => {
    expect(capsulesClear(segment(100, 0, 140, 0), segment(100, 14, 140, 14), limits)).toBe(true);
    expect(capsulesClear(segment(100, 0, 140, 0), segment(100, 13.99, 140, 13.99), limits)).toBe(false);
    expect(capsulesClear(segment(100, -20, 100, 20), segment(80, 0, 120, 0), limits)).toBe(false);
  });

  it("blocks below twice the half-width, and a tie does not block", () => {
    const arrow = segment(100, 0, 140, 0);
    expect(blocksWay(segment(200, 7.99, 230, 7.99), arrow, limits)).toBe(true);
    expect(blocksWay(segment(200, 8, 230, 8), arrow, limits)).toBe(false);
    // Behind the head is not on the way.
    expect(blocksWay(segment(60, 0, 90, 0), arrow, limits)).toBe(false);
  });

  it("reads fair only at ≤ 6 or ≥ 10", () => {
    expect(isFairDistanceSq(36, limits)).toBe(true);
    expect(isFairDistanceSq(6.001 ** 2, limits)).toBe(false);
    expect(isFairDistanceSq(9.999 ** 2, limits)).toBe(false);
    expect(isFairDistanceSq(100, limits)).toBe(true);
  });

  it("forbids a way that passes within sun radius + 4 of the centre", () => {
    // Tangent way at distance 40 from the centre: a tie counts as within.
    expect(wayThroughSun(segment(-60, 40, -50, 40), limits)).toBe(true);
    expect(wayThroughSun(segment(-60, 40.01, -50, 40.01), limits)).toBe(false);
    expect(wayThroughSun(arrowShape({ ring: 2, angle: 0, length: 36, direction: 180 }, sky), limits)).toBe(true);
  });

  it("measures segment distances (crossing segments are 0 apart)", () => {
    expect(segmentSegmentDistance(0, 0, 10, 0, 5, -5, 5, 5)).toBe(0);
    expect(segmentSegmentDistance(0, 0, 10, 0, 13, 4, 20, 4)).toBe(5);
  });

  it("a way that just hits: 5.90 from the way blocks (fixture way-just-hits)", () => {
    const body = loadFixture("way-just-hits");
    const shapes = body.arrows.map((a) => arrowShape(a, sky));
    expect(Math.sqrt(wayDistanceSq(shapes[1], shapes[0]))).toBeCloseTo(5.9001, 3);
    expect(blocksWay(shapes[1], shapes[0], limits)).toBe(true);
    expect(skyProblems(shapes, limits)).toEqual([]);
    expect(solveSky(body).rounds).toEqual([2, 1]);
  });

  it("a way that just misses: 10.12 from the way does not block (fixture way-just-misses)", () => {
    const body = loadFixture("way-just-misses");
    const shapes = body.arrows.map((a) => arrowShape(a, sky));
    expect(Math.sqrt(wayDistanceSq(shapes[1], shapes[0]))).toBeCloseTo(10.1189, 3);
    expect(blocksWay(shapes[1], shapes[0], limits)).toBe(false);
    expect(skyProblems(shapes, limits)).toEqual([]);
    expect(solveSky(body).rounds).toEqual([1, 1]);
  });

  it("names unfair distances, gaps and sun ways as problems", () => {
    const shapes = [
      arrowShape({ ring: 1, angle: 0, length: 36, direction: 0 }, sky),
      // ring 4 at 7°, tangential: about 8.2 from arrow 0's way: neither clearly on nor clearly off.
      arrowShape({ ring: 4, angle: 7, length: 36, direction: 90 }, sky),
    ];
    expect(skyProblems(shapes, limits).map((p) => p.reason)).toEqual(["unfair"]);
    const crowded = [arrowShape({ ring: 3, angle: 0, length: 36, direction: 0 }, sky), arrowShape({ ring: 3, angle: 3, length: 36, direction: 0 }, sky)];
    expect(skyProblems(crowded, limits).map((p) => p.reason)).toContain("gap");
  });
});
