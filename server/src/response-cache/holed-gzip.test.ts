import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineCrc32, crc32Shift } from './crc32-combine';
import { HoledGzip } from './holed-gzip';

const HOLE = 22;
const randomNonce = () => Buffer.from(randomBytes(16).toString('base64url'));

/** Page-like text: repetitive markup (long back-references) with UTF-8 and scripts around the holes. */
const piece = fc
  .array(
    fc.constantFrom(
      '<div class="row"><span>Ladder tray – größe 12</span></div>',
      '<script src="/_next/static/chunks/a.js" async="" nonce="',
      '"></script>',
      'self.__next_f.push([1,"0:HL[\\"/a.css\\"]"])',
      'x',
      '',
    ),
    { maxLength: 400 },
  )
  .map((parts) => parts.join(''));

describe('combining CRC-32s', () => {
  it('gives the CRC of the concatenation', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 70_000 }), (a, b) => {
        const whole = crc32(Buffer.concat([a, b]));
        expect(combineCrc32(crc32(a), crc32(b), crc32Shift(b.length))).toBe(whole);
      }),
      { seed: 21, numRuns: 100 },
    );
  });
});

describe('gzip with holes', () => {
  it('decodes to the text with each answer’s fill in every hole, whatever the text and cuts', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 30 }), (texts) => {
        const segments = texts.map((text) => Buffer.from(text));
        const gzip = HoledGzip.encode(segments, HOLE);
        expect(gzip).not.toBeNull();
        // Two different fills decode from the same stored segments: no back-reference reaches a hole.
        for (const fill of [randomNonce(), randomNonce()]) {
          const stream = Buffer.concat(gzip?.pieces(fill) ?? []);
          expect(stream.length).toBe(gzip?.length);
          expect(gunzipSync(stream).toString()).toBe(texts.join(fill.toString()));
        }
      }),
      { seed: 2026_11_27, numRuns: 60 },
    );
  });

  it('keeps back-references away from holes even when the text repeats around them', () => {
    // The worst case for a hole: the same nonce-like text before and after it, far beyond one window.
    const around = 'nonce="AAAAAAAAAAAAAAAAAAAAAA" '.repeat(3000);
    const segments = [around, around, `${around}</html>`].map((text) => Buffer.from(text));
    const gzip = HoledGzip.encode(segments, HOLE);
    for (const fill of [Buffer.from('A'.repeat(HOLE)), randomNonce()]) {
      const text = gunzipSync(Buffer.concat(gzip?.pieces(fill) ?? [])).toString();
      expect(text).toBe(segments.map(String).join(fill.toString()));
    }
  });

  it('refuses a text with a NUL byte and a fill of the wrong length', () => {
    expect(HoledGzip.encode([Buffer.from('a\0b'), Buffer.from('c')], HOLE)).toBeNull();
    const gzip = HoledGzip.encode([Buffer.from('a'), Buffer.from('b')], HOLE);
    expect(() => gzip?.pieces(Buffer.from('short'))).toThrow();
  });
});
