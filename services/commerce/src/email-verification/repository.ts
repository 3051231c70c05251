import type { Db } from '@catalogue/db';
import { emailVerifications, pendingRegistrations, users } from '@catalogue/db/schema';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';

/** A user's primary key. */
export interface UserKey {
  companyType: string;
  companyId: string;
  userId: string;
}

export type UserRow = typeof users.$inferSelect;
export type PendingRow = typeof pendingRegistrations.$inferSelect;

const sameAddress = (column: typeof users.email, email: string) => sql`lower(${column}) = lower(${email})`;

const ofUser = (key: UserKey) =>
  and(
    eq(emailVerifications.companyType, key.companyType),
    eq(emailVerifications.companyId, key.companyId),
    eq(emailVerifications.userId, key.userId),
  );

const userIs = (key: UserKey) =>
  and(eq(users.companyType, key.companyType), eq(users.companyId, key.companyId), eq(users.id, key.userId));

/** The user's open verification becomes this one: a newer code replaces an older one. */
export async function replaceVerification(
  db: Db,
  key: UserKey,
  values: { codeHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(emailVerifications)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [emailVerifications.companyType, emailVerifications.companyId, emailVerifications.userId],
      set: { ...values, createdAt: new Date() },
    });
}

export async function dropVerification(db: Db, key: UserKey): Promise<void> {
  await db.delete(emailVerifications).where(ofUser(key));
}

/** The user an unexpired code would verify, with the address it was mailed to; null for any other code. */
export async function verificationByCode(db: Db, codeHash: string) {
  const [row] = await db
    .select({ user: users, email: emailVerifications.email, expiresAt: emailVerifications.expiresAt })
    .from(emailVerifications)
    .innerJoin(
      users,
      and(
        eq(users.companyType, emailVerifications.companyType),
        eq(users.companyId, emailVerifications.companyId),
        eq(users.id, emailVerifications.userId),
      ),
    )
    .where(and(eq(emailVerifications.codeHash, codeHash), gt(emailVerifications.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

/** Whether an unexpired link for exactly this address is already on its way to the user. */
export async function verificationOpen(db: Db, user: UserRow): Promise<boolean> {
  const [open] = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.companyType, user.companyType),
        eq(emailVerifications.companyId, user.companyId),
        eq(emailVerifications.userId, user.id),
        sql`lower(${emailVerifications.email}) = lower(${user.email})`,
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return open !== undefined;
}

/** Takes an unexpired code: the row is deleted, so a code works once. */
export async function takeVerification(db: Db, codeHash: string) {
  const [row] = await db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.codeHash, codeHash), gt(emailVerifications.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/** Marks the address verified if it is still the user's address; false when it changed since. */
export async function markVerified(db: Db, key: UserKey, email: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(userIs(key), sameAddress(users.email, email)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Users whose login name or address is this address (self-registration never takes one of them). */
export async function accountsWithAddress(db: Db, email: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) or lower(${users.username}) = lower(${email})`)
    .limit(5);
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

/** Active users with this address still unverified (a new link may go to them). */
export async function unverifiedUsersWithAddress(db: Db, email: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(sameAddress(users.email, email), isNull(users.emailVerifiedAt), eq(users.active, true)))
    .limit(5);
}

export async function insertPending(db: Db, values: typeof pendingRegistrations.$inferInsert): Promise<void> {
  // Registrations nobody confirmed in time are of no use to anyone: they go when the next one comes.
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, sql`now()`));
  await db.insert(pendingRegistrations).values(values);
}

export async function pendingByCode(db: Db, codeHash: string): Promise<PendingRow | null> {
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.codeHash, codeHash), gt(pendingRegistrations.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

/** Takes an unexpired registration code: the row is deleted, so a code works once. */
export async function takePending(db: Db, codeHash: string): Promise<PendingRow | null> {
  const [row] = await db
    .delete(pendingRegistrations)
    .where(and(eq(pendingRegistrations.codeHash, codeHash), gt(pendingRegistrations.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/** The newest unexpired registrations waiting on this address. */
export async function pendingWithAddress(db: Db, email: string): Promise<PendingRow[]> {
  return db
    .select()
    .from(pendingRegistrations)
    .where(
      and(
        sql`lower(${pendingRegistrations.email}) = lower(${email})`,
        gt(pendingRegistrations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(pendingRegistrations.createdAt))
    .limit(3);
}

/** A new code for a waiting registration (the previous link stops working). */
export async function renewPending(db: Db, id: number, codeHash: string, expiresAt: Date): Promise<void> {
  await db.update(pendingRegistrations).set({ codeHash, expiresAt }).where(eq(pendingRegistrations.id, id));
}
