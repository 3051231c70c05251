import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@catalogue/db';
import { newsletterSubscriptions, outbox } from '@catalogue/db/schema';
import { sql } from 'drizzle-orm';

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

/** A confirmation token: 256 random bits, base64url; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SignUp {
  email: string;
  locale: string;
  /** Builds the confirmation link of a token (the site's own origin, the locale's page). */
  link: (token: string) => string;
  confirmHours: number;
  /** Confirmation mails one address may receive per 24 hours. */
  mailsPerDay: number;
}

/** `mailed`: a pending sign-up now waits for the link just queued; `unchanged`: nothing was done. */
export type SignUpOutcome = 'mailed' | 'unchanged';

/**
 * Stores a pending sign-up and queues its confirmation mail, in one transaction. One statement decides,
 * so concurrent sign-ups of one address cannot both mail past the limit: a new address is inserted; a
 * pending (or lapsed) one gets a fresh token, expiry and locale and counts one more mail of its 24-hour
 * window. Nothing happens to a confirmed address (it stays subscribed, nobody is mailed) nor to one that
 * had its mails for the day (the link already sent still works). The caller answers the same either way.
 */
export async function requestSubscription(db: Db, signUp: SignUp): Promise<SignUpOutcome> {
  const token = newToken();
  const hours = sql`make_interval(hours => ${signUp.confirmHours}::int)`;
  const windowOver = sql`${newsletterSubscriptions.confirmationWindowStartedAt} is null
    or ${newsletterSubscriptions.confirmationWindowStartedAt} <= now() - interval '24 hours'`;
  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(newsletterSubscriptions)
      .values({
        email: signUp.email,
        locale: signUp.locale,
        tokenHash: tokenHash(token),
        expiresAt: sql`now() + ${hours}`,
        confirmationCount: 1,
        confirmationWindowStartedAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: {
          locale: signUp.locale,
          subscribedAt: sql`now()`,
          tokenHash: tokenHash(token),
          expiresAt: sql`now() + ${hours}`,
          confirmationCount: sql`case when ${windowOver} then 1 else ${newsletterSubscriptions.confirmationCount} + 1 end`,
          confirmationWindowStartedAt: sql`case when ${windowOver} then now() else ${newsletterSubscriptions.confirmationWindowStartedAt} end`,
        },
        setWhere: sql`${newsletterSubscriptions.confirmedAt} is null
          and (${windowOver} or ${newsletterSubscriptions.confirmationCount} < ${signUp.mailsPerDay})`,
      })
      .returning({ email: newsletterSubscriptions.email });
    if (stored.length === 0) return 'unchanged';
    await tx.insert(outbox).values({
      kind: 'email',
      payload: {
        template: 'newsletter-confirmation',
        to: signUp.email,
        link: signUp.link(token),
        expiresInHours: signUp.confirmHours,
        locale: signUp.locale,
      },
    });
    return 'mailed';
  });
}
