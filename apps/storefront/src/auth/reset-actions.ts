'use server';

import type { LocaleCode } from '@catalogue/dataset/model';
import { headers } from 'next/headers';
import { storefrontConfig } from '../config';
import { getDictionary } from '../data/content';
import { siteOrigin } from '../data/site-origin';
import { createTranslator } from '../i18n/translator';
import { isLocaleCode } from '../routing/locale-codes';
import { localizedPath } from '../routing/locales';
import { acceptablePassword, looksLikeEmail } from './credential-rules';
import { checkResetCode, ResetRequestsExceeded, requestPasswordReset, resetPassword } from './password-reset';
import type { ResetFormState } from './reset-state';
import { visitorAddressOf } from './route-guards';

function localeOf(value: string): LocaleCode {
  if (!isLocaleCode(value)) throw new Error(`unknown locale '${value}'`);
  return value;
}

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The forgot-password form: asks the commerce service to email a reset link to the page of this locale.
 * The answer is the same whether or not the address has an account.
 */
export async function forgotPasswordAction(
  locale: string,
  _previous: ResetFormState,
  form: FormData,
): Promise<ResetFormState> {
  const code = localeOf(locale);
  const t = createTranslator(await getDictionary(code));
  const email = text(form, 'email').trim().slice(0, 200);
  if (!looksLikeEmail(email))
    return { status: 'refused', email, field: 'email', message: t('register.errorEmail') };
  const address = visitorAddressOf(await headers());
  const page = new URL(localizedPath(code, '/reset-password'), (await siteOrigin()).origin).href;
  try {
    await requestPasswordReset(email, page, address);
  } catch (error) {
    if (error instanceof ResetRequestsExceeded) {
      const message = t('forgot.errorRate', { seconds: error.retryAfterSeconds });
      return { status: 'refused', email, field: 'email', message };
    }
    console.error('[password reset] the commerce service refused:', error);
    return { status: 'refused', email, field: 'email', message: t('register.errorUnavailable') };
  }
  const minutes = storefrontConfig().passwordResetMinutes;
  return { status: 'sent', email: '', message: t('forgot.sent', { minutes }) };
}

/** The reset form: sets the new password for the code of the email's link. */
export async function resetPasswordAction(
  locale: string,
  code: string,
  _previous: ResetFormState,
  form: FormData,
): Promise<ResetFormState> {
  const t = createTranslator(await getDictionary(localeOf(locale)));
  const password = text(form, 'password');
  if (!acceptablePassword(password)) {
    return { status: 'refused', email: '', field: 'password', message: t('register.errorPassword') };
  }
  if (password !== text(form, 'passwordConfirm')) {
    return {
      status: 'refused',
      email: '',
      field: 'passwordConfirm',
      message: t('register.errorPasswordMismatch'),
    };
  }
  const username = await checkResetCode(code);
  if (!username || !(await resetPassword(code, username, password))) {
    return { status: 'refused', email: '', field: 'code', message: t('reset.invalidLink') };
  }
  return { status: 'done', email: '', message: t('reset.done') };
}
