/** One year, the lifetime of the site's own cookies (spec §3, §9). */
export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface CookieOptions {
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
  /** Only over HTTPS; set it when the page itself is served over HTTPS. */
  secure: boolean;
}

/** The value of one cookie in a `Cookie` header / `document.cookie` string, URI-decoded; null if absent. */
export function cookieValue(cookieHeader: string, name: string): string | null {
  for (const pair of cookieHeader.split(';')) {
    const index = pair.indexOf('=');
    if (index === -1 || pair.slice(0, index).trim() !== name) continue;
    const raw = pair.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value another site component wrote without encoding: return it as it is.
      return raw;
    }
  }
  return null;
}

/**
 * A `Set-Cookie`-style string for `document.cookie`: the value URI-encoded (JSON's quotes and commas are
 * not cookie characters), path `/`, SameSite=Lax (spec §9), Max-Age, and Secure on HTTPS pages.
 */
export function serializeCookie(
  name: string,
  value: string,
  { maxAgeSeconds, secure }: CookieOptions,
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

let cookiesOfThisTask: string | null = null;

/**
 * `document.cookie`, read from the browser once per task. Each read of the getter asks the browser's
 * cookie store again, and a hydrating page reads it for every measurement (the unit choice) and every
 * favourite heart (the session): in Chromium that was ≈30 ms of one family page's hydration. The copy is
 * dropped when the task's microtasks run and at every write through `writeCookie`; cookies set by a
 * response arrive in a later task.
 */
export function documentCookies(): string {
  if (cookiesOfThisTask === null) {
    cookiesOfThisTask = document.cookie;
    queueMicrotask(() => {
      cookiesOfThisTask = null;
    });
  }
  return cookiesOfThisTask;
}

/** Reads a cookie of the current document. */
export function readCookie(name: string): string | null {
  return cookieValue(documentCookies(), name);
}

/** Writes a first-party cookie on the current document (one year unless told otherwise). */
export function writeCookie(name: string, value: string, maxAgeSeconds = ONE_YEAR_SECONDS): void {
  cookiesOfThisTask = null;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = serializeCookie(name, value, { maxAgeSeconds, secure: location.protocol === 'https:' });
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}
