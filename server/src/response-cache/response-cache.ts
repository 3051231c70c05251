import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { hasBody } from '../body-guard';
import { answerNonce } from '../content-security-policy';
import { type PageCache, type PageCacheHit, type PageReads, pageReads } from '../page-cache/page-cache';
import { storedEncoding } from './accept-encoding';
import { HoledGzip } from './holed-gzip';

/**
 * Cached pages answered without Next, without compressing, hashing or copying them per answer
 * (issue 21): the single server keeps the finished answer of a page-cache hit — after the paint-first
 * rewrite and the nonce swap — cut at that answer's nonce into segments, once as text and once as gzip
 * with holes (holed-gzip.ts). Each later answer writes the segments with a fresh nonce in between, in the
 * body and in every header that named the nonce (the Content-Security-Policy, Link): issue 20's fresh
 * nonce per answer holds, and the render nonce is never stored (an answer that held it is not kept).
 *
 * Only plain document requests are answered: GET without a body, none of Next's router, RSC, preview or
 * revalidation headers or cookies; the key is the URL, and the request headers named by the answer's
 * Vary must match those of the stored one. An answer is kept only if it was 200 HTML, set no cookie,
 * and came whole from the page cache (`x-nextjs-cache: HIT`, and every page-cache read of the request a
 * hit). It is answered only while each of those page-cache entries is still the one the page cache would
 * serve (`PageCache.isCurrent`: same tag-feed sync and tag check as a page-cache read, and not evicted),
 * so it never outlives them: a catalogue change shows on the next request.
 *
 * Gzip is sent whenever acceptable: Brotli (≈ 10 % smaller) cannot have holes with Node's zlib (no
 * preset dictionary, no control of meta-blocks), so a client accepting only `br` goes the usual way.
 * Answers carry a weak ETag of the stored, nonce-free content; a matching If-None-Match gets a 304
 * without Content-Security-Policy: the browser keeps its document and the policy stored with it, whose
 * nonces agree (RFC 9111 §4.3.4: a 304 updates only the headers it carries).
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly pageCache: Pick<PageCache, 'isCurrent'>,
    private readonly renderNonce: string,
    maxBytes: number,
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (entry) => entry.size,
    });
  }

  /** True for a request this cache may answer (and fill from). */
  static eligible(req: IncomingMessage): boolean {
    if (req.method !== 'GET' || hasBody(req)) return false;
    const length = req.headers['content-length'];
    if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined)
      return false;
    if ((req.url ?? '').includes('_rsc=')) return false;
    for (const name of Object.keys(req.headers)) if (NEXT_REQUEST_HEADER.test(name)) return false;
    return !PREVIEW_COOKIE.test(req.headers.cookie ?? '');
  }

  /**
   * Answers `req` from a stored page: 'served'; 'miss' when there is none (or none current), and the
   * request should go to Next through `record`; 'pass' when one is stored but this client cannot take it.
   */
  async serve(req: IncomingMessage, res: ServerResponse): Promise<'served' | 'miss' | 'pass'> {
    const key = req.url ?? '/';
    const entry = this.entries.get(key);
    if (entry === undefined) return 'miss';
    if (!entry.varies.every(([name, value]) => req.headers[name] === value)) return 'miss';
    if (!(await this.pageCache.isCurrent(entry.hits))) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      return 'miss';
    }
    const encoding = storedEncoding(req.headers['accept-encoding']);
    if (encoding === null) return 'pass';
    if (matches(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, entry.notModified);
      res.end();
      return 'served';
    }
    const nonce = answerNonce();
    const headers: OutgoingHttpHeaders = { etag: entry.etag };
    for (const [name, value] of entry.headers) {
      headers[name] = typeof value === 'string' ? value : value.join(nonce);
    }
    const fill = Buffer.from(nonce, 'latin1');
    const pieces = encoding === 'gzip' ? entry.gzip.pieces(fill) : interleave(entry.segments, fill);
    headers['content-length'] = encoding === 'gzip' ? entry.gzip.length : entry.gzip.textLength;
    if (encoding === 'gzip') headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.cork(); // the pieces leave in one write
    const last = pieces.length - 1;
    for (let i = 0; i < last; i++) res.write(pieces[i]);
    res.end(pieces[last]);
    return 'served';
  }

  /**
   * Handles `req` through `handle` (Next), keeping its answer if it can be answered again: `nonce` is the
   * answer's, and the hook must see the body as it leaves for compression.
   */
  record(req: IncomingMessage, res: ServerResponse, nonce: string, handle: () => unknown): unknown {
    const reads: PageReads = { hits: [], missed: false };
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_PAGE_BYTES)
        return;
      const bytes =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      chunks.push(bytes);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      return write(...args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      const result = end(...args);
      if (size <= MAX_PAGE_BYTES) setImmediate(() => this.keep(req, res, reads, chunks, nonce));
      return result;
    }) as ServerResponse['end'];
    return pageReads.run(reads, handle);
  }

  private keep(req: IncomingMessage, res: ServerResponse, reads: PageReads, chunks: Buffer[], nonce: string) {
    if (res.statusCode !== 200 || reads.missed || reads.hits.length === 0) return;
    if (res.getHeader('x-nextjs-cache') !== 'HIT' || res.getHeader('set-cookie') !== undefined) return;
    if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return;
    const body = Buffer.concat(chunks);
    if (body.includes(this.renderNonce, 0, 'latin1')) return; // never stored, whatever happened upstream
    const segments = split(body, Buffer.from(nonce, 'latin1'));
    const gzip = HoledGzip.encode(segments, nonce.length);
    if (!gzip) return;
    const headers: Entry['headers'] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue;
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      if (text.includes(this.renderNonce)) return;
      headers.push([name, text.includes(nonce) ? text.split(nonce) : text]);
    }
    const vary = String(res.getHeader('vary') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name && name !== 'accept-encoding');
    if (vary.includes('*')) return;
    const hash = createHash('sha256');
    for (const segment of segments) hash.update(segment).update('\0');
    const etag = `W/"${hash.digest('base64url').slice(0, 27)}"`;
    const notModified: OutgoingHttpHeaders = { etag };
    for (const [name, value] of headers)
      if (NOT_MODIFIED.has(name) && typeof value === 'string') notModified[name] = value;
    this.entries.set(req.url ?? '/', {
      hits: reads.hits,
      varies: vary.map((name) => [name, req.headers[name]]),
      headers,
      notModified,
      segments,
      gzip,
      etag,
      size: 1024 + body.length + gzip.length,
    });
  }

  get size(): number {
    return this.entries.size;
  }
}

interface Entry {
  /** The page-cache entries the answer came from. */
  hits: readonly PageCacheHit[];
  /** Request headers the answer varies on (Vary, but Accept-Encoding), and their values then. */
  varies: [string, string | string[] | undefined][];
  /** Response headers replayed: a value naming the answer's nonce is kept cut at it. */
  headers: [string, string | string[]][];
  notModified: OutgoingHttpHeaders;
  /** The text cut at the answer's nonce. */
  segments: Buffer[];
  gzip: HoledGzip;
  etag: string;
  size: number;
}

/** The largest page kept. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** Requests of Next's router, RSC, prefetch, server actions, preview or revalidation. */
const NEXT_REQUEST_HEADER = /^(?:rsc$|next-|x-prerender-|x-middleware-|x-nextjs-)/;
const PREVIEW_COOKIE = /(?:^|;)\s*(?:__prerender_bypass|__next_preview_data)=/;
/** Per answer (Date is Node's own), per encoding, or dropped from HTML answers (validators). */
const NOT_REPLAYED = new Set([
  'date',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'etag',
  'last-modified',
  'set-cookie',
]);
/** What a 304 says besides its ETag (never the Content-Security-Policy: see the class comment). */
const NOT_MODIFIED = new Set(['cache-control', 'vary', 'expires', 'content-location']);

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const tag = etag.slice(2);
  return ifNoneMatch.split(',').some((item) => {
    const candidate = item.trim();
    return candidate === '*' || (candidate.startsWith('W/') ? candidate.slice(2) : candidate) === tag;
  });
}

function split(body: Buffer, at: Buffer): Buffer[] {
  const segments: Buffer[] = [];
  let from = 0;
  for (let i = body.indexOf(at); i !== -1; i = body.indexOf(at, from)) {
    segments.push(body.subarray(from, i));
    from = i + at.length;
  }
  segments.push(body.subarray(from));
  return segments;
}

function interleave(segments: readonly Buffer[], fill: Buffer): Buffer[] {
  return segments.flatMap((segment, i) => (i === 0 ? [segment] : [fill, segment]));
}
