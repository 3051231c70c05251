'use server';

import type { LocaleCode } from '@catalogue/dataset/model';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { Me, type MeUser, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { logIn } from '../auth/commerce-auth';
import { acceptablePassword } from '../auth/credential-rules';
import { visitorAddressOf } from '../auth/route-guards';
import {
  cookieAttributes,
  loginCookies,
  REFRESH_COOKIE_LIFETIME_MS,
  SESSION_COOKIE,
} from '../auth/session-cookies';
import { storefrontConfig } from '../config';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import { getDictionary } from '../data/content';
import { createTranslator, type Translate } from '../i18n/translator';
import { isLocaleCode } from '../routing/locale-codes';
import { localizedPath } from '../routing/locales';
import { roleIsVerified } from './account-data';
import { accountSession } from './account-session';
import type {
  AddressFormState,
  AddressValues,
  DeleteFormState,
  PasswordField,
  PasswordFormState,
  ProfileFormState,
  ProfileValues,
  SavedPart,
} from './account-state';
import { ADDRESS_COUNTRIES } from './address-countries';

/**
 * The account page's server actions (Next refuses a server-action post whose Origin is not the site's),
 * so every form works without JavaScript. Each acts with the token of the UserToken cookie on that user's
 * own data through the SDK; a refusal keeps what was typed and says why; a success redirects to the page
 * with `?saved=`, which then shows the stored values and says what was saved.
 */

const MAX_PASSWORD = 1024;

const field = (form: FormData, name: string, max: number): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};
const secret = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, MAX_PASSWORD) : '';
};

async function context(locale: string) {
  if (!isLocaleCode(locale)) throw new Error(`account action: unknown locale '${locale}'`);
  const t = createTranslator(await getDictionary(locale));
  const session = await accountSession();
  return { locale, t, session: session.kind === 'user' ? session : null };
}

function saved(locale: LocaleCode, part: SavedPart, anchor: string): never {
  redirect(`${localizedPath(locale, '/account')}?saved=${part}#${anchor}`);
}

/** The service's first message where it refused the input (spec §8), else the generic one. */
function refusalMessage(error: unknown, t: Translate): string {
  const failure = error as Partial<OrderCloudError>;
  const status = failure.status ?? 0;
  if (status === 401) return t('login.sessionEnded');
  const first = failure.errors?.[0]?.Message;
  if (status >= 400 && status < 500 && first) return first;
  console.error('[account] the commerce service failed:', error);
  return t('account.errorUnavailable');
}

export async function updateProfileAction(
  locale: string,
  _previous: ProfileFormState,
  form: FormData,
): Promise<ProfileFormState> {
  const { t, session, locale: code } = await context(locale);
  const values: ProfileValues = {
    firstName: field(form, 'firstName', 100),
    lastName: field(form, 'lastName', 100),
    jobTitle: field(form, 'jobTitle', 100),
    phone: field(form, 'phone', 100),
  };
  const refused = (state: Partial<ProfileFormState>): ProfileFormState => ({
    status: 'refused',
    values,
    errors: {},
    message: null,
    ...state,
  });
  if (!session) return refused({ message: t('login.sessionEnded') });
  const errors: ProfileFormState['errors'] = {};
  if (!values.firstName) errors.firstName = t('register.errorRequired');
  if (!values.lastName) errors.lastName = t('register.errorRequired');
  if (values.phone && !/^[+0-9 ()./-]{3,40}$/.test(values.phone)) errors.phone = t('account.errorPhone');
  if (Object.keys(errors).length > 0) return refused({ errors });
  configureInProcessCommerce();
  let roleLocked = true;
  try {
    // Read here, not taken from the form (a bound argument is the browser's to change): a verified role
    // opens role-gated tools, so it is the sales team's to change and stays as stored.
    roleLocked = roleIsVerified(
      await Me.Get<MeUser<{ RoleVerified?: unknown }>>({ accessToken: session.token }),
    );
    await Me.Patch(
      {
        FirstName: values.firstName,
        LastName: values.lastName,
        Phone: values.phone,
        ...(roleLocked ? {} : { xp: { JobTitle: values.jobTitle } }),
      },
      { accessToken: session.token },
    );
  } catch (error) {
    return refused({ message: refusalMessage(error, t) });
  }
  await refreshNameCookies(values, roleLocked);
  saved(code, 'profile', 'profile');
}

/**
 * The header greets the user from the name cookies: they follow the saved profile. They live as long as a
 * refresh token (`loginCookies`); one that outlives the session's only makes the next renewal fail.
 */
async function refreshNameCookies(values: ProfileValues, roleLocked: boolean): Promise<void> {
  const jar = await cookies();
  const { production } = storefrontConfig();
  const expires = new Date(Date.now() + REFRESH_COOKIE_LIFETIME_MS);
  const names: [string, string][] = [
    [SESSION_COOKIE.firstName, values.firstName],
    [SESSION_COOKIE.lastName, values.lastName],
  ];
  if (!roleLocked) names.push([SESSION_COOKIE.role, values.jobTitle]);
  for (const [name, value] of names) {
    if (jar.has(name)) jar.set(name, value, { ...cookieAttributes(name, production), expires });
  }
}

function addressValuesFrom(form: FormData): AddressValues {
  return {
    addressName: field(form, 'addressName', 100),
    companyName: field(form, 'companyName', 100),
    street1: field(form, 'street1', 100),
    street2: field(form, 'street2', 100),
    city: field(form, 'city', 100),
    state: field(form, 'state', 100),
    zip: field(form, 'zip', 20),
    country: field(form, 'country', 2).toUpperCase(),
    phone: field(form, 'phone', 100),
  };
}

/** Adds an address (`addressId` null) or replaces one of the user's own (`PUT /me/addresses/{id}`). */
export async function saveAddressAction(
  locale: string,
  addressId: string | null,
  _previous: AddressFormState,
  form: FormData,
): Promise<AddressFormState> {
  const { t, session, locale: code } = await context(locale);
  const values = addressValuesFrom(form);
  const refused = (state: Partial<AddressFormState>): AddressFormState => ({
    status: 'refused',
    values,
    errors: {},
    message: null,
    ...state,
  });
  if (!session) return refused({ message: t('login.sessionEnded') });
  const errors: AddressFormState['errors'] = {};
  if (!values.street1) errors.street1 = t('register.errorRequired');
  if (!values.city) errors.city = t('register.errorRequired');
  if (!ADDRESS_COUNTRIES.includes(values.country)) errors.country = t('account.errorCountry');
  if (values.phone && !/^[+0-9 ()./-]{3,40}$/.test(values.phone)) errors.phone = t('account.errorPhone');
  if (Object.keys(errors).length > 0) return refused({ errors });
  const body = {
    AddressName: values.addressName,
    CompanyName: values.companyName,
    Street1: values.street1,
    Street2: values.street2,
    City: values.city,
    State: values.state,
    Zip: values.zip,
    Country: values.country,
    Phone: values.phone,
  };
  configureInProcessCommerce();
  try {
    if (addressId) await Me.SaveAddress(addressId, body, { accessToken: session.token });
    else await Me.CreateAddress(body, { accessToken: session.token });
  } catch (error) {
    return refused({ message: refusalMessage(error, t) });
  }
  saved(code, addressId ? 'addressSaved' : 'addressAdded', 'addresses');
}

export async function deleteAddressAction(
  locale: string,
  addressId: string,
  _previous: DeleteFormState,
  _form: FormData,
): Promise<DeleteFormState> {
  const { t, session, locale: code } = await context(locale);
  const refused = (message: string): DeleteFormState => ({
    status: 'refused',
    values: {},
    errors: {},
    message,
  });
  if (!session) return refused(t('login.sessionEnded'));
  configureInProcessCommerce();
  try {
    await Me.DeleteAddress(addressId, { accessToken: session.token });
  } catch (error) {
    return refused(refusalMessage(error, t));
  }
  saved(code, 'addressDeleted', 'addresses');
}

/**
 * Changes the password as OrderCloud storefronts do: the current password is checked by a password
 * grant (throttled like every login), the new one is set with that fresh token through
 * `POST /me/password` (Me.ResetPasswordByToken, which applies the service's password rules and revokes
 * every token of the user, so other devices must log in again), then the user is logged in again here
 * with the new password so this browser keeps its session.
 */
export async function changePasswordAction(
  locale: string,
  _previous: PasswordFormState,
  form: FormData,
): Promise<PasswordFormState> {
  const { t, session, locale: code } = await context(locale);
  const refused = (errors: Partial<Record<PasswordField, string>>, message: string | null = null) =>
    ({ status: 'refused', values: {}, errors, message }) satisfies PasswordFormState;
  if (!session) return refused({}, t('login.sessionEnded'));
  const current = secret(form, 'currentPassword');
  const next = secret(form, 'newPassword');
  if (!current) return refused({ currentPassword: t('register.errorRequired') });
  if (!acceptablePassword(next)) return refused({ newPassword: t('register.errorPassword') });
  if (next !== secret(form, 'newPasswordConfirm'))
    return refused({ newPasswordConfirm: t('register.errorPasswordMismatch') });
  if (next === current) return refused({ newPassword: t('account.password.errorSame') });
  const address = visitorAddressOf(await headers());
  // The token's username: the password grant checks the current password of exactly this user.
  const confirmed = await logIn(session.user.username, current, address);
  if (!confirmed.ok) {
    if (confirmed.reason === 'credentials')
      return refused({ currentPassword: t('account.password.errorCurrent') });
    if (confirmed.reason === 'rate')
      return refused({}, t('login.errorRate', { seconds: confirmed.retryAfterSeconds ?? 60 }));
    return refused({}, t('account.errorUnavailable'));
  }
  configureInProcessCommerce();
  try {
    await Me.ResetPasswordByToken({ NewPassword: next }, { accessToken: confirmed.tokens.accessToken });
  } catch (error) {
    return refused({}, refusalMessage(error, t));
  }
  const renewed = await logIn(session.user.username, next, address);
  const jar = await cookies();
  const { production } = storefrontConfig();
  if (!renewed.ok) {
    // The password is changed but this browser's session ended with the others: log in again.
    redirect(
      `${localizedPath(code, '/login')}?redirectURI=${encodeURIComponent(localizedPath(code, '/account'))}`,
    );
  }
  for (const cookie of loginCookies(renewed.tokens, renewed.user, Date.now())) {
    jar.set(cookie.name, cookie.value, {
      ...cookieAttributes(cookie.name, production),
      expires: cookie.expires,
    });
  }
  saved(code, 'password', 'password');
}
