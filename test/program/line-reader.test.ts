import { describe, expect, it } from "vitest";
import { firstInvalidUtf8 } from "../../src/io/hostile/first-invalid-utf8.ts";
import { LineReader } from "../../src/program/line-reader.ts";
import { createRng } from "../../src/random/create-rng.ts";

// The wire's line reader (SPEC 10): lines split in one pass, the 64 MiB limit
// enforced while a line comes in (before: a 200 MB line was read whole
// before it was refused), UTF-8 or refused (before: it was replaced).

const MIB = 1024 * 1024;

describe("LineReader", () => {
  it("splits lines across chunks, drops a \\r before the \\n, and decodes a character split between chunks", () => {
    const reader = new LineReader(100);
    const bytes = Buffer.from('{"a":"é"}\r\n\n{"b":"日本"}\n{"c"');
    const lines: string[] = [];
    for (let i = 0; i < bytes.length; i++) lines.push(...reader.push(bytes.subarray(i, i + 1)));
    expect(lines).toEqual(['{"a":"é"}', "", '{"b":"日本"}']);
    expect(reader.unfinished()).toBe('{"c"');
    expect(reader.fault).toBeNull();
  });

  it("a line of exactly the limit passes; one byte more is refused", () => {
    const exact = new LineReader(8);
    expect(exact.push(Buffer.from("12345678\n"))).toEqual(["12345678"]);
    const over = new LineReader(8);
    expect(over.push(Buffer.from("123456789\n"))).toEqual([]);
    expect(over.fault).toMatchObject({ kind: "too-long", maxBytes: 8, head: "123456789" });
  });

  it("a 200 MB line is refused at the chunk that passes 64 MiB, before its end, keeping nothing (before: read whole, 0.7–1.35 GB)", () => {
    const reader = new LineReader(64 * MIB);
    const chunk = Buffer.alloc(64 * 1024, "x");
    let pushed = 0;
    while (!reader.fault && pushed < 3200) {
      expect(reader.push(chunk)).toEqual([]);
      pushed++;
    }
    // 1,024 chunks of 64 KiB fill the limit exactly; the 1,025th passes it.
    expect(pushed).toBe(1025);
    expect(reader.fault).toMatchObject({ kind: "too-long", maxBytes: 64 * MIB });
    expect(reader.fault!.head).toBe("x".repeat(400));
    expect(reader.unfinished()).toBe("");
    expect(reader.push(Buffer.from("more\n"))).toEqual([]); // stopped for good
  });

  it("a line that is not UTF-8 is refused with the offset and value of its first bad byte, never replaced", () => {
    const reader = new LineReader(100);
    expect(reader.push(Buffer.from('{"ok":1}\n'))).toEqual(['{"ok":1}']);
    expect(reader.push(Buffer.concat([Buffer.from('{"s":"caf'), Buffer.from([0xff]), Buffer.from('"}\n{"next":1}\n')]))).toEqual([]);
    expect(reader.fault).toMatchObject({ kind: "utf8", offset: 9, byte: 0xff });
  });
});

describe("firstInvalidUtf8", () => {
  it("places the hand-made faults of RFC 3629: a stray continuation, an overlong form, a surrogate, past U+10FFFF, a cut sequence", () => {
    const at = (...bytes: number[]) => firstInvalidUtf8(Uint8Array.from(bytes));
    expect(at(0x61, 0xe6, 0x97, 0xa5)).toBe(-1); // a日
    expect(at(0x61, 0x80)).toBe(1);
    expect(at(0xc0, 0xaf)).toBe(0); // overlong '/'
    expect(at(0xe0, 0x80, 0xaf)).toBe(0); // overlong, three bytes
    expect(at(0x61, 0xed, 0xa0, 0x80)).toBe(1); // U+D800
    expect(at(0xf4, 0x90, 0x80, 0x80)).toBe(0); // U+110000
    expect(at(0x61, 0x62, 0xe6, 0x97)).toBe(2); // cut short at the end
    expect(at(0xf0, 0x9f, 0x98, 0x80)).toBe(-1); // an emoji, four bytes
  });

  it("agrees with the platform's strict decoder on 3,000 random byte strings (where it fails, the prefix before the offset decodes)", () => {
    const strict = new TextDecoder("utf-8", { fatal: true });
    const rng = createRng("utf8");
    const pieces = [[0x61], [0xc3, 0xa9], [0xe6, 0x97, 0xa5], [0xf0, 0x9f, 0x98, 0x80], [0x80], [0xc0], [0xed, 0xa0], [0xf5], [0xe0, 0x9f], [0xf4, 0x90]];
    for (let n = 0; n < 3000; n++) {
      const bytes = Uint8Array.from(Array.from({ length: 1 + Math.floor(rng() * 8) }, () => pieces[Math.floor(rng() * pieces.length)]).flat());
      let valid = true;
      try {
        strict.decode(bytes);
      } catch {
        valid = false;
      }
      const offset = firstInvalidUtf8(bytes);
      expect(offset === -1, `${Buffer.from(bytes).toString("hex")}`).toBe(valid);
      if (!valid) {
        expect(() => strict.decode(bytes.subarray(0, offset))).not.toThrow();
        expect(() => strict.decode(bytes.subarray(0, offset + 1)), `${Buffer.from(bytes).toString("hex")} at ${offset}`).toThrow();
      }
    }
  });
});
