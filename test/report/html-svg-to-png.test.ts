import { describe, expect, it } from "vitest";
import { carillonBackend } from "../../src/carillon/carillon-backend.ts";
import { LevelrampError } from "../../src/io/errors.ts";
import { bundledFont, svgToPng } from "../../src/render/index.ts";
import { darkPixels, decodePng } from "./html-png.ts";

const page = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" viewBox="0 0 200 60"><rect width="200" height="60" fill="#ffffff"/>${inner}</svg>`;

describe("svgToPng (resvg with the bundled font)", () => {
  it("renders text: the same picture with and without a word differs, and the word paints dark pixels", () => {
    const blank = decodePng(svgToPng(page("")));
    const texts = ["sans-serif", "serif", "monospace", "NoSuchFamily"].map((family) =>
      decodePng(svgToPng(page(`<text x="10" y="42" font-size="32" font-family="${family}" fill="#000">Level 12</text>`))),
    );
    expect(blank.width).toBe(200);
    expect(blank.height).toBe(60);
    expect(darkPixels(blank)).toBe(0);
    for (const img of texts) {
      expect(img.width).toBe(200);
      expect(Buffer.from(img.pixels).equals(Buffer.from(blank.pixels))).toBe(false);
      // "Level 12" at 32 px covers a few hundred dark pixels; tofu boxes or nothing would not.
      expect(darkPixels(img)).toBeGreaterThan(300);
    }
    // Every generic family maps to the one bundled family: identical pixels.
    expect(Buffer.from(texts[0].pixels).equals(Buffer.from(texts[2].pixels))).toBe(true);
  });

  it("bold text paints more than regular text (both bundled weights load)", () => {
    const regular = darkPixels(decodePng(svgToPng(page(`<text x="10" y="42" font-size="32">Level 12</text>`))));
    const bold = darkPixels(decodePng(svgToPng(page(`<text x="10" y="42" font-size="32" font-weight="bold">Level 12</text>`))));
    expect(bold).toBeGreaterThan(regular * 1.15);
  });

  it("scales to a requested width, keeping the aspect ratio", () => {
    const img = decodePng(svgToPng(page(""), { width: 500 }));
    expect(img.width).toBe(500);
    expect(img.height).toBe(150);
  });

  it("draws a level picture of the game back end with its title text", () => {
    const body = {
      width: 640,
      height: 900,
      dots: [
        { x: 200, y: 300, size: "normal" as const, note: 0 },
        { x: 260, y: 320, size: "big" as const, note: 3 },
      ],
    };
    const without = decodePng(svgToPng(carillonBackend.renderSvg(body)));
    const titled = decodePng(svgToPng(carillonBackend.renderSvg(body, { title: "Level 7 — two dots" })));
    expect(without.width).toBe(640);
    expect(without.height).toBe(900);
    // The title is drawn at the top left in 18-unit text.
    expect(darkPixels(titled)).toBeGreaterThan(darkPixels(without) + 150);
  });

  it("names the font files it uses, from the package's fonts/ folder", () => {
    const font = bundledFont();
    expect(font.family).toBe("Roboto");
    expect(font.files).toHaveLength(2);
    for (const f of font.files) expect(f).toMatch(/[\\/]fonts[\\/]Roboto_(400Regular|700Bold)\.ttf$/);
  });

  it("refuses a bad width, a missing font file and unreadable SVG with a module-prefixed error", () => {
    expect(() => svgToPng(page(""), { width: 0 })).toThrow(/render\/svg-to-png: expected width/);
    expect(() => svgToPng(page(""), { width: 10.5 })).toThrow(LevelrampError);
    expect(() => svgToPng(page(""), { font: { family: "X", files: ["no/such/font.ttf"] } })).toThrow(/render\/svg-to-png: font file no\/such\/font.ttf/);
    expect(() => svgToPng("<svg")).toThrow(/render\/svg-to-png: could not read the SVG/);
  });
});
