import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Token signing and refresh tokens of the commerce service. Keys live in the database so that every
 * instance signs and verifies with the same keys and a restart keeps issued tokens valid.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull().default('RS256'),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * Refresh tokens are opaque random strings; only their SHA-256 is stored. Each one is a session: the
 * access tokens issued with it carry its `session_id` (claim `sid`), so revoking it (logout) ends them too.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull().defaultRandom(),
    clientId: text('client_id').notNull(),
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    userId: text('user_id').notNull(),
    /** The roles the token was granted, so a refresh grants no more than the original login. */
    scope: text('scope').array().notNull().default(sql`'{}'::text[]`),
    /** The user's `token_version` when issued: the token dies when the user's moves on. */
    tokenVersion: integer('token_version').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.companyType, t.companyId, t.userId),
    uniqueIndex('refresh_tokens_session_key').on(t.sessionId),
  ],
);

/** Codes for resetting a forgotten password (POST /password/reset); only their SHA-256 is stored. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    userId: text('user_id').notNull(),
    /** The user's `token_version` when issued: a password change or deactivation voids the code. */
    tokenVersion: integer('token_version').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the code was used, or superseded by a newer request. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.companyType, t.companyId, t.userId)],
);

/**
 * Attempt counters shared by every instance (login throttling, password reset requests): one row per key,
 * the key being a SHA-256 of what is counted (a username and address, an e-mail address…) so that no
 * typed name — sometimes a password typed into the wrong field — is stored. `blocked_until` is the next
 * allowed attempt of a key with growing delays; `expires_at` is when the row is forgotten.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttles_expires_idx').on(t.expiresAt)],
);
