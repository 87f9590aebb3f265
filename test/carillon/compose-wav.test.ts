import { describe, expect, it } from "vitest";
import { loadComposeModels } from "../../src/carillon/model/load-compose-model.ts";
import { MAJOR_SCALE, melodyWav, solutionNotes } from "../../src/carillon/compose/melody/melody-wav.ts";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { simulateTap } from "../../src/carillon/level/simulate-tap.ts";
import { loadFixture } from "./fixtures.ts";

const { sound } = loadComposeModels().compose;
const tiny = { ...sound, sampleRate: 8000, partials: [[1, 1]] as [number, number][] };

/** Rising zero crossings per second between two sample indices. */
function frequency(wav: Uint8Array, from: number, to: number): number {
  const view = new DataView(wav.buffer);
  let crossings = 0;
  for (let i = from + 1; i < to; i++) if (view.getInt16(44 + 2 * (i - 1), true) < 0 && view.getInt16(44 + 2 * i, true) >= 0) crossings++;
  return (crossings * tiny.sampleRate) / (to - from);
}

describe("a chain's melody as a small WAV (tiny bell synth)", () => {
  it("writes a valid mono 16-bit PCM RIFF file whose length follows the last note", () => {
    const wav = melodyWav([{ beats: 0, degree: 0 }, { beats: 1, degree: 4 }], tiny);
    const view = new DataView(wav.buffer);
    const str = (at: number) => String.fromCharCode(...wav.slice(at, at + 4));
    expect([str(0), str(8), str(12), str(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint16(34, true)).toBe(16);
    const samples = Math.ceil((60 / tiny.bpm + tiny.tailSeconds) * 8000) + 1;
    expect(view.getUint32(40, true)).toBe(2 * samples);
    expect(wav.length).toBe(44 + 2 * samples);
    expect(wav.length).toBeLessThan(40_000);
  });

  it("plays each degree at its pitch and each note at its beat", () => {
    const wav = melodyWav([{ beats: 1, degree: 4 }], tiny);
    const onset = Math.round((60 / tiny.bpm) * 8000);
    const view = new DataView(wav.buffer);
    for (let i = 0; i < onset; i++) expect(view.getInt16(44 + 2 * i, true)).toBe(0);
    const expected = tiny.tonicHz * 2 ** (MAJOR_SCALE[4] / 12);
    expect(frequency(wav, onset, onset + 2000)).toBeCloseTo(expected, -1);
    expect(() => melodyWav([{ beats: 0, degree: 7 }], tiny)).toThrow(RangeError);
  });

  it("the notes of a played solution: pops at their pop times, taps one after another", () => {
    const body = loadFixture("compose-on-beat-chain");
    const engine = fieldEngine(body, loadCarillonModels().physics);
    const outcome = simulateTap(engine.field, engine.model.start(), 0, { rings: engine.rings });
    const events = solutionNotes([outcome, outcome], [4, 3, 2, 1]);
    expect(events.map((e) => e.beats)).toEqual([0, 0.5, 1, 1.5, 2.5, 3, 3.5, 4]);
    expect(events.map((e) => e.degree)).toEqual([4, 3, 2, 1, 4, 3, 2, 1]);
  });
});
