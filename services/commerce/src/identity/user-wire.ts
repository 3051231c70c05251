import type { users } from '@catalogue/db/schema';

type UserRow = typeof users.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A user as OrderCloud's `User` model shows it (never the password or its hash). */
export function userToWire(row: UserRow, availableRoles: string[]) {
  return {
    ID: row.id,
    CompanyID: row.companyId || null,
    Username: row.username,
    Password: null,
    FirstName: row.firstName,
    LastName: row.lastName,
    Email: row.email,
    Phone: row.phone,
    TermsAccepted: iso(row.termsAccepted),
    Active: row.active,
    xp: row.xp,
    AvailableRoles: availableRoles,
    Locale: null,
    DateCreated: iso(row.dateCreated),
    LastActive: null,
    PasswordLastSetDate: iso(row.passwordLastSetDate),
    FailedLoginAttempts: row.failedLoginCount,
  };
}
