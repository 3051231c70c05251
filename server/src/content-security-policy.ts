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
 * HTML answers lose their validators (ETag, Last-Modified) and conditional page requests theirs: a 304
 * would keep the cached document with an old nonce under a new policy, and nothing would run.
 */
export interface PagePolicy {
  /** The process's render nonce. */
  renderNonce: string;
  /** The script part of a page's policy for an answer's nonce (`pageScriptPolicy` of the storefront). */
  scriptPolicy(nonce: string): string;
  /** The policy of JSON answers (`default-src 'none'`). */
  apiPolicy: string;
}

/** A fresh nonce, as long as the render nonce (so a replaced text keeps its length). */
export function answerNonce(): string {
  return randomBytes(16).toString('base64url');
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

/** Replaces every occurrence of `from` by `to` in a stream of text, across chunk boundaries. */
export class NonceSwap implements BodyRewriter {
  private carry = '';

  constructor(
    private readonly from: string,
    private readonly to: string,
  ) {}

  push(chunk: string): string {
    const text = this.carry + chunk;
    let out = '';
    let done = 0;
    for (let at = text.indexOf(this.from); at !== -1; at = text.indexOf(this.from, done)) {
      out += text.slice(done, at) + this.to;
      done = at + this.from.length;
    }
    // The end may be the start of an occurrence cut by the chunk boundary: held back for the next chunk.
    const rest = text.slice(done);
    const keep = partialMatchAtEnd(rest, this.from);
    this.carry = rest.slice(rest.length - keep);
    return out + rest.slice(0, rest.length - keep);
  }

  end(): string {
    const rest = this.carry;
    this.carry = '';
    return rest;
  }
}

/** How many characters at the end of `text` begin `word` without completing it. */
function partialMatchAtEnd(text: string, word: string): number {
  for (let length = Math.min(word.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(word.slice(0, length))) return length;
  }
  return 0;
}
