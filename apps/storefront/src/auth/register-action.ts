'use server';

import type { LocaleCode } from '@catalogue/dataset/model';
import { headers } from 'next/headers';
import { Me, type MeUser, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { anonymousToken, asVisitor, configureInProcessCommerce } from '../data/commerce-sdk';
import { getDictionary, getLocaleInfo, getRegionInfo } from '../data/content';
import { createTranslator, type Translate } from '../i18n/translator';
import { isLocaleCode } from '../routing/locale-codes';
import { acceptablePassword, looksLikeEmail } from './credential-rules';
import type { RegisterField, RegisterFormState, RegisterValues } from './register-state';
import { visitorAddressOf } from './route-guards';

const field = (form: FormData, name: string, max: number): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

/** The problems of a registration, one message per field, in the page's language. */
function registrationProblems(
  values: RegisterValues,
  password: string,
  passwordConfirm: string,
  termsAccepted: boolean,
  t: Translate,
): Partial<Record<RegisterField, string>> {
  const errors: Partial<Record<RegisterField, string>> = {};
  for (const name of ['firstName', 'lastName', 'email', 'company'] as const) {
    if (!values[name]) errors[name] = t('register.errorRequired');
  }
  if (values.email && !looksLikeEmail(values.email)) errors.email = t('register.errorEmail');
  // An address as username is the address itself (the commerce service refuses any other).
  if (values.username.includes('@') && values.username.toLowerCase() !== values.email.toLowerCase())
    errors.username = t('register.errorUsernameEmail');
  if (!acceptablePassword(password)) {
    errors.password = t('register.errorPassword');
  }
  if (password !== passwordConfirm) errors.passwordConfirm = t('register.errorPasswordMismatch');
  if (!termsAccepted) errors.terms = t('register.errorTerms');
  return errors;
}

/**
 * PUT /me/register's body with our `Locale` extension (the language of the mails), a site locale code —
 * not the SDK's read-only `Locale` object, hence the cast when it is sent.
 */
type Registration = Omit<MeUser, 'Locale'> & { Locale: LocaleCode };

/**
 * The registration form's server action (bound to the locale). The registration goes to the commerce
 * service's PUT /me/register as an anonymous shopper of the locale's region, so the account lands in that
 * region's visitors' company, with its job role unverified. The account exists once the address is
 * confirmed: the answer is "check your mail" whether the address is new or already has an account (that
 * mail then says so), so this page never tells anyone which addresses are registered. Only a taken
 * username (chosen, not secret) is said.
 */
export async function registerAction(
  locale: string,
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
  const termsAccepted = form.get('terms') === 'on';
  const errors = registrationProblems(values, password, confirm, termsAccepted, t);
  // A refusal gives back what was typed (passwords aside), the terms box included.
  const refused = (problems: RegisterFormState['errors'], message: string | null): RegisterFormState => ({
    status: 'refused',
    values,
    termsAccepted,
    errors: problems,
    message,
  });
  if (Object.keys(errors).length > 0) return refused(errors, null);

  const address = visitorAddressOf(await headers());
  const { region } = await getLocaleInfo(locale);
  const { catalogId } = await getRegionInfo(region);
  configureInProcessCommerce();
  const registration: Registration = {
    Username: values.username || values.email,
    FirstName: values.firstName,
    LastName: values.lastName,
    Email: values.email,
    Password: password,
    TermsAccepted: new Date().toISOString(),
    xp: { CompanyName: values.company, ...(values.jobTitle ? { JobTitle: values.jobTitle } : {}) },
    Locale: locale,
  };
  try {
    const anonymous = await anonymousToken(catalogId);
    await asVisitor(address, () =>
      Me.Register(
        registration as unknown as MeUser,
        { anonUserToken: anonymous },
        { accessToken: anonymous },
      ),
    );
  } catch (error) {
    const failure = error as Partial<OrderCloudError>;
    const code = failure.errors?.[0]?.ErrorCode ?? '';
    if (code.endsWith('UsernameMustBeUnique'))
      return refused({ username: t('register.errorUsername') }, null);
    if (failure.status === 429) return refused({}, t('register.errorRate'));
    console.error('[register] the commerce service refused:', error);
    return refused({}, t('register.errorUnavailable'));
  }
  return {
    status: 'sent',
    values,
    termsAccepted,
    errors: {},
    message: t('register.sent', { email: values.email }),
  };
}
