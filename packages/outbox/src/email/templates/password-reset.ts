import { z } from 'zod';
import { escapeHtml, type MailTexts } from '../texts';
import type { RenderedMail } from './index';

/** What the commerce service queues for a forgotten password (`services/commerce/src/identity/password-reset.ts`). */
export const passwordResetData = z.object({
  template: z.literal('password-reset'),
  to: z.email(),
  username: z.string().min(1),
  firstName: z.string().nullish(),
  code: z.string().min(1).max(200),
  link: z.url({ protocol: /^https?$/ }).nullish(),
  expiresInMinutes: z.number().int().positive(),
  locale: z.string().optional(),
});

/**
 * The forgotten-password mail: greeting, the one-time code (set apart so it is easy to copy), the link
 * when the request gave one, how long the code lasts, and what to do when the reader did not ask. Plain
 * text and a simple HTML part with the same content, every value escaped.
 */
export function renderPasswordReset(
  data: z.output<typeof passwordResetData>,
  texts: MailTexts,
): RenderedMail {
  const name = data.firstName?.trim() || data.username;
  const parts = {
    greeting: texts.t('email.passwordReset.greeting', { name }),
    intro: texts.t('email.passwordReset.intro', { username: data.username }),
    linkIntro: data.link ? texts.t('email.passwordReset.linkIntro') : null,
    expiry: texts.t('email.passwordReset.expiry', { minutes: data.expiresInMinutes }),
    ignore: texts.t('email.passwordReset.ignore'),
    signature: texts.t('email.signature'),
  };
  const subject = texts.t('email.passwordReset.subject');
  const text = [
    parts.greeting,
    '',
    parts.intro,
    '',
    `    ${data.code}`,
    '',
    ...(data.link && parts.linkIntro ? [parts.linkIntro, data.link, ''] : []),
    parts.expiry,
    '',
    parts.ignore,
    '',
    '-- ',
    parts.signature,
    '',
  ].join('\n');
  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(texts.language)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff">',
    p(escapeHtml(parts.greeting)),
    p(escapeHtml(parts.intro)),
    p(
      `<strong style="display:inline-block;padding:8px 12px;border:1px solid #888;font-family:Consolas,Menlo,monospace;font-size:18px;letter-spacing:1px">${escapeHtml(data.code)}</strong>`,
    ),
    ...(data.link && parts.linkIntro
      ? [
          p(
            `${escapeHtml(parts.linkIntro)}<br><a href="${escapeHtml(data.link)}">${escapeHtml(data.link)}</a>`,
          ),
        ]
      : []),
    p(escapeHtml(parts.expiry)),
    p(escapeHtml(parts.ignore)),
    p(escapeHtml(parts.signature)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { to: data.to, subject, text, html, language: texts.language };
}
