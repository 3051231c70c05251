import type { LocaleCode } from '@catalogue/dataset/model';
import { cache } from 'react';
import { ContentError, queryContent } from './content-graphql';

/** The newsletter texts of a locale (content service `newsletter(language)`). */
export interface NewsletterTexts {
  heading: string;
  text: string;
  emailLabel: string;
  submitLabel: string;
  consentText: string;
  successMessage: string;
}

const NEWSLETTER_QUERY = /* GraphQL */ `
  query Newsletter($language: String!) {
    newsletter(language: $language) {
      heading
      text
      emailLabel
      submitLabel
      consentText
      successMessage
    }
  }
`;

/** The newsletter texts in a locale's language. Memoised per request. */
export const getNewsletterTexts = cache(
  async (locale: LocaleCode): Promise<NewsletterTexts> =>
    (await queryContent<{ newsletter: NewsletterTexts }>(NEWSLETTER_QUERY, { language: locale })).newsletter,
);

const SUBSCRIBE_MUTATION = /* GraphQL */ `
  mutation Subscribe($email: String!, $language: String!) {
    subscribeNewsletter(email: $email, language: $language) {
      message
    }
  }
`;

/** How a sign-up ended: the service's localised message either way. */
export type SubscribeResult =
  | { ok: true; message: string }
  | { ok: false; reason: 'malformed' | 'already-subscribed'; message: string };

const REFUSALS: Readonly<Record<string, 'malformed' | 'already-subscribed'>> = {
  BAD_USER_INPUT: 'malformed',
  ALREADY_SUBSCRIBED: 'already-subscribed',
};

/**
 * Signs an address up through the content service. A malformed or already subscribed address is an
 * answer (with the service's message in the locale's language); any other failure is thrown.
 */
export async function subscribeToNewsletter(email: string, locale: LocaleCode): Promise<SubscribeResult> {
  try {
    const data = await queryContent<{ subscribeNewsletter: { message: string } }>(SUBSCRIBE_MUTATION, {
      email,
      language: locale,
    });
    return { ok: true, message: data.subscribeNewsletter.message };
  } catch (error) {
    if (error instanceof ContentError && error.code === 'BAD_REQUEST') {
      // Text the service refuses before reading it (a NUL byte, an unpaired surrogate): not an address.
      return { ok: false, reason: 'malformed', message: await malformedEmailMessage(locale) };
    }
    const reason = error instanceof ContentError && error.code ? REFUSALS[error.code] : undefined;
    if (!reason || !(error instanceof ContentError)) throw error;
    return { ok: false, reason, message: error.message };
  }
}

async function malformedEmailMessage(locale: LocaleCode): Promise<string> {
  const query =
    'query Malformed($language: String!) { newsletter(language: $language) { malformedEmailMessage } }';
  const data = await queryContent<{ newsletter: { malformedEmailMessage: string } }>(query, {
    language: locale,
  });
  return data.newsletter.malformedEmailMessage;
}
