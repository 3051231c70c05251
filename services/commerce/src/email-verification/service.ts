import type { LocaleCode } from '@catalogue/dataset/model';
import type { Db } from '@catalogue/db';
import { takeRateLimits } from '@catalogue/db/rate-limits';
import { ApiError } from '../http/api-error';
import { confirmRegistration } from '../registration/service';
import { hashCode, newCode, queueVerificationMail } from './mails';
import {
  dropVerification,
  markVerified,
  pendingByCode,
  pendingWithAddress,
  renewPending,
  replaceVerification,
  takePending,
  takeVerification,
  type UserRow,
  unverifiedUsersWithAddress,
  verificationByCode,
  verificationOpen,
} from './repository';
import { emailBucket, expiryOf, HOUR_S, mailAllowed, type VerificationSettings } from './settings';
import { siteLocale } from './site-links';

export const invalidCode = () =>
  ApiError.of(400, 'EmailVerification.InvalidCode', 'The verification code is invalid, used or expired.');

/** Mails a new code for the user's current address; the previous link stops working. */
async function startAddressVerification(
  db: Db,
  settings: VerificationSettings,
  user: UserRow,
  locale: LocaleCode | null,
): Promise<void> {
  const { code, hash } = newCode();
  await replaceVerification(
    db,
    { companyType: user.companyType, companyId: user.companyId, userId: user.id },
    { codeHash: hash, email: user.email, expiresAt: expiryOf(settings) },
  );
  await queueVerificationMail(db, settings.links, {
    to: user.email,
    locale: locale ?? siteLocale(user.locale),
    purpose: 'change',
    username: user.username,
    firstName: user.firstName,
    code,
    expiresInHours: settings.codeHours,
  });
}

/**
 * After a write that named the user's address (PUT/PATCH /me, an administrator's user write), in its
 * transaction: an address that is not verified — new, changed (the trigger of migration 0031 cleared the
 * mark), or never verified — gets a verification mail unless one for that very address is still open. A
 * user's own writes are limited per user and per address (COMMERCE_VERIFICATION_MAILS_PER_USER/_EMAIL):
 * over the limit the write is refused with 429 and nothing changes, so nobody can mail strangers by
 * changing their address again and again.
 */
export async function verifyWrittenAddress(
  db: Db,
  settings: VerificationSettings,
  user: UserRow,
  selfService: boolean,
): Promise<void> {
  const key = { companyType: user.companyType, companyId: user.companyId, userId: user.id };
  if (!user.email) return dropVerification(db, key);
  if (user.emailVerifiedAt || (await verificationOpen(db, user))) return;
  if (selfService) {
    const answer = await takeRateLimits(db, [
      {
        bucket: `verification-mail:user:${user.companyType}:${user.companyId}:${user.id}`,
        limit: settings.mailsPerUser,
        periodSeconds: HOUR_S,
      },
      { bucket: emailBucket(user.email), limit: settings.mailsPerEmail, periodSeconds: HOUR_S },
    ]);
    if (!answer.ok) {
      throw ApiError.tooManyRequests(
        `Too many verification mails: change the address again in ${answer.retryAfterSeconds} s.`,
        answer.retryAfterSeconds,
      );
    }
  }
  await startAddressVerification(db, settings, user, null);
}

/**
 * `afterWrite` of an administrator's user writes (buyer, supplier and marketplace users): a write that
 * names the address verifies it like the user's own would, without the self-service limits.
 */
export const verifyAfterAdminWrite =
  (settings: VerificationSettings) =>
  async (tx: Db, row: Record<string, unknown>, body: Record<string, unknown>): Promise<void> => {
    if (Object.hasOwn(body, 'Email')) await verifyWrittenAddress(tx, settings, row as UserRow, false);
  };

/** What an unexpired code is for, so the confirmation page can say it before the click. */
export async function describeCode(db: Db, code: string) {
  if (!code || code.length > 200) throw invalidCode();
  const hash = hashCode(code);
  const pending = await pendingByCode(db, hash);
  if (pending) {
    return {
      Purpose: 'Registration',
      Email: pending.email,
      Username: pending.username,
      ExpiresAt: pending.expiresAt.toISOString(),
    };
  }
  const open = await verificationByCode(db, hash);
  if (!open || open.user.email.toLowerCase() !== open.email.toLowerCase()) throw invalidCode();
  return {
    Purpose: 'AddressChange',
    Email: open.email,
    Username: open.user.username,
    ExpiresAt: open.expiresAt.toISOString(),
  };
}

/**
 * Confirms an address with the mailed code, once: a waiting registration becomes its account (verified),
 * a user's address becomes verified — if it is still the address the code was mailed to. The code is used
 * up even when the registration can no longer be completed (its username or address was taken meanwhile),
 * and the answer says why.
 */
export async function confirmCode(db: Db, code: string) {
  if (!code || code.length > 200) throw invalidCode();
  const hash = hashCode(code);
  const outcome = await db.transaction(async (tx) => {
    const pending = await takePending(tx as unknown as Db, hash);
    if (pending) return confirmRegistration(tx as unknown as Db, pending);
    const open = await takeVerification(tx as unknown as Db, hash);
    if (!open) return { error: invalidCode() };
    const key = { companyType: open.companyType, companyId: open.companyId, userId: open.userId };
    if (!(await markVerified(tx as unknown as Db, key, open.email))) return { error: invalidCode() };
    return { confirmed: { Purpose: 'AddressChange', Email: open.email } };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.confirmed;
}

/**
 * "Send the link again", for an address: a new code for each registration still waiting on it and for
 * each active user whose address it is and who has not confirmed it. Always the same answer, whether the
 * address has an account, a registration or nothing; within the address's hourly mail allowance.
 */
export async function resendVerification(
  db: Db,
  settings: VerificationSettings,
  email: string,
  locale: LocaleCode | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const pending = await pendingWithAddress(t, email);
    const unverified = await unverifiedUsersWithAddress(t, email);
    if (pending.length + unverified.length === 0 || !(await mailAllowed(t, settings, email))) return;
    for (const registration of pending) {
      const { code, hash } = newCode();
      await renewPending(t, registration.id, hash, expiryOf(settings));
      await queueVerificationMail(t, settings.links, {
        to: registration.email,
        locale: locale ?? siteLocale(registration.locale),
        purpose: 'registration',
        username: registration.username,
        firstName: String((registration.account as { FirstName?: unknown }).FirstName ?? ''),
        code,
        expiresInHours: settings.codeHours,
      });
    }
    for (const user of unverified) await startAddressVerification(t, settings, user, locale);
  });
}
