import type { LocaleCode } from '@catalogue/dataset/model';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { safeRedirectPath } from '../../../auth/redirect-target';
import { crossSiteRefusal, isCrossSite, originOfRequest, readJsonBody } from '../../../auth/route-guards';
import { getLocales } from '../../../data/content';
import { DEFAULT_LOCALE, localizedPath, splitLocalePath } from '../../../routing/locales';
import { answeringUnavailable } from '../unavailable';

const body = z.object({
  action: z.enum(['login', 'logout'], { error: "must be 'login' or 'logout'" }),
  redirectURI: z.string().min(1, 'is required').max(2048, 'is too long'),
  /** Site locale → identity-provider locale (content service `loginLocaleMappings`). */
  loginLocalesMapping: z.record(z.string(), z.string()).optional(),
  /** `reload`: after login, come back to the page without its query string (spec §4). */
  variant: z.enum(['reload']).optional(),
});

/**
 * POST /api/dynamicURL {action, redirectURI, loginLocalesMapping}: the address the browser goes to for
 * logging in or out (spec §7). Login: the hosted login page in the language the mapping gives the
 * page's locale; logout: the logout route, which expires the cookies and returns to `redirectURI`.
 */
export const POST = answeringUnavailable(async function POST(request: Request): Promise<NextResponse> {
  if (isCrossSite(request)) return crossSiteRefusal();
  const parsed = await readJsonBody(request, body);
  if (!parsed.ok) return parsed.response;
  const { action, redirectURI, loginLocalesMapping, variant } = parsed.value;
  const back = safeRedirectPath(redirectURI, originOfRequest(request.headers, request.url));
  if (action === 'logout') {
    return NextResponse.json({ url: `/api/auth/logout?${new URLSearchParams({ redirectURI: back })}` });
  }
  const pageLocale = splitLocalePath(back).locale ?? DEFAULT_LOCALE;
  const loginLocale = loginPageLocale(pageLocale, loginLocalesMapping?.[pageLocale], await getLocales());
  const query = new URLSearchParams({ redirectURI: back, ...(variant ? { variant } : {}) });
  return NextResponse.json({ url: `${localizedPath(loginLocale, '/login')}?${query}` });
});

/**
 * The site locale whose login page serves an identity-provider locale: the page's own when it maps there
 * (or nothing is asked), else the first locale with that login locale, else the page's.
 */
function loginPageLocale(
  pageLocale: LocaleCode,
  wanted: string | undefined,
  locales: readonly { code: LocaleCode; loginLocale: string }[],
): LocaleCode {
  if (!wanted) return pageLocale;
  if (locales.some((l) => l.code === pageLocale && l.loginLocale === wanted)) return pageLocale;
  return locales.find((l) => l.loginLocale === wanted)?.code ?? pageLocale;
}
