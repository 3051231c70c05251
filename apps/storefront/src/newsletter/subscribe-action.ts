'use server';

import { LOCALE_CODES, type LocaleCode } from '@catalogue/dataset/model';
import { headers } from 'next/headers';
import { confirmNewsletter, subscribeToNewsletter } from '../data/newsletter';
import type { ConfirmationState, NewsletterFormState } from './form-state';

function isLocaleCode(value: string): value is LocaleCode {
  return (LOCALE_CODES as readonly string[]).includes(value);
}

/**
 * The newsletter form's server action (bound to the page's locale). Signs the address up through the
 * content service on the visitor's behalf (its X-Forwarded-For, which the site server wrote); the answer
 * says the confirmation link is on its way, a refusal keeps what was typed and carries the service's
 * localised message.
 */
export async function subscribeAction(
  locale: string,
  _previous: NewsletterFormState,
  form: FormData,
): Promise<NewsletterFormState> {
  if (!isLocaleCode(locale)) throw new Error(`subscribeAction: unknown locale '${locale}'`);
  const field = form.get('email');
  const email = typeof field === 'string' ? field : '';
  const result = await subscribeToNewsletter(email, locale, (await headers()).get('x-forwarded-for'));
  return result.ok
    ? { status: 'pending', email: '', message: result.message }
    : { status: 'refused', email, message: result.message };
}

/**
 * The confirmation page's server action (bound to the page's locale): confirms the sign-up of the token
 * the form carries. Confirming takes a POST (a button), never the link's GET, so mail scanners that open
 * links cannot confirm anyone.
 */
export async function confirmAction(
  locale: string,
  _previous: ConfirmationState,
  form: FormData,
): Promise<ConfirmationState> {
  if (!isLocaleCode(locale)) throw new Error(`confirmAction: unknown locale '${locale}'`);
  const field = form.get('token');
  const result = await confirmNewsletter(typeof field === 'string' ? field : '', locale);
  return result.ok
    ? { status: 'confirmed', message: result.message }
    : { status: 'refused', message: result.message };
}
