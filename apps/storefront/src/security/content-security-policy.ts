import type { TrackingConfig } from '../config';

/**
 * The script part of every page's Content-Security-Policy (issue 20 item 10); the site server adds it to
 * the `frame-ancestors` policy next.config.ts sets, with a nonce of its own per answer
 * (server/src/content-security-policy.ts).
 *
 * The policy is a function of the answer's nonce, made once for the configured tracking scripts.
 *
 * - `'nonce-…' 'strict-dynamic'`: a script runs only if it carries the answer's nonce (every script Next,
 *   React and the page write) or was added by a script that runs — Next's lazily loaded chunks, the
 *   paint-first loader's chunks, the third-party scripts `tracking/external-script.tsx` adds and what
 *   those load in turn. No inline script without the nonce, no inline event handler, no `javascript:`.
 * - `'self'` and the configured third-party script origins: ignored by browsers that know
 *   `'strict-dynamic'`, the allowance of older ones (CSP level 2).
 * - `object-src 'none'`: no plugins; `base-uri 'none'`: no `<base>` redirecting relative script URLs.
 */
export function pageScriptPolicy(tracking: TrackingConfig): (nonce: string) => string {
  // Everything but the nonce is the same on every answer: joined once, not per page.
  const sources = ["'self'", ...thirdPartyScriptOrigins(tracking)].join(' ');
  const rest = `'strict-dynamic' ${sources}; object-src 'none'; base-uri 'none'`;
  return (nonce) => `script-src 'nonce-${nonce}' ${rest}`;
}

/** The origins of the configured third-party scripts (tag manager, analytics, consent, recording). */
export function thirdPartyScriptOrigins(tracking: TrackingConfig): string[] {
  const urls = [
    tracking.tagManager?.src,
    tracking.analytics?.src,
    tracking.consent?.src,
    tracking.sessionRecording?.src,
  ];
  return [...new Set(urls.filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin))];
}

/** The policy of the storefront's JSON answers (`/api/*`): they are data, nothing in them may run. */
export const API_POLICY = "default-src 'none'";
