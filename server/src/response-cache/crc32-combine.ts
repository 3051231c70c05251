import { crc32 } from 'node:zlib';

/**
 * CRC-32 of a concatenation from the CRCs of its parts (zlib's `crc32_combine_gen`/`crc32_combine_op`,
 * which Node does not expose): a page answered with fresh nonces gets its gzip trailer without hashing
 * the page again. Polynomials are reflected, as in zlib: bit 31 is x^0.
 */
const POLY = 0xedb88320;

/** a(x) · b(x) modulo p(x). */
export function multiplyModP(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if (a & m) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo p(x), n = 0…31. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let n = 1; n < 32; n++) {
    p = multiplyModP(p, p);
    table.push(p);
  }
  return table;
})();

/**
 * The operator that appends `length` bytes to a CRC (x^(8·length) modulo p(x)): computed once per part
 * length, then `combineCrc32` costs one multiplication.
 */
export function crc32Shift(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyModP(X2N[k & 31] as number, p);
  }
  return p;
}

/** The CRC of A followed by B, from crc(A), crc(B) and `crc32Shift(length of B)`. */
export function combineCrc32(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

export { crc32 };
