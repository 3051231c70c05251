import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@catalogue/db';
import { refreshTokens } from '@catalogue/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { UserRow } from './identity-store';

/** Refresh tokens: opaque random strings, stored as SHA-256; each one is a session (`session_id`). */

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new refresh token for the user on the client, valid `minutes`, carrying the user's token version. */
export async function storeRefreshToken(
  db: Db,
  clientId: string,
  user: UserRow,
  roles: string[],
  minutes: number,
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(refreshTokens)
    .values({
      tokenHash: hashRefreshToken(token),
      clientId,
      companyType: user.companyType,
      companyId: user.companyId,
      userId: user.id,
      scope: roles,
      tokenVersion: user.tokenVersion,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    })
    .returning({ sessionId: refreshTokens.sessionId });
  if (!row) throw new Error('storing a refresh token returned no row');
  return { token, sessionId: row.sessionId };
}

/** The stored refresh token of the client, when it is neither revoked nor expired. */
export async function findLiveRefreshToken(
  db: Db,
  token: string,
  clientId: string,
): Promise<RefreshTokenRow | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .limit(1);
  if (!row || row.clientId !== clientId || row.revokedAt || row.expiresAt.getTime() <= Date.now())
    return null;
  return row;
}

/**
 * Revokes one refresh token (a logout), which ends the access tokens of its session too. 'other-client'
 * when the token was issued to another client (left alone); 'unknown' for a token that is not ours or
 * was already revoked.
 */
export async function revokeRefreshToken(
  db: Db,
  token: string,
  clientId: string,
): Promise<'revoked' | 'unknown' | 'other-client'> {
  const hash = hashRefreshToken(token);
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenHash, hash),
        eq(refreshTokens.clientId, clientId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ hash: refreshTokens.tokenHash });
  if (revoked.length > 0) return 'revoked';
  const [other] = await db
    .select({ clientId: refreshTokens.clientId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash))
    .limit(1);
  return other && other.clientId !== clientId ? 'other-client' : 'unknown';
}
