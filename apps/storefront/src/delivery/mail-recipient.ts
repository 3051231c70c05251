import type { LocaleCode } from '@catalogue/dataset/model';
import type { NextRequest } from 'next/server';
import { Me } from 'ordercloud-javascript-sdk';
import { unavailableAnswer } from '../app/api/unavailable';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import { LOCATION_DETAILS_COOKIE } from '../localisation/location-details';
import { isLocaleCode } from '../routing/locale-codes';
import { jsonError } from './request-user';

export type AccountAddress = { ok: true; email: string; name: string } | { ok: false; response: Response };

/**
 * The signed-in user's own address, if they confirmed it (`EmailVerified` of `GET /me`, our extension): the
 * only address `/api/sendEmail` mails. Without one, 409 saying how to confirm it.
 */
export async function accountAddress(token: string): Promise<AccountAddress> {
  configureInProcessCommerce();
  let me: Awaited<ReturnType<typeof Me.Get>> & { EmailVerified?: unknown };
  try {
    me = await Me.Get({ accessToken: token });
  } catch (error) {
    // A busy service is not a failure: the route answers 503 with its Retry-After.
    const busy = unavailableAnswer(error);
    if (busy) return { ok: false, response: busy };
    console.error('[sendEmail] could not read the user:', error);
    return { ok: false, response: jsonError(502, 'The account service failed; nothing was sent.') };
  }
  if (!me.Email) return { ok: false, response: jsonError(409, 'Your account has no e-mail address.') };
  if (me.EmailVerified !== true) {
    return {
      ok: false,
      response: jsonError(
        409,
        'Your e-mail address is not confirmed: open the link we mailed to it, or ask for a new one on the verify-email page.',
        { verifyEmail: '/verify-email' },
      ),
    };
  }
  return { ok: true, email: me.Email, name: `${me.FirstName ?? ''} ${me.LastName ?? ''}`.trim() };
}

/** The locale of the pages the user reads (the `location_details` cookie, spec §3), for the mail's texts. */
export function mailLocale(request: NextRequest): LocaleCode | null {
  const raw = request.cookies.get(LOCATION_DETAILS_COOKIE)?.value;
  if (!raw) return null;
  try {
    const details = JSON.parse(decodeURIComponent(raw)) as { contentHubLocale?: unknown };
    const code = String(details.contentHubLocale ?? '').replace(/^M\.Localization\./, '');
    return isLocaleCode(code) ? code : null;
  } catch {
    return null;
  }
}
