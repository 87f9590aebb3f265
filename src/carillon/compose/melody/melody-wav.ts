import type { TapOutcome } from "../../level/simulate-tap.ts";
import type { CarillonCompose } from "../../model/compose-model.ts";

/** One note to play: when (beats from the start) and which degree of the major scale (0..6). */
export interface NoteEvent {
  beats: number;
  degree: number;
}

/** Semitones above the tonic of each degree of a major scale. */
export const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11] as const;

/**
 * The notes a played solution sounds, in time order (SPEC 4.6: the melody
 * is the notes in pop order): each tap's pops at their pop times, taps one
 * after another with a beat of rest between.
 *
 * @param notes the body's notes by dot index.
 */
export function solutionNotes(outcomes: readonly TapOutcome[], notes: readonly number[]): NoteEvent[] {
  const events: NoteEvent[] = [];
  let offset = 0;
  for (const o of outcomes) {
    o.popped.forEach((d, k) => events.push({ beats: offset + o.popTimes[k], degree: notes[d] }));
    offset += o.popTimes[o.popTimes.length - 1] + 1;
  }
  return events;
}

/**
 * A tiny bell synth (compose.json `sound`): renders notes to a mono 16-bit
 * PCM WAV file. Each note is a sum of sine partials (frequency ratio,
 * amplitude) at the degree's pitch — tonic × 2^(semitones / 12) — struck at
 * its time (beats at `bpm`) and decaying as e^(−t / decaySeconds); the sum is
 * scaled so the loudest sample is 90% of full scale. The file lasts until
 * the last note plus `tailSeconds`.
 *
 * @returns the bytes of the .wav file (RIFF/WAVE, PCM, 1 channel, 16 bits).
 * @throws RangeError for a degree outside 0..6 or a negative time.
 */
export function melodyWav(events: readonly NoteEvent[], sound: CarillonCompose["sound"]): Uint8Array {
  const rate = sound.sampleRate;
  const secondsPerBeat = 60 / sound.bpm;
  const last = events.reduce((a, e) => Math.max(a, e.beats), 0);
  const length = Math.ceil((last * secondsPerBeat + sound.tailSeconds) * rate) + 1;
  const mix = new Float64Array(length);
  for (const e of events) {
    if (!(e.degree >= 0 && e.degree <= 6 && Number.isInteger(e.degree))) throw new RangeError(`carillon/compose: a degree is 0..6, got ${e.degree}`);
    if (!(e.beats >= 0)) throw new RangeError(`carillon/compose: a note's time is at least 0 beats, got ${e.beats}`);
    const f = sound.tonicHz * 2 ** (MAJOR_SCALE[e.degree] / 12);
    const start = Math.round(e.beats * secondsPerBeat * rate);
    for (let i = start; i < length; i++) {
      const t = (i - start) / rate;
      const env = Math.exp(-t / sound.decaySeconds);
      if (env < 1e-4) break;
      let v = 0;
      for (const [ratio, amp] of sound.partials) v += amp * Math.sin(2 * Math.PI * f * ratio * t);
      mix[i] += env * v;
    }
  }
  const peak = mix.reduce((a, v) => Math.max(a, Math.abs(v)), 0);
  const gain = peak > 0 ? (0.9 * 32767) / peak : 0;
  const bytes = new Uint8Array(44 + 2 * length);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + 2 * length, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, 2 * length, true);
  for (let i = 0; i < length; i++) view.setInt16(44 + 2 * i, Math.round(mix[i] * gain), true);
  return bytes;
}
