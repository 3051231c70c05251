import type { RequestContent } from '../graphql/context';
import { userError } from '../graphql/user-error';
import { isWellFormedEmail, normaliseEmail, subscribe } from './subscribe';

/**
 * subscribeNewsletter: checks the address, stores it, and answers with the newsletter's texts in the
 * caller's language. Refusals change nothing and carry the localised message.
 */
export async function subscribeNewsletter(content: RequestContent, email: string, language: string) {
  const texts = (await content.content(language)).newsletter;
  const locale = await content.locale(language);
  const address = normaliseEmail(email);
  if (!isWellFormedEmail(address))
    throw userError('BAD_USER_INPUT', texts.malformedEmailMessage, { field: 'email' });
  const outcome = await subscribe(content.db, address, locale.code);
  if (outcome === 'already-subscribed') throw userError('ALREADY_SUBSCRIBED', texts.alreadySubscribedMessage);
  return { email: address, locale: locale.code, message: texts.successMessage };
}
