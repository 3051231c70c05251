'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { storefrontConfig } from '../config';
import { getDictionary } from '../data/content';
import { createTranslator } from '../i18n/translator';
import { isLocaleCode } from '../routing/locale-codes';
import { logIn } from './commerce-auth';
import type { LoginFormState } from './login-state';
import { safeRedirectPath, withoutQuery } from './redirect-target';
import { originOfRequest, visitorAddressOf } from './route-guards';
import { cookieAttributes, loginCookies } from './session-cookies';

const MAX_USERNAME = 256;
const MAX_PASSWORD = 1024;

/**
 * The login form's server action (bound to the page's locale, return address and variant). Next.js
 * refuses server-action posts whose Origin is not the site's own, so another site cannot log a visitor
 * in. Success sets the login cookies and sends the browser back to `redirectURI` (without its query
 * string for the `reload` variant, spec §4); a refusal keeps the username and explains why.
 */
export async function loginAction(
  locale: string,
  redirectURI: string,
  variant: string,
  _previous: LoginFormState,
  form: FormData,
): Promise<LoginFormState> {
  if (!isLocaleCode(locale)) throw new Error(`loginAction: unknown locale '${locale}'`);
  const t = createTranslator(await getDictionary(locale));
  const usernameField = form.get('username');
  const passwordField = form.get('password');
  const username = typeof usernameField === 'string' ? usernameField.trim() : '';
  const password = typeof passwordField === 'string' ? passwordField : '';
  if (!username || !password || username.length > MAX_USERNAME || password.length > MAX_PASSWORD) {
    return { status: 'refused', username: username.slice(0, MAX_USERNAME), message: t('login.errorMissing') };
  }
  const address = visitorAddressOf(await headers());
  const result = await logIn(username, password, address);
  if (!result.ok) {
    const message =
      result.reason === 'credentials'
        ? t('login.errorCredentials')
        : result.reason === 'rate'
          ? t('login.errorRate', { seconds: result.retryAfterSeconds ?? 60 })
          : result.reason === 'inactive'
            ? t('login.errorInactive')
            : t('login.errorUnavailable');
    return { status: 'refused', username, message };
  }
  const jar = await cookies();
  const { production } = storefrontConfig();
  for (const cookie of loginCookies(result.tokens, result.user, Date.now())) {
    jar.set(cookie.name, cookie.value, {
      ...cookieAttributes(cookie.name, production),
      expires: cookie.expires,
    });
  }
  const target = safeRedirectPath(
    redirectURI,
    originOfRequest(await headers()),
    `/${locale === 'en-US' ? '' : locale.toLowerCase()}`,
  );
  redirect(variant === 'reload' ? withoutQuery(target) : target);
}
