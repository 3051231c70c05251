import type { LocaleCode } from '@catalogue/dataset/model';
import type { Db } from '@catalogue/db';
import { users } from '@catalogue/db/schema';
import { sql } from 'drizzle-orm';
import { newCode, queueAccountExistsMail, queueVerificationMail } from '../email-verification/mails';
import {
  accountsWithAddress,
  insertPending,
  type PendingRow,
  usernameTaken,
} from '../email-verification/repository';
import { expiryOf, mailAllowed, type VerificationSettings } from '../email-verification/settings';
import { ApiError } from '../http/api-error';
import { USER_UNIQUE_CONSTRAINTS } from '../identity/buyer-users';
import { lockedError } from '../identity/locked-xp';
import { hashPassword } from '../identity/passwords';
import { uniqueViolation } from '../resources/errors';
import { generateId } from '../resources/ids';

/** What a registrant sends (PUT /me/register), validated. */
export interface Registration {
  Username: string;
  FirstName: string;
  LastName: string;
  Email: string;
  Phone?: string | null;
  TermsAccepted?: string | null;
  xp?: Record<string, unknown>;
  Password: string;
  /** Our extension: the site locale of the registration page, for the mail and later mails. */
  Locale?: LocaleCode | null;
}

/** The account a waiting registration becomes (`pending_registrations.account`). */
interface PendingAccount {
  FirstName: string;
  LastName: string;
  Phone: string | null;
  TermsAccepted: string | null;
  xp: Record<string, unknown>;
  passwordHash: string;
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Checks that depend on nothing but the request and the chosen username, made before anything about the
 * address is looked at. A username is chosen, shown to colleagues and not secret, so a taken one is said
 * (the registrant picks another); a username that is an e-mail address must be the registrant's own
 * address, and is then treated as the address itself, never said to be taken.
 */
async function refuseBadRequest(db: Db, input: Registration, lockedXp: readonly string[]): Promise<void> {
  if (!input.Email) {
    throw ApiError.of(
      400,
      'Required',
      'Email is required: an account exists once its address is confirmed.',
      {
        Property: 'Email',
      },
    );
  }
  const locked = lockedXp.find((key) => input.xp && Object.hasOwn(input.xp, key));
  if (locked) throw lockedError(locked);
  if (input.Username.includes('@')) {
    if (!sameText(input.Username, input.Email)) {
      throw ApiError.of(
        400,
        'ValidationFailure',
        'Username may be an e-mail address only when it is the Email of the registration.',
        { Property: 'Username' },
      );
    }
    return;
  }
  if (await usernameTaken(db, input.Username)) {
    const known = USER_UNIQUE_CONSTRAINTS.users_username_key;
    throw ApiError.of(409, known.errorCode, known.message);
  }
}

/**
 * Self-registration of an anonymous shopper into their visitors' company (`buyerId`). Nothing is created
 * until the address is confirmed: a registration waits with a mailed code (`pending_registrations`), and
 * confirming it creates the account. When the address already has an account, nothing waits and the mail
 * says an account exists, with the ways to log in or choose a new password. Either way the caller gets
 * the same answer after the same work (the password is hashed in both cases), so registration does not
 * tell whether an address is registered.
 */
export async function register(
  db: Db,
  settings: VerificationSettings,
  buyerId: string,
  input: Registration,
  lockedXp: readonly string[],
): Promise<void> {
  await refuseBadRequest(db, input, lockedXp);
  const passwordHash = await hashPassword(input.Password);
  const locale = input.Locale ?? null;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if ((await accountsWithAddress(t, input.Email)).length > 0) {
      if (await mailAllowed(t, settings, input.Email))
        await queueAccountExistsMail(t, settings.links, { to: input.Email, locale });
      return;
    }
    const { code, hash } = newCode();
    const account: PendingAccount = {
      FirstName: input.FirstName,
      LastName: input.LastName,
      Phone: input.Phone ?? null,
      TermsAccepted: input.TermsAccepted ?? null,
      xp: input.xp ?? {},
      passwordHash,
    };
    await insertPending(t, {
      codeHash: hash,
      buyerId,
      email: input.Email,
      username: input.Username,
      account,
      locale,
      expiresAt: expiryOf(settings),
    });
    if (!(await mailAllowed(t, settings, input.Email))) return;
    await queueVerificationMail(t, settings.links, {
      to: input.Email,
      locale,
      purpose: 'registration',
      username: input.Username,
      firstName: input.FirstName,
      code,
      expiresInHours: settings.codeHours,
    });
  });
}

const conflict = (code: string, message: string) => ({ error: ApiError.of(409, code, message) });

/**
 * A confirmed registration becomes its account, verified, in the confirming transaction (`db`). If its
 * username or address was taken since it was sent, nothing is created and the outcome says so.
 */
export async function confirmRegistration(db: Db, pending: PendingRow) {
  const usernameGone = () =>
    conflict(
      'EmailVerification.UsernameTaken',
      `The username ${pending.username} was taken before this registration was confirmed: register again with another.`,
    );
  if (await usernameTaken(db, pending.username)) return usernameGone();
  if ((await accountsWithAddress(db, pending.email)).length > 0) {
    return conflict(
      'EmailVerification.AccountExists',
      'An account with this e-mail address was created before this registration was confirmed: log in, or choose a new password.',
    );
  }
  const account = pending.account as PendingAccount;
  try {
    // A savepoint: a username taken by a concurrent confirmation must not spoil the whole transaction.
    await db.transaction(async (sp) => {
      await sp.insert(users).values({
        companyType: 'buyer',
        companyId: pending.buyerId,
        id: generateId(),
        username: pending.username,
        firstName: account.FirstName,
        lastName: account.LastName,
        email: pending.email,
        phone: account.Phone,
        xp: account.xp,
        passwordHash: account.passwordHash,
        passwordLastSetDate: sql`now()`,
        termsAccepted: account.TermsAccepted ? new Date(account.TermsAccepted) : null,
        emailVerifiedAt: sql`now()`,
        locale: pending.locale,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_username_key') return usernameGone();
    throw error;
  }
  return { confirmed: { Purpose: 'Registration', Email: pending.email, Username: pending.username } };
}
