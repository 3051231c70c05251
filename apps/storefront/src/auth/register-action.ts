'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { Me, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { storefrontConfig } from '../config';
import { anonymousToken, asVisitor, configureInProcessCommerce } from '../data/commerce-sdk';
import { getDictionary, getLocaleInfo, getRegionInfo } from '../data/content';
import { createTranslator, type Translate } from '../i18n/translator';
import { isLocaleCode } from '../routing/locale-codes';
import { localizedPath } from '../routing/locales';
import { logIn } from './commerce-auth';
import { acceptablePassword, looksLikeEmail } from './credential-rules';
import { safeRedirectPath } from './redirect-target';
import type { RegisterField, RegisterFormState, RegisterValues } from './register-state';
import { originOfRequest, visitorAddressOf } from './route-guards';
import { cookieAttributes, loginCookies } from './session-cookies';

const field = (form: FormData, name: string, max: number): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

/** The problems of a registration, one message per field, in the page's language. */
async function registrationProblems(
  values: RegisterValues,
  password: string,
  passwordConfirm: string,
  termsAccepted: boolean,
  t: Translate,
): Promise<Partial<Record<RegisterField, string>>> {
  const errors: Partial<Record<RegisterField, string>> = {};
  for (const name of ['firstName', 'lastName', 'email', 'company'] as const) {
    if (!values[name]) errors[name] = t('register.errorRequired');
  }
  if (values.email && !looksLikeEmail(values.email)) errors.email = t('register.errorEmail');
  if (!acceptablePassword(password)) {
    errors.password = t('register.errorPassword');
  }
  if (password !== passwordConfirm) errors.passwordConfirm = t('register.errorPasswordMismatch');
  if (!termsAccepted) errors.terms = t('register.errorTerms');
  return errors;
}

/**
 * The registration form's server action (bound to the locale and return address). The new user is
 * registered through the commerce service's PUT /me/register as an anonymous shopper of the locale's
 * region, so they land in that region's visitors' company (never in a customer's company), with their
 * job role unverified; then they are logged in like on the login page.
 */
export async function registerAction(
  locale: string,
  redirectURI: string,
  _previous: RegisterFormState,
  form: FormData,
): Promise<RegisterFormState> {
  if (!isLocaleCode(locale)) throw new Error(`registerAction: unknown locale '${locale}'`);
  const t = createTranslator(await getDictionary(locale));
  const values: RegisterValues = {
    firstName: field(form, 'firstName', 100),
    lastName: field(form, 'lastName', 100),
    email: field(form, 'email', 200),
    company: field(form, 'company', 200),
    jobTitle: field(form, 'jobTitle', 100),
    username: field(form, 'username', 100),
  };
  const password = typeof form.get('password') === 'string' ? String(form.get('password')) : '';
  const confirm = typeof form.get('passwordConfirm') === 'string' ? String(form.get('passwordConfirm')) : '';
  const errors = await registrationProblems(values, password, confirm, form.get('terms') === 'on', t);
  if (Object.keys(errors).length > 0) return { status: 'refused', values, errors, message: null };

  const address = visitorAddressOf(await headers());
  const { region } = await getLocaleInfo(locale);
  const { catalogId } = await getRegionInfo(region);
  configureInProcessCommerce();
  const username = values.username || values.email;
  try {
    const anonymous = await anonymousToken(catalogId);
    await asVisitor(address, () =>
      Me.Register(
        {
          Username: username,
          FirstName: values.firstName,
          LastName: values.lastName,
          Email: values.email,
          Password: password,
          TermsAccepted: new Date().toISOString(),
          xp: { CompanyName: values.company, ...(values.jobTitle ? { JobTitle: values.jobTitle } : {}) },
        },
        { anonUserToken: anonymous },
        { accessToken: anonymous },
      ),
    );
  } catch (error) {
    const failure = error as Partial<OrderCloudError>;
    const code = failure.errors?.[0]?.ErrorCode ?? '';
    const message =
      failure.status === 409 || code.endsWith('UsernameMustBeUnique')
        ? t('register.errorUsernameTaken')
        : failure.status === 429
          ? t('register.errorRate')
          : t('register.errorUnavailable');
    if (failure.status !== 409 && failure.status !== 429)
      console.error('[register] the commerce service refused:', error);
    return { status: 'refused', values, errors: {}, message };
  }
  const login = await logIn(username, password, address);
  const home = localizedPath(locale, '/');
  if (!login.ok)
    redirect(
      `${localizedPath(locale, '/login')}?${new URLSearchParams({ redirectURI: redirectURI || home })}`,
    );
  const jar = await cookies();
  const { production } = storefrontConfig();
  for (const cookie of loginCookies(login.tokens, login.user, Date.now())) {
    jar.set(cookie.name, cookie.value, {
      ...cookieAttributes(cookie.name, production),
      expires: cookie.expires,
    });
  }
  redirect(safeRedirectPath(redirectURI, originOfRequest(await headers()), home));
}
