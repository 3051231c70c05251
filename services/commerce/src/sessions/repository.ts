import type { Db } from '@catalogue/db';
import { users } from '@catalogue/db/schema';
import { and, eq, sql } from 'drizzle-orm';

/** The primary key of a user: company type ('seller' | 'buyer' | 'supplier'), company ID ('' for the seller), ID. */
export interface UserKey {
  companyType: string;
  companyId: string;
  userId: string;
}

const ofUser = (key: UserKey) =>
  and(eq(users.companyType, key.companyType), eq(users.companyId, key.companyId), eq(users.id, key.userId));

/**
 * Moves the user's token version on, which ends every access token, refresh token and reset code the
 * user holds. The username, or null when there is no such user.
 */
export async function bumpTokenVersion(db: Db, key: UserKey): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(ofUser(key))
    .returning({ username: users.username });
  return row?.username ?? null;
}

/** Sets FailedLoginAttempts back to 0; the username, or null when there is no such user. */
export async function clearFailedLogins(db: Db, key: UserKey): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: 0 })
    .where(ofUser(key))
    .returning({ username: users.username });
  return row?.username ?? null;
}
