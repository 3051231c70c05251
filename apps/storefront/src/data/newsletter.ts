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
  confirmIntro: string;
  confirmLabel: string;
}

const NEWSLETTER_QUERY = /* GraphQL */ `
  query Newsletter($language: String!) {
    newsletter(language: $language) {
      heading
      text
      emailLabel
      submitLabel
      consentText
      confirmIntro
      confirmLabel
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

const CONFIRM_MUTATION = /* GraphQL */ `
  mutation Confirm($token: String!, $language: String!) {
    confirmNewsletter(token: $token, language: $language) {
      message
    }
  }
`;

/** How a sign-up or a confirmation ended: the service's localised message either way. */
export type NewsletterResult =
  | { ok: true; message: string }
  | { ok: false; reason: 'malformed' | 'rate-limited' | 'invalid-link'; message: string };

const REFUSALS: Readonly<Record<string, 'malformed' | 'rate-limited' | 'invalid-link'>> = {
  BAD_USER_INPUT: 'malformed',
  RATE_LIMITED: 'rate-limited',
  INVALID_CONFIRMATION: 'invalid-link',
};

async function answerOf(
  locale: LocaleCode,
  run: () => Promise<{ message: string }>,
): Promise<NewsletterResult> {
  try {
    return { ok: true, message: (await run()).message };
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

/**
 * Signs an address up through the content service (double opt-in: it mails the confirmation link), on
 * behalf of the visitor whose X-Forwarded-For is given (the service limits sign-ups per address). A
 * malformed address or too many sign-ups is an answer with the service's message in the locale's
 * language; any other failure is thrown.
 */
export function subscribeToNewsletter(
  email: string,
  locale: LocaleCode,
  forwardedFor: string | null,
): Promise<NewsletterResult> {
  return answerOf(
    locale,
    async () =>
      (
        await queryContent<{ subscribeNewsletter: { message: string } }>(
          SUBSCRIBE_MUTATION,
          { email, language: locale },
          { forwardedFor },
        )
      ).subscribeNewsletter,
  );
}

/** Confirms the sign-up of a mailed link's token; an unknown or lapsed link is an answer, not an error. */
export function confirmNewsletter(token: string, locale: LocaleCode): Promise<NewsletterResult> {
  return answerOf(
    locale,
    async () =>
      (
        await queryContent<{ confirmNewsletter: { message: string } }>(CONFIRM_MUTATION, {
          token,
          language: locale,
        })
      ).confirmNewsletter,
  );
}

async function malformedEmailMessage(locale: LocaleCode): Promise<string> {
  const query =
    'query Malformed($language: String!) { newsletter(language: $language) { malformedEmailMessage } }';
  const data = await queryContent<{ newsletter: { malformedEmailMessage: string } }>(query, {
    language: locale,
  });
  return data.newsletter.malformedEmailMessage;
}
