/**
 * Where a password reset mail may link to. The link carries the reset code, so it must never point where
 * the caller says: only to an origin the API client is configured with (`ApiClient.LinkOrigins`, our
 * extension) or, for a client without any, the site's own origin (SITE_ORIGIN). The caller may choose the
 * page on such an origin (the storefront sends its reset page in the visitor's locale).
 */

export class ResetLinkRefused extends Error {
  override name = 'ResetLinkRefused';
}

/** The origins a client's mails may link to: its own list, else the site's origin, else none. */
export function allowedLinkOrigins(clientOrigins: readonly string[], siteOrigin: string | null): string[] {
  if (clientOrigins.length > 0) return clientOrigins.map((origin) => new URL(origin).origin);
  return siteOrigin ? [new URL(siteOrigin).origin] : [];
}

/**
 * The page the mail's link opens (without the code), from the caller's URL: null when none was given;
 * ResetLinkRefused when it is not an http(s) URL on an allowed origin, or carries credentials.
 */
export function resetPage(url: string | null | undefined, allowed: readonly string[]): URL | null {
  if (!url) return null;
  if (!URL.canParse(url)) throw new ResetLinkRefused('URL must be an absolute http(s) URL.');
  const page = new URL(url);
  if (page.protocol !== 'https:' && page.protocol !== 'http:') {
    throw new ResetLinkRefused('URL must be an absolute http(s) URL.');
  }
  if (page.username || page.password)
    throw new ResetLinkRefused('URL must not carry a user name or password.');
  if (!allowed.includes(page.origin)) {
    throw new ResetLinkRefused(
      allowed.length === 0
        ? 'This API client has no LinkOrigins and the site has no origin (SITE_ORIGIN): send no URL, the mail then holds the code alone.'
        : "URL must be on one of this API client's origins (ApiClient.LinkOrigins, else the site's origin).",
    );
  }
  page.hash = '';
  return page;
}

/** The mail's link: the page with `code` set (replacing any `code` the page had). */
export function resetLink(page: URL, code: string): string {
  const link = new URL(page);
  link.searchParams.set('code', code);
  return link.href;
}
