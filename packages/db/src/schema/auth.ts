import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

/** Refresh tokens are opaque random strings; only their SHA-256 is stored. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    userId: text('user_id').notNull(),
    /** The roles the token was granted, so a refresh grants no more than the original login. */
    scope: text('scope').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.companyType, t.companyId, t.userId)],
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.companyType, t.companyId, t.userId)],
);
