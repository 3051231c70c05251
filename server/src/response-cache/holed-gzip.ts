import { constants, deflateRawSync } from 'node:zlib';
import { crc32, crc32Shift, multiplyModP } from './crc32-combine';

/**
 * A gzip stream of a text "with holes": the text is compressed once, and each answer fills every hole with
 * the same bytes of its own (a page's per-answer nonce, content-security-policy.ts) without compressing
 * or hashing the page again.
 *
 * Each segment between holes is raw deflate on its own, with the ≤ 32 KB of text before it as preset
 * dictionary — the holes in that dictionary filled with NUL bytes — ending byte-aligned (Z_SYNC_FLUSH; the
 * last with Z_FINISH). A hole is written as a stored block (0x00, LEN, NLEN, the bytes) between segments.
 * The decoder's window holds the real hole bytes where the encoder saw NULs, so a back-reference into a
 * hole would decode differently — but one can only be made for a NUL in the segment, and the text has
 * none (`encode` refuses it): no reference ever reaches a hole, so any fill decodes to the right text.
 * The trailer's CRC-32 comes from the text's with NULs in the holes: a CRC is linear, so filling every
 * hole with the same bytes adds (their CRC difference from NULs) · Σ x^(8·bytes after the hole), a sum
 * computed once (crc32-combine.ts): one multiplication per answer.
 */
export class HoledGzip {
  private constructor(
    /** Compressed segments: one more than there are holes. */
    private readonly parts: readonly Buffer[],
    /** CRC-32 of the text with NULs in the holes. */
    private readonly nulCrc: number,
    /** Σ over holes of x^(8·bytes after it), modulo the CRC polynomial. */
    private readonly holesShift: number,
    readonly holeLength: number,
    /** CRC-32 of a hole of NULs. */
    private readonly nulHoleCrc: number,
    /** Bytes of the decoded text, holes included. */
    readonly textLength: number,
    /** Bytes of every answer's gzip stream. */
    readonly length: number,
  ) {}

  /**
   * Compresses `segments` (the text cut at its holes, each hole `holeLength` bytes). Null when the text
   * holds a NUL byte (the holes could then be reached) or a hole cannot be a stored block.
   */
  static encode(segments: readonly Buffer[], holeLength: number, level = 9): HoledGzip | null {
    if (segments.length === 0 || holeLength < 1 || holeLength > 0xffff) return null;
    if (segments.some((segment) => segment.includes(0))) return null;
    const hole = Buffer.alloc(holeLength); // NULs
    const holed = Buffer.concat(segments.flatMap((segment, i) => (i === 0 ? [segment] : [hole, segment])));
    const parts: Buffer[] = [];
    let at = 0;
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1;
      const window = holed.subarray(Math.max(0, at - WINDOW), at);
      parts.push(
        deflateRawSync(segment, {
          level,
          memLevel: 9,
          ...(window.length > 0 ? { dictionary: window } : {}),
          finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
        }),
      );
      at += segment.length + holeLength;
    });
    const holes = segments.length - 1;
    const length =
      HEADER.length + parts.reduce((sum, part) => sum + part.length, 0) + holes * (5 + holeLength) + 8;
    let holesShift = 0;
    let after = holed.length;
    for (let i = 0; i < holes; i++) {
      after -= (segments[i] as Buffer).length + holeLength;
      holesShift ^= crc32Shift(after);
    }
    return new HoledGzip(
      parts,
      crc32(holed),
      holesShift >>> 0,
      holeLength,
      crc32(hole),
      holed.length,
      length,
    );
  }

  /** The pieces of one answer's gzip stream, every hole filled with `fill` (written in this order). */
  pieces(fill: Buffer): Buffer[] {
    if (fill.length !== this.holeLength) throw new Error('A fill must be exactly as long as a hole.');
    const stored = Buffer.allocUnsafe(5 + fill.length);
    stored[0] = 0; // BFINAL 0, BTYPE 00 (stored), then the rest of the byte: the stream is byte-aligned
    stored.writeUInt16LE(fill.length, 1);
    stored.writeUInt16LE(~fill.length & 0xffff, 3);
    fill.copy(stored, 5);
    const out: Buffer[] = [HEADER, this.parts[0] as Buffer];
    for (let i = 1; i < this.parts.length; i++) out.push(stored, this.parts[i] as Buffer);
    const crc = this.nulCrc ^ multiplyModP(this.holesShift, crc32(fill) ^ this.nulHoleCrc);
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(this.textLength % 2 ** 32, 4);
    out.push(trailer);
    return out;
  }
}

/** Deflate's window: a dictionary longer than this is never referenced. */
const WINDOW = 32 * 1024;
/** ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
