import { describe, expect, it } from "vitest";
import { carillonBackend } from "../../src/carillon/index.ts";
import { carillonGeneratorSettingsSchema } from "../../src/carillon/model/generator-settings.ts";
import { InputError } from "../../src/io/errors.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import { planParts } from "../../src/pipeline/inputs/plan-parts.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";
import { loadFixture } from "./fixtures.ts";

const request = (over: Partial<Parameters<typeof carillonBackend.generate>[0]> = {}) => ({
  chapter: 2,
  part: 1,
  level: 21,
  target: 6.3,
  rules: [],
  settings: carillonGeneratorSettingsSchema.parse({ dots: [12, 16], roots: [3, 3] }),
  rng: createRng("backend"),
  stats: {},
  ...over,
});

describe("carillonBackend (GameBackend contract)", () => {
  it("generate grows a proven, fair, measured field with metrics {bits, goal, dots, starts}", () => {
    const out = carillonBackend.generate(request());
    expect(out).not.toBeNull();
    const g = out!;
    expect(Object.keys(g.metrics).sort()).toEqual(["bits", "dots", "goal", "starts"]);
    expect(g.metrics.goal).toBe(3);
    expect(g.level.goal).toBe(3);
    expect(g.solution).toHaveLength(3);
    expect(g.rules).toEqual([]);
    expect(carillonBackend.bodySchema.safeParse(g.level).success).toBe(true);
    expect(carillonBackend.validate(g.level, g.solution, [])).toEqual([]);
    expect(carillonBackend.grade(g.level)).toEqual(g.metrics);
  });

  it("generate is deterministic given the rng, and works at any level", () => {
    const a = carillonBackend.generate(request({ rng: createRng("same") }));
    const b = carillonBackend.generate(request({ rng: createRng("same") }));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const early = carillonBackend.generate(request({ level: 2, chapter: 1, settings: { dots: [6, 8], roots: [2, 2] }, rng: createRng("early") }));
    expect(early?.metrics.goal).toBe(2);
    expect(early?.level.dots.every((d) => d.size === "normal")).toBe(true); // big from 3, small from 5
  });

  it("solve prints the SPEC 3 measure record", () => {
    const out = carillonBackend.solve(loadFixture("three-dot-line"));
    expect(out.solution).toEqual([0]);
    expect(out.measure).toEqual({ goal: 1, winningFirstTaps: [0], solution: [0], bits: 1.584963, dots: 3, concepts: [] });
  });

  it("validate names a wrong goal, a bad replay and a non-canonical solution", () => {
    const body = { ...loadFixture("two-lines-far-apart"), goal: 3 };
    const reasons = carillonBackend.validate(body, [3, 0], []).map((p) => p.reason);
    expect(reasons).toEqual(["goal", "solution"]);
    const short = carillonBackend.validate(loadFixture("two-lines-far-apart"), [0], []);
    expect(short.map((p) => p.reason)).toEqual(["goal", "replay", "solution"]);
    const gone = carillonBackend.validate(loadFixture("two-lines-far-apart"), [0, 1], []);
    expect(gone[0]).toMatchObject({ reason: "replay", message: "tap 2 of the stored solution taps dot 1, which is not on the field" });
  });

  it("plays marks through their rules (never as plain) and refuses a rule it does not know", () => {
    const marked: CarillonBody = { ...loadFixture("three-dot-line") };
    marked.dots = marked.dots.map((d, i) => (i === 1 ? { ...d, mark: { kind: "bell" } } : d));
    // The bell in the middle of the line: goal 2 where the plain line needs 1 (rules-hand-built.test.ts).
    expect(carillonBackend.solve(marked).measure).toMatchObject({ goal: 2, winningFirstTaps: [0, 1, 2], dots: 3 });
    expect(carillonBackend.grade(marked).goal).toBe(2);
    expect(() => carillonBackend.validate(loadFixture("three-dot-line"), [0], ["gravity"])).toThrow(/carillon\/validate:.*gravity/);
    expect(() => carillonBackend.generate(request({ rules: ["gravity"] }))).toThrow(/carillon\/generate: \$\.rules: expected rules among/);
  });

  it("checks its generator settings", () => {
    expect(carillonBackend.generatorSchema.safeParse({ dots: [10, 20], roots: [2, 3] }).success).toBe(true);
    expect(carillonBackend.generatorSchema.safeParse({ dots: [20, 10], roots: [2, 3] }).success).toBe(false);
    expect(carillonBackend.generatorSchema.safeParse({ dots: [10, 20] }).success).toBe(false);
    // The pipeline parses a plan's settings once, where it reads the plan, with the game's schema; generate takes them parsed.
    const plan = (generator: Record<string, unknown>): Plan => ({ format: "levelramp/plan@1", game: "carillon", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 2, generator }] }] });
    const parts = (generator: Record<string, unknown>) => planParts(plan(generator), carillonBackend, [1], () => 3, { composed: 0, poolPerLevel: 4, planFile: "plan.json" });
    expect(parts({ dots: [10, 20], roots: [2, 3] })[0].settings).toEqual(carillonGeneratorSettingsSchema.parse({ dots: [10, 20], roots: [2, 3] }));
    expect(() => parts({ dots: [5], roots: [1, 1] })).toThrow(InputError);
    expect(() => parts({})).toThrow(/pipeline\/plan: plan\.json at \$\.chapters\[0\]\.parts\[0\]\.generator\.dots: chapter 1 part 1 generator settings/);
  });

  it("renders an SVG: dots sized and coloured by note, faint rings, the solution's taps numbered", () => {
    const svg = carillonBackend.renderSvg(loadFixture("two-lines-far-apart"), { solution: [0, 3], title: "two <lines>" });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('r="26" fill="#e6194b"'); // the big dot, note 0
    expect(svg).toContain('r="170" stroke="#e6194b"'); // its ring of reach
    expect(svg).toContain('stroke-opacity="0.22"');
    expect(svg.match(/font-weight="bold" text-anchor="middle" fill="#111">(\d)</g)).toEqual([
      'font-weight="bold" text-anchor="middle" fill="#111">1<',
      'font-weight="bold" text-anchor="middle" fill="#111">2<',
    ]);
    expect(svg).toContain("two &lt;lines&gt;");
    // the title sits in a 32-unit band above the field, so it never covers a dot (every dot has y ≥ 0)
    expect(svg).toMatch(/viewBox="0 -32 \d+ \d+"/);
    expect(svg).toMatch(/<text x="12" y="-10" font-size="18" fill="#333">two &lt;lines&gt;<\/text>/);
    expect(carillonBackend.renderSvg(loadFixture("two-lines-far-apart"))).toMatch(/viewBox="0 0 /);
  });

  it("draws every mark its own way: bell, echo stone, horn cone, duet link, drift arrow, home note, round numbers", () => {
    const body: CarillonBody = {
      width: 640,
      height: 900,
      dots: [
        { x: 120, y: 150, size: "big", note: 0, mark: { kind: "bell" } },
        { x: 300, y: 150, size: "normal", note: 1, mark: { kind: "echo" } },
        { x: 480, y: 150, size: "normal", note: 2, mark: { kind: "horn", facing: 90 } },
        { x: 120, y: 450, size: "normal", note: 3, mark: { kind: "duet", partner: 4 } },
        { x: 300, y: 500, size: "small", note: 4, mark: { kind: "duet", partner: 3 } },
        { x: 480, y: 500, size: "normal", note: 5, mark: { kind: "drifter", step: [40, -30] } },
        { x: 200, y: 750, size: "big", note: 6, mark: { kind: "home" } },
        { x: 400, y: 750, size: "normal", note: 1, mark: { kind: "round", order: 2 } },
      ],
    };
    const svg = carillonBackend.renderSvg(body, { solution: [6, 0] });
    expect(svg).toContain('class="bell"');
    expect(svg).toContain('class="echo-stone"');
    // The horn's cone: from its centre out to 220 (twice a normal reach), facing 90° ± 45°.
    expect(svg).toContain('class="horn-cone" d="M 480 150 L 635.56 305.56 A 220 220 0 0 1 324.44 305.56 Z"');
    expect(svg).not.toContain('<circle cx="480" cy="150" r="110"'); // no full ring for a horn
    expect(svg.match(/class="duet-link"/g)).toHaveLength(1); // one link per pair
    expect(svg).toContain('class="drift-step" x1="480" y1="500" x2="520" y2="470"');
    expect(svg).toContain('class="home-note"');
    expect(svg).toMatch(/class="round-order"[^>]*>2</);
    expect(svg.match(/font-weight="bold" text-anchor="middle" fill="#111">(\d)</g)).toHaveLength(2); // the taps
  });
});
