import { randomBytes } from 'node:crypto';

/**
 * The nonce pages are rendered with (server/src/content-security-policy.ts): one random value per process.
 * The site server puts it in the Content-Security-Policy header of every request it hands to Next, so Next
 * and React write it on every script they emit, and our own inline scripts take it from `renderNonce()`.
 * Rendered pages are cached with it; the site server replaces it in every answer with a nonce of that
 * answer alone, so it never reaches a browser and a visitor cannot learn it to put on a script of their
 * own. It lives on `globalThis` under a registered symbol, so the copy of this module Next bundles finds
 * the value the server made.
 */
const KEY = Symbol.for('catalogue.cspRenderNonce');

type Holder = { [KEY]?: string };

/** The process's render nonce, made on the first call (by the site server at start). */
export function createRenderNonce(): string {
  const holder = globalThis as Holder;
  holder[KEY] ??= randomBytes(16).toString('base64url');
  return holder[KEY];
}

/** The render nonce for an inline script; undefined outside the site server (no policy to satisfy). */
export function renderNonce(): string | undefined {
  return (globalThis as Holder)[KEY];
}
