import { NextResponse } from 'next/server';
import { safeRedirectPath } from '../../../auth/redirect-target';
import { originOfRequest } from '../../../auth/route-guards';
import { LOCALE_NOTICE_COOKIE } from '../../../components/locale-notice-cookie';
import { localeFromSegmentIgnoringCase, localizedPath } from '../../../routing/locales';
import { nearestPage } from '../../../routing/nearest-page';
import { answeringUnavailable } from '../unavailable';

/**
 * GET /api/switch-locale?to=<locale>&path=<page>: the locale menu's links (issue 22 item 5). Answers 303
 * to the same page in the chosen locale, or, where that page does not exist there (a product the region
 * does not sell), to the nearest one (`routing/nearest-page.ts`) with a one-minute cookie that makes
 * that page say why (`LocaleNotice`). Works without JavaScript; only paths of this site are followed.
 */
export const GET = answeringUnavailable(async function GET(request: Request): Promise<NextResponse> {
  const url = new URL(request.url);
  const target = localeFromSegmentIgnoringCase(url.searchParams.get('to') ?? '');
  if (!target) return NextResponse.json({ error: 'to must be a locale of this site' }, { status: 400 });
  const origin = originOfRequest(request.headers, request.url);
  const asked = new URL(safeRedirectPath(url.searchParams.get('path') ?? '/', origin), origin);
  const nearest = await nearestPage(asked.pathname, target);
  const location = `${localizedPath(target, nearest.path)}${nearest.moved ? '' : asked.search}`;
  const response = NextResponse.redirect(new URL(location, origin), 303);
  if (nearest.moved) {
    response.cookies.set(LOCALE_NOTICE_COOKIE, '1', { path: '/', maxAge: 60, sameSite: 'lax' });
  }
  return response;
});
