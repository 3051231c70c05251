import type { Db } from '@catalogue/db';
import { outbox } from '@catalogue/db/schema';
import { z } from 'zod';

/** The largest attachment `/api/sendEmail` accepts, decoded (a project's PDF is a few hundred KB). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  pdf: 'application/pdf',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** `POST /api/sendEmail {variables:{userId, subject, body, fileName, attachment}}` (spec §7). */
export const sendEmailBody = z.strictObject({
  variables: z
    .strictObject({
      userId: z.string({ error: 'is required' }).min(1, 'is required').max(100, 'is too long'),
      subject: z
        .string({ error: 'is required' })
        .trim()
        .min(1, 'is required')
        .max(200, 'must be at most 200 characters')
        .refine((s) => !/[\r\n]/.test(s), 'must be one line'),
      body: z.string({ error: 'is required' }).max(20_000, 'must be at most 20000 characters'),
      fileName: z
        .string()
        .trim()
        .max(120, 'must be at most 120 characters')
        .regex(/^[\w\- ().]+\.[A-Za-z0-9]{1,5}$/, 'must be a file name such as project.pdf')
        .optional(),
      attachment: z
        .string()
        .max(Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4 + 4, `must be at most ${MAX_ATTACHMENT_BYTES} bytes`)
        .pipe(z.base64('must be base64'))
        .optional(),
    })
    .refine((v) => (v.fileName === undefined) === (v.attachment === undefined), {
      message: 'fileName and attachment go together',
      path: ['attachment'],
    }),
});

export type SendEmailVariables = z.infer<typeof sendEmailBody>['variables'];

export function contentTypeOf(fileName: string): string {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * The ready message (`packages/outbox`, kind `email`) for a user: to their own address only — the route
 * is no relay to anyone else — with the sales team as Reply-To, so an answer reaches the people who can
 * act on it. The attachment keeps its base64.
 */
export function userMessage(
  variables: SendEmailVariables,
  recipient: { email: string; name: string },
  salesEmail: string,
) {
  const to = recipient.name
    ? `${recipient.name.replace(/[<>"\r\n]/g, '')} <${recipient.email}>`
    : recipient.email;
  return {
    to,
    replyTo: salesEmail,
    subject: variables.subject,
    text: variables.body,
    ...(variables.fileName && variables.attachment
      ? {
          attachments: [
            {
              filename: variables.fileName,
              contentType: contentTypeOf(variables.fileName),
              contentBase64: variables.attachment,
            },
          ],
        }
      : {}),
  };
}

/** Queues the message in its own transaction: once this returns, the outbox worker will deliver it. */
export async function queueEmail(db: Db, message: ReturnType<typeof userMessage>): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({ kind: 'email', payload: message })
      .returning({ id: outbox.id });
    if (!row) throw new Error('the outbox insert returned no row');
    return row.id;
  });
}
