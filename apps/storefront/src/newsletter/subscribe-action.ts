'use server';

import { LOCALE_CODES, type LocaleCode } from '@catalogue/dataset/model';
import { subscribeToNewsletter } from '../data/newsletter';
import type { NewsletterFormState } from './form-state';

function isLocaleCode(value: string): value is LocaleCode {
  return (LOCALE_CODES as readonly string[]).includes(value);
}

/**
 * The newsletter form's server action (bound to the page's locale). Signs the address up through the
 * content service; a refusal keeps what was typed and carries the service's localised message.
 */
export async function subscribeAction(
  locale: string,
  _previous: NewsletterFormState,
  form: FormData,
): Promise<NewsletterFormState> {
  if (!isLocaleCode(locale)) throw new Error(`subscribeAction: unknown locale '${locale}'`);
  const field = form.get('email');
  const email = typeof field === 'string' ? field : '';
  const result = await subscribeToNewsletter(email, locale);
  return result.ok
    ? { status: 'subscribed', email: '', message: result.message }
    : { status: 'refused', email, message: result.message };
}
