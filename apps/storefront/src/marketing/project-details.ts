import { createHash } from 'node:crypto';
import type { Db } from '@catalogue/db';
import { outbox } from '@catalogue/db/schema';
import { z } from 'zod';

const text = (max: number) =>
  z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`);

/**
 * `projectDetails` of `postProjectDetailsPardot`: the shape the quote-request push carries
 * (`projectDetails()` in packages/outbox), every field bounded; unknown fields are refused.
 */
export const projectDetailsSchema = z.strictObject({
  projectId: z.string({ error: 'is required' }).min(1, 'is required').max(100, 'is too long'),
  projectName: text(200).optional(),
  projectDesc: text(2000).optional(),
  regionName: text(10).optional(),
  brand: text(200).optional(),
  submittedAt: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).nullable().optional(),
  company: z.strictObject({ id: text(100), name: text(200) }).optional(),
  user: z
    .strictObject({
      username: text(256),
      firstName: text(100).optional(),
      lastName: text(100).optional(),
      email: z.union([z.email('must be an e-mail address'), z.literal('')]).optional(),
    })
    .optional(),
  lines: z
    .array(
      z.strictObject({
        productId: z.string().min(1, 'is required').max(100, 'is too long'),
        name: text(300).optional(),
        quantity: z.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(999_999),
        packagingOption: text(100).optional(),
      }),
    )
    .max(1000, 'must have at most 1000 lines')
    .optional(),
});

export const postProjectDetailsBody = z.strictObject({
  projectDetails: projectDetailsSchema,
  token: z.string({ error: 'is required' }).min(1, 'is required').max(8192, 'is too long'),
});

export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

/**
 * Queues a `marketing-push` row `{projectDetails, pushedBy?}` in a transaction (the outbox worker POSTs
 * it to MARKETING_PUSH_URL with retries and backoff, or writes it under $DATA_DIR/marketing-push/). The
 * same details sent again (a browser retry) are queued once: the dedupe key is their hash.
 */
export async function queueProjectDetails(
  db: Db,
  projectDetails: ProjectDetails,
  pushedBy: string | null,
): Promise<{ id: number | null; duplicate: boolean }> {
  const payload = { projectDetails, ...(pushedBy ? { pushedBy } : {}) };
  const dedupeKey = `project-details:${createHash('sha256').update(JSON.stringify(payload)).digest('hex')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({ kind: 'marketing-push', payload, dedupeKey })
      .onConflictDoNothing()
      .returning({ id: outbox.id });
    return row ? { id: row.id, duplicate: false } : { id: null, duplicate: true };
  });
}
