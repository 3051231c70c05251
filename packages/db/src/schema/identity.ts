import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { xp } from './columns';

/**
 * Companies, users, groups, API clients and security profiles: the identity half of the commerce
 * service (OrderCloud's Buyers, Users, UserGroups, ApiClients, SecurityProfiles).
 * `company_type` is 'seller' (the marketplace owner, company_id ''), 'buyer' or 'supplier'.
 */

const created = () => timestamp('date_created', { withTimezone: true }).notNull().defaultNow();

export const buyers = pgTable('buyers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  defaultCatalogId: text('default_catalog_id'),
  dateCreated: created(),
  xp: xp(),
});

export const users = pgTable(
  'users',
  {
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    id: text('id').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    termsAccepted: timestamp('terms_accepted', { withTimezone: true }),
    passwordLastSetDate: timestamp('password_last_set_date', { withTimezone: true }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /**
     * The user's tokens (access, refresh, reset codes) are valid only while they carry this number: a
     * password change and a deactivation raise it (trigger users_revoke_tokens), as do RevokeUserTokens and
     * DELETE /me/tokens, which ends every session the user has.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When the user proved that `email` is theirs (the code of a verification mail); null while it is
     * not. A trigger (migration 0031) clears it whenever the address changes, whoever changes it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The site locale mails to the user are written in (the one they registered in); null: en-US. */
    locale: text('locale'),
    dateCreated: created(),
    xp: xp(),
  },
  (t) => [
    primaryKey({ columns: [t.companyType, t.companyId, t.id] }),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    // The list kernel compares and sorts strings as lower(value) in "C" collation: these serve it.
    index('users_company_last_name_idx').on(
      t.companyType,
      t.companyId,
      sql`lower(${t.lastName}) collate "C"`,
    ),
    index('users_company_username_idx').on(t.companyType, t.companyId, sql`lower(${t.username}) collate "C"`),
    check('users_company_type_check', sql`${t.companyType} in ('seller', 'buyer', 'supplier')`),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.companyType, t.companyId, t.id] })],
);

export const userGroupAssignments = pgTable(
  'user_group_assignments',
  {
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    userGroupId: text('user_group_id').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyType, t.companyId, t.userGroupId, t.userId] }),
    index('user_group_assignments_user_idx').on(t.companyType, t.companyId, t.userId),
  ],
);

export const apiClients = pgTable('api_clients', {
  id: text('id').primaryKey(),
  appName: text('app_name').notNull(),
  clientSecret: text('client_secret'),
  active: boolean('active').notNull().default(true),
  /** Minutes, as in OrderCloud. */
  accessTokenDuration: integer('access_token_duration').notNull().default(600),
  /** Minutes; 0 means no refresh tokens. */
  refreshTokenDuration: integer('refresh_token_duration').notNull().default(0),
  defaultContextUsername: text('default_context_username'),
  allowAnyBuyer: boolean('allow_any_buyer').notNull().default(false),
  allowAnySupplier: boolean('allow_any_supplier').notNull().default(false),
  allowSeller: boolean('allow_seller').notNull().default(false),
  isAnonBuyer: boolean('is_anon_buyer').notNull().default(false),
  /**
   * Origins (`https://shop.example.com`) the links of this client's mails may point to, such as the
   * password reset page (our extension `LinkOrigins`); empty: the site's own origin (SITE_ORIGIN).
   */
  linkOrigins: text('link_origins').array().notNull().default(sql`'{}'::text[]`),
  dateCreated: created(),
  xp: xp(),
});

/** Which buyers and suppliers an API client serves (besides AllowAnyBuyer / AllowAnySupplier). */
export const apiClientAssignments = pgTable(
  'api_client_assignments',
  {
    apiClientId: text('api_client_id').notNull(),
    buyerId: text('buyer_id').notNull().default(''),
    supplierId: text('supplier_id').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.apiClientId, t.buyerId, t.supplierId] })],
);

export const securityProfiles = pgTable('security_profiles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  customRoles: text('custom_roles').array().notNull().default(sql`'{}'::text[]`),
  passwordConfig: jsonb('password_config'),
  xp: xp(),
});

/** A profile assigned to the whole marketplace (all null), a company, a group or a user. */
export const securityProfileAssignments = pgTable(
  'security_profile_assignments',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    securityProfileId: text('security_profile_id').notNull(),
    buyerId: text('buyer_id'),
    supplierId: text('supplier_id'),
    userGroupId: text('user_group_id'),
    userId: text('user_id'),
  },
  (t) => [index('security_profile_assignments_profile_idx').on(t.securityProfileId)],
);
