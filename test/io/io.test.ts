import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../src/io/atomic-write.ts";
import { candidateId } from "../../src/io/candidate-id.ts";
import { canonicalJson } from "../../src/io/canonical-json.ts";
import { jsonPath } from "../../src/io/errors.ts";
import { thousands } from "../../src/io/thousands.ts";
import { createRng, deriveSeed } from "../../src/random/create-rng.ts";
import { tempDir } from "../helpers/temp-dir.ts";

describe("io", () => {
  it("canonical JSON sorts keys at every depth and drops undefined", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined, b: "x" }], c: null })).toBe('{"a":[{"b":"x","d":2}],"b":1,"c":null}');
    expect(() => canonicalJson({ a: NaN })).toThrow(/not a JSON number/);
  });

  it("candidate ids hash the canonical body: key order does not matter, content does", () => {
    const a = candidateId("apsis", 3, 2, { hearts: 3, arrows: [{ ring: 1, angle: 0 }] });
    const b = candidateId("apsis", 3, 2, { arrows: [{ angle: 0, ring: 1 }], hearts: 3 });
    expect(a).toBe(b);
    expect(a).toMatch(/^apsis-c3-p2-[0-9a-f]{10}$/);
    expect(candidateId("apsis", 3, 2, { hearts: 2, arrows: [{ ring: 1, angle: 0 }] })).not.toBe(a);
  });

  it("thousands writes what toLocaleString(\"en-US\") writes", () => {
    expect(thousands(1_000_000)).toBe("1,000,000");
    expect(thousands(-1234)).toBe("-1,234");
    expect(thousands(999)).toBe("999");
    const numbers = [0, -0, 1, 12, 123, 1234, 12345, 100000, 1e6 - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21, 0.5, 1234.5678, -1e9 + 0.25, NaN, Infinity];
    const rng = createRng("thousands");
    for (let i = 0; i < 200; i++) numbers.push(Math.floor((rng() - 0.5) * 10 ** (1 + (i % 16))));
    for (const n of numbers) expect(thousands(n), String(n)).toBe(n.toLocaleString("en-US"));
  });

  it("json paths", () => {
    expect(jsonPath(["candidates", 3, "metrics", "bits"])).toBe("$.candidates[3].metrics.bits");
    expect(jsonPath(["metrics", "a b"])).toBe('$.metrics["a b"]');
  });

  it("atomic writes leave no temp file and refuse to overwrite without force", async () => {
    const t = tempDir();
    const f = t.path("out/x.json");
    await writeFileAtomic(f, "one");
    expect(readFileSync(f, "utf8")).toBe("one");
    // The library names its own option; the CLI passes its flag.
    await expect(writeFileAtomic(f, "two")).rejects.toThrow(/exists; pass force: true to overwrite it$/);
    await expect(writeFileAtomic(f, "two", { forceOption: "--force" })).rejects.toThrow(/exists; pass --force to overwrite it$/);
    await writeFileAtomic(f, "two", { force: true });
    expect(readFileSync(f, "utf8")).toBe("two");
    expect(readdirSync(t.path("out"))).toEqual(["x.json"]);
    expect(existsSync(t.path("out/x.json"))).toBe(true);
  });

  it("seeded streams repeat and sub-streams differ", () => {
    const a = createRng(deriveSeed(1, "carillon", 3, 2, 7));
    const b = createRng("1/carillon/3/2/7");
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    const c = createRng(deriveSeed(1, "carillon", 3, 2, 8));
    expect(c()).not.toBe(xs[0]);
  });
});
