import { quotes } from '@catalogue/db/schema';
import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import type { ListParams } from '../list/params';
import type { FieldDef, ListSchema } from '../list/schema';
import type { Side } from './access';

/**
 * What the quote lists filter, search and sort on (docs/quotes-wire.md "Lists"), in OrderCloud's list
 * grammar. The seller's list knows the draft's figures, the assignee and xp; the buyer's only what the
 * buyer sees. Searching without `searchOn` looks at the ID, name, company and catalogue numbers. Every
 * property is a column of `quotes` (the project's sender and region are copied there, migration 0043), so
 * a list filters, sorts and counts without joining `orders`.
 */
const field = (expr: FieldDef['expr'], type: FieldDef['type']): FieldDef => ({ expr, type });

const common: Record<string, FieldDef> = {
  ID: field(sql`${quotes.id}`, 'string'),
  Name: field(sql`${quotes.name}`, 'string'),
  Status: field(sql`${quotes.status}`, 'string'),
  Revision: field(sql`${quotes.revision}`, 'number'),
  FromUserID: field(sql`${quotes.fromUserId}`, 'string'),
  DateSubmitted: field(sql`${quotes.dateSubmitted}`, 'date'),
  DateQuoted: field(sql`${quotes.dateQuoted}`, 'date'),
  DateAccepted: field(sql`${quotes.dateAccepted}`, 'date'),
  DateDeclined: field(sql`${quotes.dateDeclined}`, 'date'),
  DateExpired: field(sql`${quotes.dateExpired}`, 'date'),
  DateWithdrawn: field(sql`${quotes.dateWithdrawn}`, 'date'),
  OrderID: field(sql`${quotes.orderId}`, 'string'),
  LineItemCount: field(sql`${quotes.lineItemCount}`, 'number'),
  CatalogueNumbers: field(sql`${quotes.catalogueNumbers}`, 'string'),
  Region: field(sql`${quotes.region}`, 'string'),
};

const SELLER: ListSchema = {
  objectType: 'Quote',
  fields: {
    ...common,
    FromCompanyID: field(sql`${quotes.fromCompanyId}`, 'string'),
    FromCompanyName: field(sql`${quotes.fromCompanyName}`, 'string'),
    AssignedUserID: field(sql`${quotes.assignedUserId}`, 'string'),
    ValidUntil: field(sql`${quotes.validUntil}`, 'date'),
    SentValidUntil: field(sql`${quotes.sentValidUntil}`, 'date'),
    LastUpdated: field(sql`${quotes.lastUpdated}`, 'date'),
    Currency: field(sql`${quotes.currency}`, 'string'),
    FreightAmount: field(sql`${quotes.freightAmount}`, 'number'),
    ListSubtotal: field(sql`${quotes.listSubtotal}`, 'number'),
    Subtotal: field(sql`${quotes.subtotal}`, 'number'),
    Total: field(sql`${quotes.total}`, 'number'),
  },
  xp: sql`${quotes.xp}`,
  searchOn: ['ID', 'Name', 'FromCompanyName', 'CatalogueNumbers'],
  defaultSort: ['!DateSubmitted'],
  keys: [sql`${quotes.id}`],
};

const BUYER: ListSchema = {
  objectType: 'Quote',
  fields: { ...common, ValidUntil: field(sql`${quotes.sentValidUntil}`, 'date') },
  xp: null,
  searchOn: ['ID', 'Name', 'CatalogueNumbers'],
  defaultSort: ['!DateSubmitted'],
  keys: [sql`${quotes.id}`],
};

export function quoteListSchema(side: Side): ListSchema {
  return side === 'seller' ? SELLER : BUYER;
}

/** `AssignedUserID=me` (or `!me`, `me|x`) filters by the caller: the desk's "assigned to me". */
export function withMe(params: ListParams, principal: Principal): ListParams {
  return {
    ...params,
    filters: params.filters.map((term) =>
      term.path.length === 1 && term.path[0]?.toLowerCase() === 'assigneduserid'
        ? {
            ...term,
            values: term.values.map((v) =>
              v.op === 'eq' && v.value.toLowerCase() === 'me' ? { ...v, value: principal.userId } : v,
            ),
          }
        : term,
    ),
  };
}
