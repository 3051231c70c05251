import type { Db } from '@catalogue/db';
import { outbox, passwordResetCodes, users } from '@catalogue/db/schema';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';

/** Reset codes and the users they are for; only a code's SHA-256 is stored. */

export type ResetUser = typeof users.$inferSelect;

const codeOfUser = (user: { companyType: string; companyId: string; id: string }) =>
  and(
    eq(passwordResetCodes.companyType, user.companyType),
    eq(passwordResetCodes.companyId, user.companyId),
    eq(passwordResetCodes.userId, user.id),
  );

/**
 * Active users who confirmed this e-mail address (and with this username, when given): at most `limit`.
 * An address nobody confirmed gets no mail: anyone can type a stranger's address into a profile, and the
 * platform mails only addresses their owners proved (issue 20 item 3).
 */
export async function usersByEmail(
  db: Db,
  email: string,
  username: string | null,
  limit: number,
): Promise<ResetUser[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        username ? sql`lower(${users.username}) = lower(${username})` : undefined,
        eq(users.active, true),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(limit);
}

/**
 * Stores a new code for the user, supersedes the user's older unused codes and queues the mail, in one
 * transaction: the mail goes out exactly when the code exists.
 */
export async function storeCodeAndQueueMail(
  db: Db,
  code: { hash: string; clientId: string; expiresAt: Date },
  user: ResetUser,
  mail: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(codeOfUser(user), isNull(passwordResetCodes.usedAt)));
    await tx.insert(passwordResetCodes).values({
      codeHash: code.hash,
      clientId: code.clientId,
      companyType: user.companyType,
      companyId: user.companyId,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      expiresAt: code.expiresAt,
    });
    await tx.insert(outbox).values({ kind: 'email', payload: mail });
  });
}

/**
 * The conditions under which a code works: issued to this client, not used or superseded, not expired,
 * for an active user whose tokens have not been revoked since (a password change or deactivation).
 */
function liveCode(hash: string, clientId: string) {
  return and(
    eq(passwordResetCodes.codeHash, hash),
    eq(passwordResetCodes.clientId, clientId),
    isNull(passwordResetCodes.usedAt),
    gt(passwordResetCodes.expiresAt, sql`now()`),
    eq(users.active, true),
    eq(users.tokenVersion, passwordResetCodes.tokenVersion),
  );
}

const userOfCode = and(
  eq(users.companyType, passwordResetCodes.companyType),
  eq(users.companyId, passwordResetCodes.companyId),
  eq(users.id, passwordResetCodes.userId),
);

/** The username and expiry of a code that works, or null. */
export async function findLiveCode(
  db: Db,
  hash: string,
  clientId: string,
): Promise<{ username: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ username: users.username, expiresAt: passwordResetCodes.expiresAt })
    .from(passwordResetCodes)
    .innerJoin(users, userOfCode)
    .where(liveCode(hash, clientId))
    .limit(1);
  return row ?? null;
}

/**
 * Sets the password of the code's user when the code works and names this username, and uses the code;
 * false otherwise. The code's row is locked, so two redemptions of one code cannot both succeed. The new
 * password revokes the user's tokens and other codes (trigger users_revoke_tokens).
 */
export async function redeemCode(
  db: Db,
  hash: string,
  clientId: string,
  username: string,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ code: passwordResetCodes })
      .from(passwordResetCodes)
      .innerJoin(users, userOfCode)
      .where(and(liveCode(hash, clientId), sql`lower(${users.username}) = lower(${username})`))
      .for('update', { of: passwordResetCodes });
    if (!entry) return false;
    const { code } = entry;
    await tx
      .update(users)
      .set({ passwordHash, passwordLastSetDate: new Date(), failedLoginCount: 0 })
      .where(
        and(
          eq(users.companyType, code.companyType),
          eq(users.companyId, code.companyId),
          eq(users.id, code.userId),
        ),
      );
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(eq(passwordResetCodes.codeHash, code.codeHash));
    return true;
  });
}
