/** Powers of ten that are exact doubles (10^0 .. 10^22). */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * `text[from, to)` as a number when it is a plain decimal — optional sign,
 * digits, optional `.digits`, at most 15 digits in all and no exponent — else
 * NaN (the caller then takes the slow, exact path). The value is exact:
 * an integer below 2^53 divided by an exact power of ten is one correctly
 * rounded operation, the same double `Number()` gives. The CSV pool reader's
 * fast path for metric cells (SPEC 3); it throws nothing.
 *
 * @param text the whole text; `from`/`to` are UTF-16 offsets, `to` exclusive.
 * @returns the value, or NaN when the text is not such a plain decimal.
 */
export function plainDecimal(text: string, from: number, to: number): number {
  let i = from;
  let sign = 1;
  const c0 = text.charCodeAt(i);
  if (c0 === 45 || c0 === 43) {
    sign = c0 === 45 ? -1 : 1;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) fraction = 0;
    else return NaN;
  }
  if (digits === 0 || digits > 15) return NaN;
  return sign * (fraction > 0 ? mantissa / POW10[fraction] : mantissa);
}
