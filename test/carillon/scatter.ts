// Test helper: random scatter fields (neither fair nor grown) — the engine must hold on any field.
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";

/** `n` dots of random sizes at random centres, seeded. */
export function scatterField(seed: string, n: number): CarillonBody {
  const rng = createRng(seed);
  const sizes = ["small", "normal", "big"] as const;
  return {
    width: 640,
    height: 900,
    dots: Array.from({ length: n }, () => ({ x: 30 + rng() * 580, y: 30 + rng() * 840, size: sizes[Math.floor(rng() * 3)], note: 0 })),
  };
}
