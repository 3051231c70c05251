import type { Db } from '@catalogue/db';
import { users } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { type ApiRole, rolesFor } from '../auth/roles';
import { verifyAfterAdminWrite } from '../email-verification/service';
import type { VerificationSettings } from '../email-verification/settings';
import type { CommerceEnv } from '../http/env';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameUser } from '../resources/renames';
import { hashPassword } from './passwords';
import { routeBuyer } from './scopes';
import { deleteUserOwnedData } from './user-cascade';

/** Passwords: 8 to 100 characters with a letter and a digit (OrderCloud's default password config). */
export const passwordSchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(100, 'must be at most 100 characters')
  .regex(/[A-Za-z]/, 'must contain a letter')
  .regex(/\d/, 'must contain a digit');

export const userBody = z.object({
  ID: idSchema.optional(),
  Username: z.string().trim().min(1, 'must not be empty').max(100),
  Password: passwordSchema.nullish(),
  FirstName: z.string().max(100).default(''),
  LastName: z.string().max(100).default(''),
  Email: z.union([z.email('must be an email address'), z.literal('')]).default(''),
  Phone: z.string().max(100).nullish(),
  TermsAccepted: z.iso.datetime({ offset: true }).nullish(),
  Active: z.boolean().optional(),
  xp: xpSchema.optional(),
});

export const userColumns = {
  ID: users.id,
  CompanyID: users.companyId,
  Username: users.username,
  FirstName: users.firstName,
  LastName: users.lastName,
  Email: users.email,
  Phone: users.phone,
  TermsAccepted: users.termsAccepted,
  Active: users.active,
  xp: users.xp,
  DateCreated: users.dateCreated,
  PasswordLastSetDate: users.passwordLastSetDate,
  FailedLoginAttempts: users.failedLoginCount,
};

export const USER_UNIQUE_CONSTRAINTS = {
  users_username_key: {
    errorCode: 'User.UsernameMustBeUnique',
    message: 'Username must be unique: another user has it.',
  },
};

/** Wire values → columns: a password becomes its scrypt hash, TermsAccepted a Date. */
export async function prepareUser(values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { Password, TermsAccepted, ...rest } = values;
  const out: Record<string, unknown> = { ...rest };
  if (typeof Password === 'string') {
    out.passwordHash = await hashPassword(Password);
    out.passwordLastSetDate = new Date();
  }
  if (TermsAccepted !== undefined)
    out.TermsAccepted = TermsAccepted === null ? null : new Date(String(TermsAccepted));
  return out;
}

/** Users as a resource: the same shape for buyer users and the marketplace's admin users. */
export function userResource(roles: { read: ApiRole[]; write: ApiRole[] }, sellerOnly = false): Resource {
  return new Resource({
    objectType: 'User',
    table: users,
    id: users.id,
    columns: userColumns,
    body: userBody,
    searchOn: ['ID', 'Username', 'FirstName', 'LastName', 'Email'],
    roles,
    sellerOnly,
    prepare: prepareUser,
    uniqueConstraints: USER_UNIQUE_CONSTRAINTS,
    extend: (row) => ({
      Password: null,
      AvailableRoles: null,
      Locale: null,
      LastActive: null,
      EmailVerified: row.emailVerifiedAt !== null && row.emailVerifiedAt !== undefined,
    }),
    // Memberships, assignments, personal addresses, cards, collections and tokens follow (renames.ts).
    renamed: (tx, before, after) =>
      renameUser(
        tx,
        before.companyType as 'seller' | 'buyer' | 'supplier',
        String(before.companyId),
        String(before.id),
        String(after.id),
      ),
  });
}

export const buyerUserResource = userResource(rolesFor('BuyerUserAdmin', 'BuyerUserReader'));

/** /v1/buyers/{buyerID}/users */
export function mountBuyerUsers(app: Hono<CommerceEnv>, db: Db, verification: VerificationSettings): void {
  mountCrud(app, db, '/v1/buyers/:buyerID/users', buyerUserResource, {
    scope: async (c) => {
      const buyerId = await routeBuyer(db, c);
      return {
        where: and(eq(users.companyType, 'buyer'), eq(users.companyId, buyerId)),
        values: { companyType: 'buyer', companyId: buyerId },
        parent: { objectType: 'Buyer', id: buyerId },
      };
    },
    afterWrite: verifyAfterAdminWrite(verification),
    cascade: (tx, row) => deleteUserOwnedData(tx, 'buyer', String(row.companyId), String(row.id)),
  });
}
