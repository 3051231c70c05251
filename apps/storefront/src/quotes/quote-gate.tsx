import type { LocaleCode } from '@catalogue/dataset/model';
import { redirect } from 'next/navigation';
import { SessionRenewal } from '../account/session-renewal';
import type { Translate } from '../i18n/translator';
import { loginHref } from '../product/toolbar-links';
import { localizedPath } from '../routing/locales';
import { quoteSession } from './quote-session';

/**
 * The quote pages' door: a buyer gets their token; a visitor goes to the login page and comes back; the
 * seller's staff go to the sales desk (`/sales`); a supplier's user to their account; a browser whose
 * token expired but can be renewed renews in the page (`fallback`) and reloads.
 */
export async function buyerTokenOrRedirect(
  locale: LocaleCode,
  here: string,
): Promise<{ token: string } | { renewing: true }> {
  const session = await quoteSession();
  if (session.kind === 'visitor') redirect(loginHref(locale, here));
  if (session.kind === 'seller') redirect(localizedPath(locale, '/sales'));
  if (session.kind === 'supplier') redirect(localizedPath(locale, '/account'));
  if (session.kind === 'renewable') return { renewing: true };
  return { token: session.token };
}

export function QuoteSessionRenewal({ locale, here, t }: { locale: LocaleCode; here: string; t: Translate }) {
  return (
    <SessionRenewal
      text={t('account.renewing')}
      loginHref={loginHref(locale, here)}
      login={t('header.login')}
    />
  );
}
