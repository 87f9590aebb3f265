import seedrandom from "seedrandom";

/** A source of uniform numbers in [0, 1), injected wherever randomness is used. */
export type Rng = () => number;

/**
 * A seeded random stream (seedrandom's xor4096, never global). The same seed
 * string always gives the same stream.
 *
 * @param seed any string; derive sub-streams with {@link deriveSeed}.
 */
export function createRng(seed: string): Rng {
  const prng = seedrandom.xor4096(seed);
  return () => prng();
}

/**
 * Seed of an independent sub-stream (SPEC 9): the parts joined with `/`,
 * e.g. `deriveSeed(1, "carillon", 3, 2, 7)` → `"1/carillon/3/2/7"`.
 */
export function deriveSeed(...parts: Array<string | number>): string {
  return parts.map(String).join("/");
}
