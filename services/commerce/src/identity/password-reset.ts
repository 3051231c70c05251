import { createHash, randomBytes } from 'node:crypto';
import { LOCALE_CODES } from '@catalogue/dataset/model';
import type { Db } from '@catalogue/db';
import { outbox, passwordResetCodes, users } from '@catalogue/db/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { findClient } from '../auth/identity-store';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { revokeRefreshTokens } from '../me/me-routes';
import { passwordSchema } from './buyer-users';
import { hashPassword } from './passwords';

const CODE_LIFETIME_MS = 60 * 60 * 1000;
const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** Site locale codes by their lowercase form, which is also their URL prefix (`fr-ca` → `fr-CA`). */
const LOCALES = new Map<string, string>(LOCALE_CODES.map((code) => [code.toLowerCase(), code]));

/**
 * The language of the reset email: the optional `Locale` field (our extension; OrderCloud's clients do not
 * send it and are unaffected), else the locale prefix of the reset page's URL (`https://shop/fr-ca/…`),
 * else none (the mail is in en-US).
 */
function resetLocale(locale: string | null | undefined, url: string | null | undefined): string | null {
  if (locale) return LOCALES.get(locale.toLowerCase()) ?? null;
  if (!url) return null;
  const first = new URL(url).pathname.split('/')[1]?.toLowerCase() ?? '';
  return LOCALES.get(first) ?? null;
}

/**
 * Forgotten passwords, without a token: POST /v1/password/reset queues an email with a one-time code (in
 * the outbox, in the same transaction as the code) and always answers 204, so it never tells whether an
 * account exists (the outbox worker, `@catalogue/outbox`, sends it); PUT /v1/password/reset/{code} sets the new password and revokes refresh tokens.
 */
export function mountPasswordReset(app: Hono<CommerceEnv>, db: Db): void {
  app.post('/v1/password/reset', async (c) => {
    const body = await readBody(
      c.req.raw,
      z.object({
        ClientID: z.string().min(1),
        Email: z.email('must be an email address'),
        Username: z.string().min(1).max(100).nullish(),
        URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).nullish(),
        Locale: z
          .string()
          .refine((value) => LOCALES.has(value.toLowerCase()), {
            error: `must be one of the site's locales: ${LOCALE_CODES.join(', ')}`,
          })
          .nullish(),
      }),
    );
    const locale = resetLocale(body.Locale, body.URL);
    const client = await findClient(db, body.ClientID);
    if (!client?.active) throw ApiError.of(400, 'InvalidClientID', 'Unknown or inactive ClientID.');
    const matches = await db
      .select()
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = lower(${body.Email})`,
          body.Username ? sql`lower(${users.username}) = lower(${body.Username})` : undefined,
          eq(users.active, true),
        ),
      )
      .limit(5);
    for (const user of matches) {
      const code = randomBytes(24).toString('base64url');
      const link = body.URL
        ? `${body.URL}${body.URL.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}`
        : null;
      await db.transaction(async (tx) => {
        await tx.insert(passwordResetCodes).values({
          codeHash: hash(code),
          clientId: client.id,
          companyType: user.companyType,
          companyId: user.companyId,
          userId: user.id,
          expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
        });
        await tx.insert(outbox).values({
          kind: 'email',
          payload: {
            template: 'password-reset',
            to: user.email,
            username: user.username,
            firstName: user.firstName,
            code,
            link,
            expiresInMinutes: CODE_LIFETIME_MS / 60_000,
            ...(locale ? { locale } : {}),
          },
        });
      });
    }
    return c.body(null, 204);
  });

  // Our addition: whether a code from the email is still good, and for which username, so a reset page
  // can say "this link has expired" before the user types a new password.
  app.get('/v1/password/reset/:code', async (c) => {
    const clientId = new URL(c.req.url).searchParams.get('ClientID') ?? '';
    const [entry] = await db
      .select({ username: users.username, expiresAt: passwordResetCodes.expiresAt })
      .from(passwordResetCodes)
      .innerJoin(
        users,
        and(
          eq(users.companyType, passwordResetCodes.companyType),
          eq(users.companyId, passwordResetCodes.companyId),
          eq(users.id, passwordResetCodes.userId),
        ),
      )
      .where(
        and(
          eq(passwordResetCodes.codeHash, hash(c.req.param('code'))),
          eq(passwordResetCodes.clientId, clientId),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, new Date()),
          eq(users.active, true),
        ),
      )
      .limit(1);
    if (!entry) {
      throw ApiError.of(400, 'PasswordReset.InvalidCode', 'The reset code is invalid, used or expired.');
    }
    return c.json({ Username: entry.username, ExpiresAt: entry.expiresAt.toISOString() });
  });

  app.put('/v1/password/reset/:code', async (c) => {
    const body = await readBody(
      c.req.raw,
      z.object({ ClientID: z.string().min(1), Username: z.string().min(1), Password: passwordSchema }),
    );
    const passwordHash = await hashPassword(body.Password);
    const done = await db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(passwordResetCodes)
        .where(
          and(
            eq(passwordResetCodes.codeHash, hash(c.req.param('code'))),
            eq(passwordResetCodes.clientId, body.ClientID),
            isNull(passwordResetCodes.usedAt),
            gt(passwordResetCodes.expiresAt, new Date()),
          ),
        )
        .for('update');
      if (!entry) return false;
      const key = and(
        eq(users.companyType, entry.companyType),
        eq(users.companyId, entry.companyId),
        eq(users.id, entry.userId),
        sql`lower(${users.username}) = lower(${body.Username})`,
      );
      const updated = await tx
        .update(users)
        .set({ passwordHash, passwordLastSetDate: new Date(), failedLoginCount: 0, lockedUntil: null })
        .where(key)
        .returning({ id: users.id });
      if (updated.length === 0) return false;
      await tx
        .update(passwordResetCodes)
        .set({ usedAt: new Date() })
        .where(eq(passwordResetCodes.codeHash, entry.codeHash));
      await revokeRefreshTokens(tx as unknown as Db, entry);
      return true;
    });
    if (!done) {
      throw ApiError.of(
        400,
        'PasswordReset.InvalidCode',
        'The reset code is invalid, used, expired or not for this user.',
      );
    }
    return c.body(null, 204);
  });
}
