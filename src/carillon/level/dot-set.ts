/**
 * A set of dot indices as a fixed-width bitset (32 dots per word). The state
 * search hashes and intersects these millions of times, so they are plain
 * Uint32Arrays with free functions rather than objects.
 */
export type DotSet = Uint32Array;

/** Words needed for `count` dots. */
export function dotSetWords(count: number): number {
  return Math.max(1, Math.ceil(count / 32));
}

/** An empty set able to hold dots 0..count−1. */
export function emptyDotSet(count: number): DotSet {
  return new Uint32Array(dotSetWords(count));
}

/** The set {0, …, count−1}. */
export function fullDotSet(count: number): DotSet {
  const s = emptyDotSet(count);
  for (let i = 0; i < count; i++) s[i >>> 5] |= 1 << (i & 31);
  return s;
}

/** Whether `dot` is in `s`. */
export function hasDot(s: DotSet, dot: number): boolean {
  return (s[dot >>> 5] & (1 << (dot & 31))) !== 0;
}

/** Adds `dot` to `s` in place. */
export function addDot(s: DotSet, dot: number): void {
  s[dot >>> 5] |= 1 << (dot & 31);
}

/** Removes `dot` from `s` in place. */
export function removeDot(s: DotSet, dot: number): void {
  s[dot >>> 5] &= ~(1 << (dot & 31));
}

/** Number of set bits of a 32-bit word. */
export function popcount32(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Number of dots in `s`. */
export function dotCount(s: DotSet): number {
  let n = 0;
  for (let w = 0; w < s.length; w++) n += popcount32(s[w]);
  return n;
}

/** Number of dots in `a ∩ b`. */
export function intersectionCount(a: DotSet, b: DotSet): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) n += popcount32(a[w] & b[w]);
  return n;
}

/** Whether `s` is empty. */
export function isEmptyDotSet(s: DotSet): boolean {
  for (let w = 0; w < s.length; w++) if (s[w] !== 0) return false;
  return true;
}

/** `a \ b` as a new set. */
export function difference(a: DotSet, b: DotSet): DotSet {
  const out = new Uint32Array(a.length);
  for (let w = 0; w < a.length; w++) out[w] = a[w] & ~b[w];
  return out;
}

/** The dots of `s`, ascending. */
export function dotsOf(s: DotSet): number[] {
  const out: number[] = [];
  for (let w = 0; w < s.length; w++) {
    let v = s[w];
    while (v !== 0) {
      const low = v & -v;
      out.push((w << 5) + 31 - Math.clz32(low));
      v ^= low;
    }
  }
  return out;
}

/** A compact string key of `s` (hex words), equal exactly when the sets are equal. */
export function dotSetKey(s: DotSet): string {
  let k = "";
  for (let w = 0; w < s.length; w++) k += (w ? "." : "") + s[w].toString(36);
  return k;
}
