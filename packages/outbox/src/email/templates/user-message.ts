import type { z } from 'zod';
import { escapeHtml, type MailTexts } from '../texts';
import { htmlMail, textMail } from './html-mail';
import type { RenderedMail } from './index';
import type { userMessageData } from './user-message-data';

/**
 * `/api/sendEmail`'s mail, which a signed-in user sends to their own verified address: the product's
 * frame says what it is — a note the user wrote to themselves from their account, not a message of the
 * manufacturer — and carries the user's subject and text as quoted plain text, never as markup or links
 * the product would vouch for. Attachments are documents the site generated.
 */
export function renderUserMessage(data: z.output<typeof userMessageData>, texts: MailTexts): RenderedMail {
  const subject = texts.t('email.userMessage.subject', { subject: data.subject });
  const greeting = texts.t('email.userMessage.greeting', { name: data.name.trim() || data.username });
  const intro = texts.t('email.userMessage.intro', { username: data.username });
  const files = (data.attachments ?? []).map((a) => a.filename).join(', ');
  const attached = files ? texts.t('email.userMessage.attachments', { files }) : null;
  const notYou = texts.t('email.userMessage.notYou');
  const signature = texts.t('email.signature');
  const quoted = data.body
    ? data.body
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n')
    : '>';
  const text = textMail([greeting, intro, quoted, ...(attached ? [attached] : []), notYou], signature);
  const html = htmlMail(texts.language, subject, [
    greeting,
    intro,
    {
      html: `<blockquote style="margin:0;padding:8px 12px;border-left:4px solid #888;background:#f4f4f4;white-space:pre-wrap">${escapeHtml(data.body)}</blockquote>`,
    },
    ...(attached ? [attached] : []),
    notYou,
    signature,
  ]);
  return {
    to: data.to,
    ...(data.replyTo ? { replyTo: data.replyTo } : {}),
    subject,
    text,
    html,
    language: texts.language,
    ...(data.attachments
      ? {
          attachments: data.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        }
      : {}),
  };
}
