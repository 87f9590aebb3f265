import { describe, expect, it } from "vitest";
import type { RampDeviation } from "../../src/report/deviation-report.ts";
import { deviationTableHtml, escapeHtml, formatNumber, formatSigned, jsonForScript, ruleIntroductions, scopeSvgIds, svgMarkTitles } from "../../src/report/html/index.ts";

describe("ruleIntroductions", () => {
  it("names the first level of each rule, in level order, whatever order the levels come in", () => {
    const levels = [
      { number: 130, chapter: 5, rules: ["key", "number"] },
      { number: 121, chapter: 5, rules: ["key"] },
      { number: 1, chapter: 1 },
      { number: 151, chapter: 6, rules: ["number"] },
      { number: 122, chapter: 5, rules: [] },
      { number: 181, chapter: 7, rules: ["falling"] },
    ];
    expect(ruleIntroductions(levels)).toEqual([
      { rule: "key", level: 121, chapter: 5 },
      { rule: "number", level: 130, chapter: 5 },
      { rule: "falling", level: 181, chapter: 7 },
    ]);
    expect(ruleIntroductions([{ number: 9, chapter: 2, rules: ["b", "a"] }]).map((r) => r.rule)).toEqual(["a", "b"]);
    expect(ruleIntroductions([])).toEqual([]);
  });
});

describe("scopeSvgIds", () => {
  it("renumbers ids under a prefix in order of appearance and rewrites url(#) and href(#) references to them only", () => {
    const svg = `<svg><defs><clipPath id="clip7"><rect/></clipPath><linearGradient id="g"/></defs><g clip-path="url(#clip7)" fill="url(#g)"><use xlink:href="#g"/><a xlink:href="#level-3"><path/></a></g></svg>`;
    expect(scopeSvgIds(svg, "p1-")).toBe(
      `<svg><defs><clipPath id="p1-1"><rect/></clipPath><linearGradient id="p1-2"/></defs><g clip-path="url(#p1-1)" fill="url(#p1-2)"><use xlink:href="#p1-2"/><a xlink:href="#level-3"><path/></a></g></svg>`,
    );
    expect(scopeSvgIds("<svg><rect/></svg>", "x-")).toBe("<svg><rect/></svg>");
  });
});

describe("svgMarkTitles", () => {
  it("gives labelled mark elements a title child and leaves the rest alone", () => {
    const svg = `<g role="graphics-object" aria-label="group"><path aria-label="level 3 · bits 4" role="graphics-symbol" d="M0,0"/><path d="M1,1"/><rect class="background" aria-label="x" aria-hidden="true"/></g>`;
    expect(svgMarkTitles(svg)).toBe(
      `<g role="graphics-object" aria-label="group"><path aria-label="level 3 · bits 4" role="graphics-symbol" d="M0,0"><title>level 3 · bits 4</title></path><path d="M1,1"/><rect class="background" aria-label="x" aria-hidden="true"/></g>`,
    );
  });
});

describe("HTML text helpers", () => {
  it("escapes markup and writes JSON that no string can close the script element with", () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
    const value = { name: "</script><!-- & \u2028 \u2029", n: [1.5, -2] };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("formats metrics with at most 3 decimals and signs deviations", () => {
    expect(formatNumber(5.4)).toBe("5.4");
    expect(formatNumber(12)).toBe("12");
    expect(formatNumber(0.1234567)).toBe("0.123");
    expect(formatNumber(-0.0001)).toBe("0");
    expect(formatSigned(0.25)).toBe("+0.25");
    expect(formatSigned(-1.2)).toBe("-1.2");
    expect(formatSigned(0)).toBe("0");
  });
});

describe("deviationTableHtml", () => {
  const stats = (meanAbs: number, meanTarget: number, breaks = 0) => ({ levels: 4, meanAbs, rms: meanAbs * 1.5, maxAbs: meanAbs * 2, maxAt: 7, bias: -meanAbs / 2, breaks, meanTarget, poolLimited: 0, constraintLimited: 0 });
  const report = (name: string, a: number, b: number): RampDeviation => ({
    name,
    metric: "bits",
    chapters: [
      { chapter: 1, ...stats(a, 10) },
      { chapter: 2, ...stats(b, 10, 1) },
    ],
    all: stats((a + b) / 2, 10, 1),
    levels: [],
  });

  it("bands mean |dev| like the terminal table (good within 5% of the mean target, fair within 15%, poor beyond)", () => {
    const html = deviationTableHtml([report("a.json", 0.4, 1.2), report("b.json", 2, 0.04)]);
    const rows = html.split("<tr").slice(3);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toBe(
      ` class="chapter-row"><th scope="row">1</th><td>4</td><td class="band-good">0.400</td><td>0.600</td><td>0.800 @7</td><td>-0.200</td><td>-</td><td class="band-poor">2.000</td><td>3.000</td><td>4.000 @7</td><td>-1.000</td><td>-</td><td class="">0</td></tr>`,
    );
    expect(rows[1]).toContain(`<td class="band-fair">1.200</td>`);
    expect(rows[1]).toContain(`<td class="breaks">1</td>`);
    expect(rows[2]).toMatch(/^ class="all-row"><th scope="row">all<\/th>/);
    expect(deviationTableHtml([report("a.json", 0.4, 1.2)], [2], false).split("<tr").length - 1).toBe(3);
  });
});
