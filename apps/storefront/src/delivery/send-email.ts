import type { Db } from '@catalogue/db';
import { takeRateLimits } from '@catalogue/db/rate-limits';
import { outbox } from '@catalogue/db/schema';
import {
  cleanText,
  USER_MESSAGE_LIMITS,
  type UserMessageData,
  userMessageData,
} from '@catalogue/outbox/user-message';
import { z } from 'zod';

/** The largest `/api/sendEmail` body: text and a document's address, no file content. */
export const MAX_SEND_EMAIL_BYTES = 64 * 1024;

/**
 * `POST /api/sendEmail {variables:{userId, subject, body, fileName, attachment}}` (spec §7). `subject` and
 * `body` become plain text inside the product's `user-message` template (one line of at most 120
 * characters; at most 2000 characters and 60 lines, control and direction-override characters dropped);
 * `attachment` names one of the site's documents (`mail-documents.ts`), `fileName` what the attachment is
 * called (the document's own name when left out).
 */
export const sendEmailBody = z.strictObject({
  variables: z
    .strictObject({
      userId: z.string({ error: 'is required' }).min(1, 'is required').max(100, 'is too long'),
      subject: z
        .string({ error: 'is required' })
        .max(2000, `must be at most ${USER_MESSAGE_LIMITS.subject} characters`)
        .refine((s) => !/[\r\n]/.test(s), 'must be one line')
        .transform(cleanText)
        .pipe(
          z
            .string()
            .min(1, 'is required')
            .max(USER_MESSAGE_LIMITS.subject, `must be at most ${USER_MESSAGE_LIMITS.subject} characters`),
        ),
      body: z
        .string({ error: 'is required' })
        .max(20_000, `must be at most ${USER_MESSAGE_LIMITS.body} characters`)
        .transform(cleanText)
        .pipe(
          z
            .string()
            .max(USER_MESSAGE_LIMITS.body, `must be at most ${USER_MESSAGE_LIMITS.body} characters`)
            .refine(
              (s) => s.split('\n').length <= USER_MESSAGE_LIMITS.bodyLines,
              `must be at most ${USER_MESSAGE_LIMITS.bodyLines} lines`,
            ),
        ),
      fileName: z
        .string()
        .trim()
        .max(120, 'must be at most 120 characters')
        .regex(/^[\w\- ().]+\.[A-Za-z0-9]{1,5}$/, 'must be a file name such as project.pdf')
        .optional(),
      attachment: z.string().max(500, 'must be the address of one of the site’s documents').optional(),
    })
    .refine((v) => v.fileName === undefined || v.attachment !== undefined, {
      message: 'names the attachment: give attachment too',
      path: ['fileName'],
    }),
});

export type SendEmailVariables = z.output<typeof sendEmailBody>['variables'];

export interface SendEmailLimits {
  perUserPerHour: number;
  perAddressPerHour: number;
}

export type QueueAnswer = { ok: true; id: number } | { ok: false; retryAfterSeconds: number };

/**
 * Queues the user's mail (outbox template `user-message`) if the user and the address have mail left this
 * hour: both limits and the row in one transaction, counted in the database, so several instances count
 * together and a refused mail uses nothing up.
 */
export async function queueUserMessage(
  db: Db,
  limits: SendEmailLimits,
  sender: { key: string; address: string },
  message: UserMessageData,
): Promise<QueueAnswer> {
  const payload = userMessageData.parse(message);
  return db.transaction(async (tx) => {
    const answer = await takeRateLimits(tx as unknown as Db, [
      { bucket: `send-email:user:${sender.key}`, limit: limits.perUserPerHour, periodSeconds: 3600 },
      {
        bucket: `send-email:address:${sender.address.toLowerCase()}`,
        limit: limits.perAddressPerHour,
        periodSeconds: 3600,
      },
    ]);
    if (!answer.ok) return { ok: false, retryAfterSeconds: answer.retryAfterSeconds };
    const [row] = await tx.insert(outbox).values({ kind: 'email', payload }).returning({ id: outbox.id });
    if (!row) throw new Error('the outbox insert returned no row');
    return { ok: true, id: row.id };
  });
}
