import type { ServerResponse } from 'node:http';
import onHeaders from 'on-headers';

/** Rewrites a response body's text chunk by chunk; `end` returns what it still held back. */
export interface BodyRewriter {
  push(chunk: string): string;
  end(): string;
  /** True once the rest of the body may be sent as it is (skips the copying). */
  readonly passingThrough?: boolean;
  /**
   * The same rewrite on the bytes themselves, when the rewriter has it: no Latin-1 text is made, and a
   * chunk with nothing to change can go out as it came.
   */
  bytes?: {
    /** `owned`: the chunk was made for this rewrite (from a string), so it may be written into. */
    push(chunk: Buffer, owned: boolean): Buffer;
    end(): Buffer;
  };
}

/**
 * Applies the rewriter `choose` returns to `res`'s body, decided when the headers go out or at the first
 * write, whichever comes first (null: the body passes untouched). The bytes are read as Latin-1, one
 * character per byte: what the rewriters look for is ASCII, every other byte (UTF-8 text included) comes
 * out as it went in, a chunk boundary cannot split a character, and nothing is decoded or encoded as UTF-8.
 * The length Next computed is the length before the rewrite, so it is dropped.
 */
export function rewriteBody(res: ServerResponse, choose: () => BodyRewriter | null): void {
  let rewriter: BodyRewriter | null | undefined;
  const decide = (): BodyRewriter | null => {
    if (rewriter !== undefined) return rewriter;
    rewriter = choose();
    if (rewriter && !res.headersSent) res.removeHeader('content-length');
    return rewriter;
  };
  onHeaders(res, () => {
    decide();
  });
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const active = decide();
    if (!active || chunk === undefined || chunk === null) return write(chunk, ...rest);
    const callback = rest.find((arg) => typeof arg === 'function');
    const bytes = asBytes(chunk, rest[0]);
    if (active.passingThrough) return write(bytes, callback);
    if (active.bytes) return write(active.bytes.push(bytes, bytes !== chunk), callback);
    return write(Buffer.from(active.push(bytes.toString('latin1')), 'latin1'), callback);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    const active = decide();
    if (!active) return end(...args);
    const callback = args.find((arg) => typeof arg === 'function');
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const bytes = chunk === undefined || chunk === null ? null : asBytes(chunk, args[1]);
    if (active.passingThrough) return bytes ? end(bytes, callback) : end(callback);
    if (active.bytes) {
      const pushed = bytes ? active.bytes.push(bytes, bytes !== chunk) : EMPTY;
      const rest = active.bytes.end();
      const last = rest.length === 0 ? pushed : Buffer.concat([pushed, rest]);
      return last.length > 0 ? end(last, callback) : end(callback);
    }
    const text = (bytes ? active.push(bytes.toString('latin1')) : '') + active.end();
    return text ? end(Buffer.from(text, 'latin1'), callback) : end(callback);
  }) as ServerResponse['end'];
}

const EMPTY = Buffer.alloc(0);

/** The chunk's bytes: itself when it is a Buffer, else a new one. */
function asBytes(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
}
