import { sql } from 'drizzle-orm';
import {
  bigserial,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { buyers, users } from './identity';

/**
 * The open verification of a user's e-mail address: one per user, for the address they have now. Only the
 * SHA-256 of the mailed code is stored; a new address or a new mail replaces the row (the older link stops
 * working), confirming deletes it (single use), and it follows the user through renames and deletes.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    userId: text('user_id').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    /** The address the code was mailed to: it confirms that address only. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyType, t.companyId, t.userId] }),
    foreignKey({
      columns: [t.companyType, t.companyId, t.userId],
      foreignColumns: [users.companyType, users.companyId, users.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * A self-registration waiting for its address to be confirmed (PUT /me/register): the account is created
 * from this row when the mailed code comes back, so an address nobody confirmed never holds an account,
 * a username or a login. `account` is what the registrant typed, with the password already hashed.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    /** The visitors' company the registrant's anonymous token belonged to. */
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    email: text('email').notNull(),
    username: text('username').notNull(),
    account: jsonb('account').notNull(),
    locale: text('locale'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_registrations_email_idx').on(sql`lower(${t.email})`)],
);
