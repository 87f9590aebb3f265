import { isUtf8 } from "node:buffer";

/**
 * The offset of the first byte of `bytes` that does not belong to a
 * well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates
 * U+D800–U+DFFF, nothing past U+10FFFF, no sequence cut short), or -1 when
 * the bytes are UTF-8. Linear: Node's own check first (`buffer.isUtf8`), the
 * byte-by-byte walk only to place a fault.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return -1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n === 0) return i;
    // The second byte's range depends on the first (RFC 3629 §4: overlongs, surrogates, past U+10FFFF); later ones are 80–BF.
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < n; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += n;
  }
  return -1;
}
