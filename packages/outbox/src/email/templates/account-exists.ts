import { z } from 'zod';
import type { MailTexts } from '../texts';
import { htmlMail, linkParagraph, textMail } from './html-mail';
import type { RenderedMail } from './index';

/** What the commerce service queues when a registration names an address that has an account. */
export const accountExistsData = z.object({
  template: z.literal('account-exists'),
  to: z.email(),
  loginLink: z.url({ protocol: /^https?$/ }),
  resetLink: z.url({ protocol: /^https?$/ }),
  locale: z.string().optional(),
});

/**
 * The answer to a registration for an address that already has an account: nothing was created, and the
 * owner of the mailbox gets the ways in (log in, or choose a new password). It names no account, so a
 * forwarded copy tells nobody more than that the address is registered.
 */
export function renderAccountExists(
  data: z.output<typeof accountExistsData>,
  texts: MailTexts,
): RenderedMail {
  const subject = texts.t('email.accountExists.subject');
  const greeting = texts.t('email.accountExists.greeting');
  const intro = texts.t('email.accountExists.intro');
  const loginIntro = texts.t('email.accountExists.loginIntro');
  const resetIntro = texts.t('email.accountExists.resetIntro');
  const ignore = texts.t('email.accountExists.ignore');
  const signature = texts.t('email.signature');
  const text = textMail(
    [greeting, intro, `${loginIntro}\n${data.loginLink}`, `${resetIntro}\n${data.resetLink}`, ignore],
    signature,
  );
  const html = htmlMail(texts.language, subject, [
    greeting,
    intro,
    linkParagraph(loginIntro, data.loginLink),
    linkParagraph(resetIntro, data.resetLink),
    ignore,
    signature,
  ]);
  return { to: data.to, subject, text, html, language: texts.language };
}
