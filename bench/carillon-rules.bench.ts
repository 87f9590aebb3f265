// Carillon rules benchmarks (SPEC 4.4/4.5): prove + measure a dressed field per rule — solver,
// stored-solution search, bits, fair to read with every rule — on grown 30-dot fields with goal 4–6.
// Fields are grown and dressed in setup (seeded, untimed); runs rotate through 8 fields per rule,
// and the counters are means over every run (states expanded by the solver, the pop-rule search
// and the bits recursion). Target: every rule's 30-dot field measured in under 1 s.
import type { BenchCase, BenchSuite } from "./harness.ts";
import type { MarkKind } from "../src/carillon/level/compile-field.ts";
import { generateLevel } from "../src/carillon/generate/generate-level.ts";
import { loadCarillonModels } from "../src/carillon/model/load-models.ts";
import { measureCarillon } from "../src/carillon/measure/measure-carillon.ts";
import type { CarillonBody } from "../src/carillon/level/carillon-body.ts";
import { createRng, deriveSeed } from "../src/random/index.ts";

const models = loadCarillonModels();
const FIELDS = 8;

function measureCase(label: string, rules: MarkKind[], chapter: number): BenchCase<CarillonBody[]> {
  let i = 0;
  let runs = 0;
  const sum = { solver: 0, fair: 0, bits: 0, ms: 0 };
  return {
    name: `prove+measure 30 dots, goal 4–6, ${label}`,
    repeat: 21,
    setup: () => {
      const bodies: CarillonBody[] = [];
      for (let s = 0; bodies.length < FIELDS && s < 200; s++) {
        const f = generateLevel({
          level: 200,
          chapter,
          settings: { dots: [30, 30], roots: [4, 6], goal: [4, 6] },
          rng: createRng(deriveSeed("bench-rules", label, s)),
          stats: {},
          models,
          rules,
        });
        if (f) bodies.push(f.body);
      }
      if (bodies.length === 0) throw new Error(`bench/carillon-rules: no ${label} field grew`);
      return bodies;
    },
    run: (bodies) => {
      const body = bodies[i++ % bodies.length];
      const m = measureCarillon(body, { models });
      runs++;
      sum.solver += m.states.solver;
      sum.fair += m.states.fair;
      sum.bits += m.states.bits;
      return {
        fields: bodies.length,
        goals: [...new Set(bodies.map((b) => b.goal))].sort().join(","),
        marks: bodies.reduce((a, b) => a + b.dots.filter((d) => d.mark).length, 0) / bodies.length,
        solverStates: sum.solver / runs,
        fairStates: sum.fair / runs,
        bitsStates: sum.bits / runs,
      };
    },
  };
}

const cases: BenchCase<any>[] = [
  measureCase("bell", ["bell"], 5),
  measureCase("echo", ["echo"], 6),
  measureCase("horn", ["horn"], 7),
  measureCase("duet", ["duet"], 8),
  measureCase("drifter", ["drifter"], 9),
  measureCase("home", ["home"], 11),
  measureCase("round", ["round"], 16),
  measureCase("bell+home+round", ["bell", "home", "round"], 16),
  measureCase("drifter+home+round", ["drifter", "home", "round"], 20),
];

export const suite: BenchSuite = { name: "carillon-rules", cases };
