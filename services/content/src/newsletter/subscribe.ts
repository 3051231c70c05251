import type { Db } from '@catalogue/db';
import { newsletterSubscriptions } from '@catalogue/db/schema';

/** The address as stored: trimmed and lowercased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A deliverable-looking address: one @, a local part and a domain with a dot, no spaces or control
 * characters, at most 254 characters (RFC 5321's path limit).
 */
export function isWellFormedEmail(email: string): boolean {
  if (email.length > 254) return false;
  return /^[^\s@"(),:;<>[\]\\]{1,64}@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/.test(
    email,
  );
}

export type SubscribeOutcome = 'subscribed' | 'already-subscribed';

/**
 * Stores a sign-up. The address is the primary key and the insert does nothing on conflict, so of two
 * concurrent sign-ups of one address exactly one stores a row and the other learns it was already there.
 */
export async function subscribe(db: Db, email: string, locale: string): Promise<SubscribeOutcome> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email, locale })
    .onConflictDoNothing()
    .returning({ email: newsletterSubscriptions.email });
  return inserted.length === 1 ? 'subscribed' : 'already-subscribed';
}
