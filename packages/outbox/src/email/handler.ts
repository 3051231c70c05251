import type { Db } from '@catalogue/db';
import type { Mail } from 'nodemailer';
import { z } from 'zod';
import { PermanentDeliveryError } from '../errors';
import { deliveryId, type OutboxHandler } from '../worker';
import { type RenderedMail, renderTemplate } from './templates/index';
import type { MailTransport } from './transport';

/**
 * One recipient: `sales@example.com` or a mailbox with a display name, `Sales team <sales@example.com>`
 * (the form SALES_EMAIL and MAIL_FROM take); nodemailer parses both.
 */
const address = z.union([
  z.email(),
  z
    .string()
    .trim()
    .max(320)
    .regex(/^[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/, 'must be an address or "Name <address>"'),
]);
const recipients = z.union([address, z.array(address).min(1).max(100)]);

/**
 * A ready message (issue 9's quote request, `/api/sendEmail`): recipients, subject, plain text, optional
 * HTML and base64 attachments. The payload of a template mail is `{ template, locale?, …data }` instead.
 */
export const readyMessage = z.object({
  to: recipients,
  cc: recipients.optional(),
  bcc: recipients.optional(),
  replyTo: address.optional(),
  subject: z.string().trim().min(1).max(500),
  text: z.string(),
  html: z.string().optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(255),
        contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type such as text/csv'),
        contentBase64: z.base64(),
      }),
    )
    .max(20)
    .optional(),
});

/** The domain of the sender's address, for Message-IDs. */
export function senderDomain(from: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'catalogue.localhost';
}

/**
 * The `email` kind: renders the payload (template or ready message) and hands it to the transport. The
 * Message-ID comes from the row (`deliveryId`), so a message delivered twice — a crash after the SMTP
 * server accepted it, before the row was marked — carries the same Message-ID both times and receivers
 * (and mail programs) can drop the copy; the mail folder's file name comes from the row too.
 */
export function emailHandler(options: { db: Db; transport: MailTransport; from: string }): OutboxHandler {
  const domain = senderDomain(options.from);
  return async (row) => {
    const payload = (row.payload ?? {}) as Record<string, unknown>;
    let message: Mail.Options;
    if (typeof payload.template === 'string') {
      const rendered: RenderedMail = await renderTemplate(options.db, payload.template, payload);
      message = {
        to: rendered.to,
        ...(rendered.replyTo ? { replyTo: rendered.replyTo } : {}),
        subject: rendered.subject,
        text: rendered.text,
        ...(rendered.html ? { html: rendered.html } : {}),
        ...(rendered.language ? { headers: { 'Content-Language': rendered.language } } : {}),
        ...(rendered.attachments ? { attachments: rendered.attachments } : {}),
      };
    } else {
      const parsed = readyMessage.safeParse(payload);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
        throw new PermanentDeliveryError(`invalid email payload: ${problems.join('; ')}`);
      }
      const m = parsed.data;
      message = {
        to: m.to,
        ...(m.cc ? { cc: m.cc } : {}),
        ...(m.bcc ? { bcc: m.bcc } : {}),
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.attachments
          ? {
              attachments: m.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.contentBase64, 'base64'),
              })),
            }
          : {}),
      };
    }
    await options.transport.send(
      {
        ...message,
        from: options.from,
        messageId: `<${deliveryId(row)}@${domain}>`,
        date: row.createdAt,
      },
      row,
    );
  };
}
