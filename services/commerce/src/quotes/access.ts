import { type orders, quotes } from '@catalogue/db/schema';
import { and, eq, type SQL } from 'drizzle-orm';
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
