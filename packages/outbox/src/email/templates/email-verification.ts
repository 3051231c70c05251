import { z } from 'zod';
import type { MailTexts } from '../texts';
import { codeParagraph, htmlMail, linkParagraph, textMail } from './html-mail';
import type { RenderedMail } from './index';

/** What the commerce service queues to confirm an address (`services/commerce/src/email-verification/`). */
export const emailVerificationData = z.object({
  template: z.literal('email-verification'),
  to: z.email(),
  purpose: z.enum(['registration', 'change']),
  username: z.string().min(1),
  firstName: z.string().nullish(),
  code: z.string().min(1).max(200),
  link: z.url({ protocol: /^https?$/ }),
  expiresInHours: z.number().int().positive(),
  locale: z.string().optional(),
});

/**
 * The verification mail: why it came (a registration, or a changed address), the link to the site's
 * confirmation page, the code for typing it in, how long both work, and what to do when the reader did
 * not expect it.
 */
export function renderEmailVerification(
  data: z.output<typeof emailVerificationData>,
  texts: MailTexts,
): RenderedMail {
  const registration = data.purpose === 'registration';
  const name = data.firstName?.trim() || data.username;
  const subject = texts.t('email.verification.subject');
  const greeting = texts.t('email.verification.greeting', { name });
  const intro = texts.t(
    registration ? 'email.verification.introRegistration' : 'email.verification.introChange',
    { username: data.username },
  );
  const linkIntro = texts.t('email.verification.linkIntro');
  const codeIntro = texts.t('email.verification.codeIntro');
  const expiry = texts.t('email.verification.expiry', { hours: data.expiresInHours });
  const ignore = texts.t(
    registration ? 'email.verification.ignoreRegistration' : 'email.verification.ignoreChange',
  );
  const signature = texts.t('email.signature');
  const text = textMail(
    [greeting, intro, `${linkIntro}\n${data.link}`, `${codeIntro}\n\n    ${data.code}`, expiry, ignore],
    signature,
  );
  const html = htmlMail(texts.language, subject, [
    greeting,
    intro,
    linkParagraph(linkIntro, data.link),
    codeIntro,
    codeParagraph(data.code),
    expiry,
    ignore,
    signature,
  ]);
  return { to: data.to, subject, text, html, language: texts.language };
}
