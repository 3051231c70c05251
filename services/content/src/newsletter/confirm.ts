import type { Db } from '@catalogue/db';
import { newsletterSubscriptions } from '@catalogue/db/schema';
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { tokenHash } from './subscribe';

/**
 * Confirms the sign-up whose link holds `token`, while the link works: the subscription counts from now
 * on and no longer lapses. Using the link again answers the same (a second click, a mail client that
 * opens links) without changing anything. Null for an unknown or lapsed token.
 */
export async function confirmSubscription(
  db: Db,
  token: string,
): Promise<{ email: string; locale: string } | null> {
  if (token.length === 0 || token.length > 200) return null;
  const hash = tokenHash(token);
  const [confirmed] = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: sql`coalesce(${newsletterSubscriptions.confirmedAt}, now())`, expiresAt: null })
    .where(
      and(
        eq(newsletterSubscriptions.tokenHash, hash),
        or(isNotNull(newsletterSubscriptions.confirmedAt), gt(newsletterSubscriptions.expiresAt, sql`now()`)),
      ),
    )
    .returning({ email: newsletterSubscriptions.email, locale: newsletterSubscriptions.locale });
  return confirmed ?? null;
}

/** Deletes the sign-ups never confirmed before their link lapsed; answers how many. */
export async function deleteLapsedSignUps(db: Db): Promise<number> {
  const deleted = await db
    .delete(newsletterSubscriptions)
    .where(
      and(isNull(newsletterSubscriptions.confirmedAt), sql`${newsletterSubscriptions.expiresAt} <= now()`),
    )
    .returning({ email: newsletterSubscriptions.email });
  return deleted.length;
}
