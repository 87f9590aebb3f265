import { inflateSync } from "node:zlib";

/** A decoded 8-bit RGBA PNG. */
export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA bytes, row by row. */
  pixels: Uint8Array;
}

/**
 * A plain PNG reader for tests (8-bit RGBA as resvg writes, or 8-bit RGB as
 * Chromium's screenshots; non-interlaced): chunks, inflated IDAT, the five
 * scanline filters of the PNG specification undone, RGB widened to RGBA.
 */
export function decodePng(png: Uint8Array): DecodedPng {
  const b = Buffer.from(png);
  if (b.readUInt32BE(0) !== 0x89504e47) throw new Error("test: not a PNG");
  let off = 8;
  let width = 0;
  let height = 0;
  let bpp = 4;
  const idat: Buffer[] = [];
  while (off < b.length) {
    const len = b.readUInt32BE(off);
    const type = b.toString("latin1", off + 4, off + 8);
    const data = b.subarray(off + 8, off + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || (data[9] !== 6 && data[9] !== 2) || data[12] !== 0) throw new Error(`test: expected an 8-bit RGB(A) non-interlaced PNG (depth ${data[8]}, colour ${data[9]})`);
      bpp = data[9] === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? pixels[y * stride + x - bpp] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? pixels[(y - 1) * stride + x - bpp] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += up;
      else if (filter === 3) v += (a + up) >> 1;
      else if (filter === 4) {
        const p = a + up - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? up : c;
      }
      pixels[y * stride + x] = v & 0xff;
    }
  }
  if (bpp === 4) return { width, height, pixels };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < pixels.length; i += 3, j += 4) {
    rgba[j] = pixels[i];
    rgba[j + 1] = pixels[i + 1];
    rgba[j + 2] = pixels[i + 2];
    rgba[j + 3] = 255;
  }
  return { width, height, pixels: rgba };
}

/** Pixels darker than `limit` (mean of R, G, B) with alpha above 128. */
export function darkPixels(img: DecodedPng, limit = 128): number {
  let n = 0;
  for (let i = 0; i < img.pixels.length; i += 4) {
    const p = img.pixels;
    if (p[i + 3] > 128 && (p[i] + p[i + 1] + p[i + 2]) / 3 < limit) n++;
  }
  return n;
}
