import { type Db, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { escapeHtml, type MailTexts } from '../texts';
import type { RenderedMail } from './index';

/** What the content service queues for a newsletter sign-up (`services/content/src/newsletter/subscribe.ts`). */
export const newsletterConfirmationData = z.object({
  template: z.literal('newsletter-confirmation'),
  to: z.email(),
  link: z.url({ protocol: /^https?$/ }),
  expiresInHours: z.number().int().positive(),
  locale: z.string().optional(),
});

const KEYS = [
  'confirmEmailSubject',
  'confirmEmailIntro',
  'confirmEmailExpiry',
  'confirmEmailIgnore',
] as const;
type NewsletterMailTexts = Record<(typeof KEYS)[number], string>;

/**
 * The newsletter's texts for the mail, from the `newsletter` content item of the locale the dictionary
 * texts were chosen for (the sign-up's, else en-US): the newsletter's texts are edited together, beside
 * the page's (`packages/dataset/data/content.yaml`). A missing text is an error, retried by the outbox.
 */
async function newsletterTexts(db: Db, locale: string): Promise<NewsletterMailTexts> {
  const [row] = await queryRows<{ data: Record<string, unknown> }>(
    db,
    sql`select data from content_items where type = 'newsletter' and id = 'newsletter' and locale = ${locale}`,
  );
  const texts: Partial<NewsletterMailTexts> = {};
  for (const key of KEYS) {
    const text = row?.data[key];
    if (typeof text !== 'string') throw new Error(`the ${locale} newsletter item has no text for ${key}`);
    texts[key] = text;
  }
  return texts as NewsletterMailTexts;
}

/**
 * The newsletter's double opt-in mail: who asked for what, the confirmation link, how long it works and
 * what to do when the reader did not ask (nothing: the address stays unsubscribed). Plain text and a
 * simple HTML part with the same content, every value escaped.
 */
export async function renderNewsletterConfirmation(
  data: z.output<typeof newsletterConfirmationData>,
  texts: MailTexts,
  db: Db,
): Promise<RenderedMail> {
  const own = await newsletterTexts(db, texts.locale);
  const expiry = own.confirmEmailExpiry.replaceAll('{hours}', String(data.expiresInHours));
  const signature = texts.t('email.signature');
  const subject = own.confirmEmailSubject;
  const text = [
    own.confirmEmailIntro,
    '',
    data.link,
    '',
    expiry,
    '',
    own.confirmEmailIgnore,
    '',
    '-- ',
    signature,
    '',
  ].join('\n');
  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(texts.language)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff">',
    p(escapeHtml(own.confirmEmailIntro)),
    p(`<a href="${escapeHtml(data.link)}">${escapeHtml(data.link)}</a>`),
    p(escapeHtml(expiry)),
    p(escapeHtml(own.confirmEmailIgnore)),
    p(escapeHtml(signature)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { to: data.to, subject, text, html, language: texts.language };
}
