import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import onHeaders from 'on-headers';
import { type BodyRewriter, rewriteBody } from './body-rewrite';

/**
 * A Content-Security-Policy with a nonce of its own on every page (issue 20 item 10), although pages are
 * rendered once and answered from the page cache to everyone.
 *
 * Next renders every page with the process's *render nonce* (`apps/storefront/src/security/render-nonce.ts`):
 * this module puts it in the request's `Content-Security-Policy` header, which Next reads and writes on
 * every script it and React emit (framework chunks, the RSC payload's inline scripts, Turbopack's
 * bootstrap); the storefront's two inline scripts take it too. Every answer then gets a fresh nonce: the
 * render nonce is replaced by it wherever it occurs in the answer's text (the HTML, the RSC payload of a
 * navigation, headers), and the answer's policy names it. Nothing is recognised by its shape and no nonce
 * is added to what arrives without one: only what the server rendered as a trusted script carries the
 * render nonce, and since no answer ever contains it, no visitor can learn it and write it on a script
 * of their own. A request's own Content-Security-Policy headers are dropped, so nobody can choose the
 * nonce a cached page is rendered with.
 *
 * Answers that come from Next lose their HTML validators (ETag, Last-Modified) and conditional page
 * requests theirs: Next's 304 would carry the new answer's policy over the cached document's old nonce,
 * and nothing would run. Pages the response cache answers (response-cache/response-cache.ts) carry a weak
 * ETag of their nonce-free content instead, and its 304 carries no Content-Security-Policy at all, so the
 * browser keeps the document and the policy it stored together.
 */
export interface PagePolicy {
  /** The process's render nonce. */
  renderNonce: string;
  /** The script part of a page's policy for an answer's nonce (`pageScriptPolicy` of the storefront). */
  scriptPolicy(nonce: string): string;
  /** The policy of JSON answers (`default-src 'none'`). */
  apiPolicy: string;
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn at once: one call per page for 16 bytes cost about 1 % of a page. */
let pool = Buffer.alloc(0);
let taken = 0;

/** A fresh nonce, as long as the render nonce (so a replaced text keeps its length). */
export function answerNonce(): string {
  if (taken + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    taken = 0;
  }
  taken += NONCE_BYTES;
  return pool.toString('base64url', taken - NONCE_BYTES, taken);
}

/**
 * Prepares a request for Next and its answer: `nonce` is the answer's (the paint-first loader writes it
 * on its own scripts). Install it after `paintFirst`, so the HTML reaches the paint-first rewrite with the
 * answer's nonce already in place.
 */
export function applyContentSecurityPolicy(
  req: IncomingMessage,
  res: ServerResponse,
  policy: PagePolicy,
  nonce: string,
): void {
  req.headers['content-security-policy'] = `script-src 'nonce-${policy.renderNonce}'`;
  delete req.headers['content-security-policy-report-only'];
  if (/\btext\/html\b/.test(req.headers.accept ?? '')) {
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
  }
  onHeaders(res, () => {
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (typeof value === 'string' && value.includes(policy.renderNonce)) {
        res.setHeader(name, value.replaceAll(policy.renderNonce, nonce));
      }
    }
    const type = String(res.getHeader('content-type') ?? '');
    const framing = String(res.getHeader('content-security-policy') ?? '');
    if (type.startsWith('text/html')) {
      res.setHeader('content-security-policy', joinPolicies(framing, policy.scriptPolicy(nonce)));
      res.removeHeader('etag');
      res.removeHeader('last-modified');
    } else if (/^application\/(?:[\w.+-]+\+)?json\b/.test(type)) {
      res.setHeader('content-security-policy', joinPolicies(framing, policy.apiPolicy));
    }
  });
  rewriteBody(res, () => {
    const type = String(res.getHeader('content-type') ?? '');
    const textual = /^(?:text\/|application\/(?:[\w.+-]+\+)?json\b)/.test(type);
    return textual && !res.getHeader('content-encoding') ? new NonceSwap(policy.renderNonce, nonce) : null;
  });
}

function joinPolicies(...policies: string[]): string {
  return policies.filter((p) => p.trim() !== '').join('; ');
}

const EMPTY = Buffer.alloc(0);

/**
 * Replaces every occurrence of `from` by `to` in a stream, across chunk boundaries. It works on the bytes
 * (`bytes`, used by `rewriteBody`): every page answer passes through it whole, so the search is the
 * buffer's native `indexOf`, a chunk without the nonce goes out as it came, and one with it is copied once
 * (the nonce written over in place when `to` is as long as `from`, as answer nonces are). `push`/`end` do
 * the same on Latin-1 text, one character per byte, as `rewriteBody` reads bodies.
 */
export class NonceSwap implements BodyRewriter {
  private readonly from: Buffer;
  private readonly to: Buffer;
  private carry: Buffer = EMPTY;

  constructor(from: string, to: string) {
    this.from = Buffer.from(from, 'latin1');
    this.to = Buffer.from(to, 'latin1');
    if (this.from.length === 0) throw new Error('An empty nonce cannot be replaced.');
  }

  readonly bytes = {
    push: (chunk: Buffer, owned = false): Buffer => {
      const joined = this.carry.length > 0;
      const input = joined ? Buffer.concat([this.carry, chunk]) : chunk;
      const result = this.replaced(input, owned || joined);
      // The end may be the start of an occurrence cut by the chunk boundary: held back for the next chunk.
      const keep = partialMatchAtEnd(result, this.from);
      this.carry = keep > 0 ? Buffer.from(result.subarray(result.length - keep)) : EMPTY;
      return keep > 0 ? result.subarray(0, result.length - keep) : result;
    },
    end: (): Buffer => {
      const rest = this.carry;
      this.carry = EMPTY;
      return rest;
    },
  };

  push(chunk: string): string {
    return this.bytes.push(Buffer.from(chunk, 'latin1'), true).toString('latin1');
  }

  end(): string {
    return this.bytes.end().toString('latin1');
  }

  /**
   * `input` with every occurrence replaced: itself when there is none. It is written into only when
   * `owned` (made for this answer: a chunk Next wrote as a string, or one joined here); a Buffer Next
   * wrote may be its cached page, shared by every answer, and is copied.
   */
  private replaced(input: Buffer, owned: boolean): Buffer {
    let at = input.indexOf(this.from);
    if (at === -1) return input;
    if (this.to.length === this.from.length) {
      const output = owned ? input : Buffer.from(input);
      for (; at !== -1; at = input.indexOf(this.from, at + this.from.length)) this.to.copy(output, at);
      return output;
    }
    const parts: Buffer[] = [];
    let done = 0;
    for (; at !== -1; at = input.indexOf(this.from, done)) {
      parts.push(input.subarray(done, at), this.to);
      done = at + this.from.length;
    }
    parts.push(input.subarray(done));
    return Buffer.concat(parts);
  }
}

/** How many bytes at the end of `data` begin `word` without completing it. */
function partialMatchAtEnd(data: Buffer, word: Buffer): number {
  for (let length = Math.min(word.length - 1, data.length); length > 0; length--) {
    if (data.subarray(data.length - length).equals(word.subarray(0, length))) return length;
  }
  return 0;
}
