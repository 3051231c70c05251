'use server';

import { headers } from 'next/headers';
import { getDictionary } from '../data/content';
import { createTranslator } from '../i18n/translator';
import { isLocaleCode } from '../routing/locale-codes';
import { looksLikeEmail } from './credential-rules';
import { confirmCode, requestNewLink } from './email-verification';
import { visitorAddressOf } from './route-guards';
import type { VerifyFormState } from './verify-state';

async function translator(locale: string) {
  if (!isLocaleCode(locale)) throw new Error(`unknown locale '${locale}'`);
  return { code: locale, t: createTranslator(await getDictionary(locale)) };
}

/**
 * The confirmation button of the mailed link's page. Confirming is a POST (this action), never the link's
 * GET: mail scanners open links by themselves, and an address must be confirmed by a person.
 */
export async function confirmEmailAction(
  locale: string,
  code: string,
  _previous: VerifyFormState,
  _form: FormData,
): Promise<VerifyFormState> {
  const { t } = await translator(locale);
  const outcome = await confirmCode(code);
  if (outcome.ok) {
    return outcome.purpose === 'Registration'
      ? {
          status: 'done',
          message: t('verify.doneRegistration', { username: outcome.username ?? '' }),
          login: true,
        }
      : { status: 'done', message: t('verify.doneChange'), login: false };
  }
  const messages = {
    invalid: 'verify.invalidLink',
    usernameTaken: 'verify.usernameTaken',
    accountExists: 'verify.accountExists',
  } as const;
  return {
    status: 'refused',
    message: t(messages[outcome.reason]),
    register: outcome.reason === 'usernameTaken',
  };
}

/** "Send a new link": the same answer whatever the address (see the commerce service's route). */
export async function resendVerificationAction(
  locale: string,
  _previous: VerifyFormState,
  form: FormData,
): Promise<VerifyFormState> {
  const { code, t } = await translator(locale);
  const value = form.get('email');
  const email = typeof value === 'string' ? value.trim().slice(0, 200) : '';
  // A refusal gives the address back, so the form shows it again (React resets the form after its action).
  if (!looksLikeEmail(email))
    return { status: 'refused', message: t('register.errorEmail'), register: false, email };
  try {
    if (!(await requestNewLink(email, code, visitorAddressOf(await headers()))))
      return { status: 'refused', message: t('verify.errorRate'), register: false, email };
  } catch (error) {
    console.error('[verify-email] the commerce service refused:', error);
    return { status: 'refused', message: t('register.errorUnavailable'), register: false, email };
  }
  return { status: 'sent', message: t('verify.resendSent') };
}
