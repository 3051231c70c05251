import { type orders, quotes } from '@catalogue/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/claims';
import { requireAnyRole, wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import { orderScope } from '../orders/access';

/**
 * Who reaches which quotes (docs/quotes-wire.md "Roles"). Seller routes are for the marketplace owner's
 * users with the custom roles `QuoteAdmin` (read and write) or `QuoteReader` (read); FullAccess includes
 * both. Buyer routes (`/me/quotes`) are for buyer users with `Shopper`, and reach the quotes of the
 * projects they reach as orders (their own, their company's with OrderReader/OrderAdmin).
 */
export const QUOTE_READ = ['QuoteAdmin', 'QuoteReader'] as const;
export const QUOTE_WRITE = ['QuoteAdmin'] as const;

export type Side = 'seller' | 'buyer';

/** 403 InsufficientRoles in OrderCloud's shape, for the quote roles (custom roles the SDK does not list). */
function requireQuoteRole(principal: Principal, sufficient: readonly string[]): void {
  if (principal.roles.includes('FullAccess') || sufficient.some((r) => principal.roles.includes(r))) return;
  throw ApiError.of(403, 'InsufficientRoles', 'User does not have role(s) required to perform this action.', {
    SufficientRoles: [...sufficient, 'FullAccess'],
    AssignedRoles: principal.roles,
  });
}

/** A seller route: the marketplace's users only (InvalidUserType first, as for every seller route), then roles. */
export function requireSeller(principal: Principal, access: 'read' | 'write'): void {
  if (principal.companyType !== 'seller') {
    throw wrongUserType(
      principal.userType,
      ['admin'],
      "Quotes are answered by the marketplace's users; buyers read theirs at /me/quotes.",
    );
  }
  requireQuoteRole(principal, access === 'write' ? QUOTE_WRITE : QUOTE_READ);
}

/** A buyer route: buyer users with Shopper. */
export function requireBuyer(principal: Principal): void {
  if (principal.companyType !== 'buyer') {
    throw wrongUserType(principal.userType, ['buyer'], "These are a buyer's quotes; sellers use /quotes.");
  }
  requireAnyRole(principal.roles, ['Shopper']);
}

/**
 * The quotes a side reaches, as a condition on `quotes` joined with `orders`. The seller's is on the
 * quote's copy of the order's recipient (migration 0043), which the desk's indexes lead with.
 */
export function quoteScope(principal: Principal, side: Side): SQL {
  if (side === 'seller') return and(eq(quotes.toCompanyType, 'seller'), eq(quotes.toCompanyId, '')) as SQL;
  return orderScope(principal, 'Outgoing');
}

/** A scope for a statement built once per shape (`preparedStatement`): see `preparedQuoteScope`. */
export interface PreparedScope {
  /** The shape: the condition's text and every caller value built into it. */
  key: string;
  scope: SQL;
  /** The placeholders' values for this caller. */
  values: Record<string, unknown>;
}

/** The caller's identifiers that scopes compare with, as placeholders (values in `preparedQuoteScope`). */
const IDENTIFIER_PLACEHOLDERS = {
  companyId: sql.placeholder('scopeCompanyId'),
  userId: sql.placeholder('scopeUserId'),
  anonymousOrderId: sql.placeholder('scopeAnonymousOrderId'),
};
const dialect = new PgDialect();

/**
 * `quoteScope` with the caller's identifiers as placeholders, for a statement built once per shape. What
 * decides the condition's shape stays the caller's own (roles and anonymity show in its text), and every
 * value still built into the condition (the company type, constants) is part of the key with the text:
 * a caller field the scope functions start to read is then never shared between callers, only kept
 * apart. An anonymous caller without an order ID compares with NULL, which matches nothing, as '\u0000'
 * does.
 */
export function preparedQuoteScope(principal: Principal, side: Side): PreparedScope {
  // The placeholders stand where the scope functions put the caller's identifiers (compared by `eq`, or
  // bound in `sql` templates): Drizzle binds a placeholder wherever it binds a value.
  const shaped = { ...principal, ...IDENTIFIER_PLACEHOLDERS } as unknown as Principal;
  const scope = quoteScope(shaped, side);
  const built = dialect.sqlToQuery(scope);
  return {
    key: `${side}\u0000${built.sql}\u0000${JSON.stringify(built.params)}`,
    scope,
    values: {
      scopeCompanyId: principal.companyId,
      scopeUserId: principal.userId,
      scopeAnonymousOrderId: principal.anonymousOrderId,
    },
  };
}

/**
 * A buyer acts on a quote (accept, decline, request changes) when they sent its project, or with
 * OrderAdmin for their company; a colleague who only reads it is refused.
 */
export function assertBuyerMayAct(
  principal: Principal,
  order: Pick<typeof orders.$inferSelect, 'id' | 'fromUserId'>,
): void {
  const admin = principal.roles.includes('OrderAdmin') || principal.roles.includes('FullAccess');
  if (order.fromUserId === principal.userId || admin) return;
  throw ApiError.of(
    403,
    'Quote.NotYours',
    `Quote ${order.id} answers another user's project: only they (or an OrderAdmin) can act on it.`,
    { ObjectType: 'Quote', ObjectID: order.id },
  );
}

/** NotFound for a quote the caller does not reach (or that does not exist). */
export const quoteNotFound = (id: string) => ApiError.notFound('Quote', id);
