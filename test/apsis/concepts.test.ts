// The concepts an Apsis sky needs (SPEC 12): the rules of SPEC 5.4 in effect whose removal (the
// others kept) changes some arrow's round. Hand-built skies (fixtures/apsis and two here), each
// with and without its rule; rounds by hand in the comments.
import { describe, expect, it } from "vitest";
import { apsisBackend } from "../../src/apsis/apsis-backend.ts";
import { apsisConcepts } from "../../src/apsis/check/apsis-concepts.ts";
import type { ApsisBody } from "../../src/apsis/level/apsis-body.ts";
import { APSIS_RULES, withoutRule } from "../../src/apsis/level/apsis-rules.ts";
import { solveSky } from "../../src/apsis/solver/solve-sky.ts";
import { loadFixture } from "./load-fixture.ts";

// Arrow 0 (ring 1, 0°, outward) waits on arrow 1 (ring 4, 0°); arrow 2 (ring 2, 180°) is free.
const line = (marks: Array<Partial<ApsisBody["arrows"][number]>>): ApsisBody => ({
  hearts: 3,
  arrows: [
    { ring: 1, angle: 0, length: 36, direction: 0, ...marks[0] },
    { ring: 4, angle: 0, length: 36, direction: 0, ...marks[1] },
    { ring: 2, angle: 180, length: 36, direction: 180, ...marks[2] },
  ],
});

describe("Apsis concepts: the rules a sky needs", () => {
  for (const [name, concepts] of [
    ["key-and-lock", ["key"]], // rounds 2,1,1 → 2,1,3: the lock waits on arrow 0's key
    ["key-not-needed", []], // the lock is on an arrow that waits on its key's arrow anyway
    ["numbers", ["number"]], // arrow 2 (number 2) waits on arrow 0 (number 1)
    ["falling-ring", ["falling"]], // arrow 2 inside ring 3 waits until ring 3 falls
    ["spec-check-four-arrows", []], // plain
  ] as const) {
    it(`${name}: ${concepts.length ? concepts.join(", ") : "none"}`, () => {
      const body = loadFixture(name);
      expect(apsisConcepts(body)).toEqual(concepts);
      expect(apsisBackend.concepts(body)).toEqual(concepts);
      expect(apsisBackend.solve(body).measure.concepts).toEqual(concepts);
      for (const rule of APSIS_RULES) expect(apsisConcepts(withoutRule(body, rule))).toEqual(concepts.filter((c) => c !== rule));
    });
  }

  it("a rule in effect that changes no round is not named; the one that does is", () => {
    // Numbers 1 on arrow 0, 2 on arrow 2: arrow 2 waits (round 3). A lock on arrow 0 with its key on
    // arrow 1 holds arrow 0 behind arrow 1, which blocks it anyway: key is in effect, not needed.
    const body = line([{ number: 1, lock: "A" }, { key: "A" }, { number: 2 }]);
    expect(solveSky(body).rounds).toEqual([2, 1, 3]);
    expect(apsisConcepts(body)).toEqual(["number"]);
    // A falling ring 4 holds arrows inside it until arrow 1 leaves: arrow 0 waits on it anyway, arrow 2 on arrow 0.
    expect(apsisConcepts({ ...body, fallingRings: [4] })).toEqual(["number"]);
  });

  it("two rules both needed, named in the rules' order", () => {
    // Key on arrow 0, lock on arrow 2: arrow 2 waits (round 3). Arrows 3 (ring 3, 90°) and 4 (ring 2, 270°)
    // are free, but number 2 on arrow 4 waits on number 1 on arrow 3: round 2.
    const body: ApsisBody = {
      hearts: 3,
      arrows: [...line([{ key: "A" }, {}, { lock: "A" }]).arrows, { ring: 3, angle: 90, length: 36, direction: 90, number: 1 }, { ring: 2, angle: 270, length: 36, direction: 270, number: 2 }],
    };
    expect(solveSky(body).rounds).toEqual([2, 1, 3, 1, 2]);
    expect(apsisConcepts(body)).toEqual(["key", "number"]);
    expect(apsisBackend.validate(body, solveSky(body).solution, ["key", "number"])).toEqual([]);
  });
});
