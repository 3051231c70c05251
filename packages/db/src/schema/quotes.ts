import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { at, money, xp } from './columns';
import { orders } from './orders';

/**
 * Quotes (issue 23, docs/quotes-wire.md): the sales team's answer to a submitted project. A quote's ID is
 * the ID of the project (order) it answers. `quotes` holds the status and the seller's working draft,
 * `quote_lines` the draft's lines; every sent revision is frozen whole in `quote_revisions`, and every
 * transition is recorded in `quote_events`. Money is `numeric(14,4)`, never floating point.
 */

export const QUOTE_STATUSES = [
  'Submitted',
  'InReview',
  'Quoted',
  'ChangesRequested',
  'Accepted',
  'Declined',
  'Expired',
  'Withdrawn',
] as const;

export const quotes = pgTable(
  'quotes',
  {
    id: text('id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The project's name (`xp.projectName`) when it was submitted. */
    name: text('name').notNull(),
    status: text('status').notNull().default('Submitted'),
    /** The last revision sent to the buyer; 0 before the first. */
    revision: integer('revision').notNull().default(0),
    /** The seller user working on it (an admin user of the marketplace). */
    assignedUserId: text('assigned_user_id'),
    /** The company's name when it was submitted, for the desk's search. */
    fromCompanyName: text('from_company_name').notNull().default(''),
    /** The draft's validity: what the next send offers (30 days from the send when null). */
    validUntil: at('valid_until'),
    /** The validity of the revision sent last: a Quoted quote expires when it passes. */
    sentValidUntil: at('sent_valid_until'),
    currency: text('currency').notNull().default('USD'),
    freightAmount: money('freight_amount').notNull().default('0'),
    terms: text('terms'),
    /** Never shown to buyers. */
    internalNote: text('internal_note'),
    /** Of the draft: Σ list price × quantity, Σ quoted line totals, and with freight. */
    listSubtotal: money('list_subtotal').notNull().default('0'),
    subtotal: money('subtotal').notNull().default('0'),
    total: money('total').notNull().default('0'),
    lineItemCount: integer('line_item_count').notNull().default(0),
    /** The draft's catalogue numbers (product and substitute IDs), space-separated, for the desk's search. */
    catalogueNumbers: text('catalogue_numbers').notNull().default(''),
    /** The order that accepting it created. */
    orderId: text('order_id'),
    declineReason: text('decline_reason'),
    dateSubmitted: at('date_submitted').notNull().defaultNow(),
    dateQuoted: at('date_quoted'),
    dateAccepted: at('date_accepted'),
    dateDeclined: at('date_declined'),
    dateExpired: at('date_expired'),
    dateWithdrawn: at('date_withdrawn'),
    /** When the buyer was warned that the sent revision expires soon; cleared by every send. */
    expiryWarnedAt: at('expiry_warned_at'),
    lastUpdated: at('last_updated').notNull().defaultNow(),
    xp: xp(),
    /**
     * The desk's read model (migration 0043): copies of the project's (order's) columns the lists filter
     * on, so a list never joins `orders` to filter, sort or count. Written by triggers only — filled from
     * the order when the quote is inserted, rewritten in the same transaction whenever the order's copy
     * changes — so they are never stale and no code path has to remember them.
     */
    toCompanyType: text('to_company_type').notNull().default(''),
    toCompanyId: text('to_company_id').notNull().default(''),
    fromCompanyId: text('from_company_id').notNull().default(''),
    fromUserId: text('from_user_id').notNull().default(''),
    /** The project's `xp.regionName` (the desk's Region filter). */
    region: text('region'),
  },
  (t) => {
    // The list grammar compares strings as `lower(x) collate "C"` and sorts `desc nulls first` with the
    // key `id collate "C"` as tie-break (list/compile.ts): the desk's indexes are on those very expressions.
    const lowerC = (c: typeof t.status) => sql`(lower(${c}) collate "C")`;
    // A function, not a constant: Drizzle keeps `.desc()` on the column builder for one index only.
    const newest = () => [t.dateSubmitted.desc().nullsFirst(), sql`(${t.id} collate "C")`] as const;
    return [
      index('quotes_desk_submitted_idx').on(t.toCompanyType, t.toCompanyId, ...newest()),
      index('quotes_desk_status_idx').on(t.toCompanyType, t.toCompanyId, lowerC(t.status), ...newest()),
      index('quotes_desk_status_total_idx').on(
        t.toCompanyType,
        t.toCompanyId,
        lowerC(t.status),
        t.total.desc().nullsFirst(),
        sql`(${t.id} collate "C")`,
      ),
      index('quotes_desk_assigned_idx').on(
        t.toCompanyType,
        t.toCompanyId,
        lowerC(t.assignedUserId),
        lowerC(t.status),
        ...newest(),
      ),
      index('quotes_desk_total_idx').on(
        t.toCompanyType,
        t.toCompanyId,
        t.total.desc().nullsFirst(),
        sql`(${t.id} collate "C")`,
      ),
      index('quotes_desk_region_idx').on(t.toCompanyType, t.toCompanyId, lowerC(t.region), ...newest()),
      index('quotes_desk_region_status_idx').on(
        t.toCompanyType,
        t.toCompanyId,
        lowerC(t.region),
        lowerC(t.status),
        ...newest(),
      ),
      index('quotes_desk_company_idx').on(
        t.toCompanyType,
        t.toCompanyId,
        lowerC(t.fromCompanyId),
        ...newest(),
      ),
      index('quotes_from_idx').on(t.fromCompanyId, t.fromUserId),
      index('quotes_expiry_idx').on(t.sentValidUntil).where(sql`${t.status} = 'Quoted'`),
      check(
        'quotes_status_check',
        sql`${t.status} in ('Submitted', 'InReview', 'Quoted', 'ChangesRequested', 'Accepted', 'Declined', 'Expired', 'Withdrawn')`,
      ),
      check('quotes_freight_check', sql`${t.freightAmount} >= 0`),
      check('quotes_revision_check', sql`${t.revision} >= 0`),
    ];
  },
);

/** The draft's lines: one per line item of the project, priced by the seller. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The project's line item ID. */
    id: text('id').notNull(),
    productId: text('product_id').notNull(),
    /** `{ID, Name}` of the product as requested. */
    product: jsonb('product').notNull(),
    /** LineItemSpec[] as the project's line carried them. */
    specs: jsonb('specs').notNull().default(sql`'[]'::jsonb`),
    quantity: integer('quantity').notNull(),
    /** The price schedule's break price for the quantity (markups included), for the buyer's company. */
    listUnitPrice: money('list_unit_price').notNull(),
    priceScheduleId: text('price_schedule_id'),
    /** `List` (the list price), `Discount` (list less `discount_percent`) or `Net` (`net_price`). */
    priceType: text('price_type').notNull().default('List'),
    discountPercent: numeric('discount_percent', { precision: 7, scale: 4 }),
    netPrice: money('net_price'),
    /** The quoted unit price and line total (unit price × quantity, in cents), computed by the server. */
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
    leadTimeDays: integer('lead_time_days'),
    substituteProductId: text('substitute_product_id'),
    /** `{ID, Name}` of the substitute when there is one. */
    substituteProduct: jsonb('substitute_product'),
    /** Shown to the buyer. */
    note: text('note'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.id] }),
    check('quote_lines_quantity_check', sql`${t.quantity} > 0`),
    check('quote_lines_price_type_check', sql`${t.priceType} in ('List', 'Discount', 'Net')`),
    check(
      'quote_lines_prices_check',
      sql`${t.unitPrice} >= 0 and ${t.listUnitPrice} >= 0 and coalesce(${t.netPrice}, 0) >= 0`,
    ),
    check(
      'quote_lines_discount_check',
      sql`${t.discountPercent} is null or (${t.discountPercent} >= 0 and ${t.discountPercent} <= 100)`,
    ),
    check('quote_lines_lead_time_check', sql`${t.leadTimeDays} is null or ${t.leadTimeDays} >= 0`),
  ],
);

/** Every revision sent to the buyer, whole (header, lines, totals), so any two can be compared. */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    revision: integer('revision').notNull(),
    content: jsonb('content').notNull(),
    validUntil: at('valid_until').notNull(),
    sentByUserId: text('sent_by_user_id').notNull(),
    dateSent: at('date_sent').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.revision] })],
);

/** The audit trail: who did what to a quote, when, at which revision, and what changed. */
export const quoteEvents = pgTable(
  'quote_events',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** The revision the event concerns (the last one sent when it happened, or the one it sent). */
    revision: integer('revision').notNull(),
    /** `seller`, `buyer` or `system` (the expiry job). */
    actorType: text('actor_type').notNull(),
    actorCompanyId: text('actor_company_id'),
    actorUserId: text('actor_user_id'),
    /** `{Property: [before, after]}` (line properties as `LineItems.{ID}.{Property}`). */
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('quote_events_quote_idx').on(t.quoteId, t.key)],
);

/** The conversation between the buyer and the sales team (internal notes are not messages). */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** `Seller` or `Buyer`. */
    fromSide: text('from_side').notNull(),
    fromCompanyId: text('from_company_id').notNull(),
    fromUserId: text('from_user_id').notNull(),
    /** `{ID, FirstName, LastName}` of the writer when they wrote it. */
    fromUser: jsonb('from_user').notNull(),
    body: text('body').notNull(),
    revision: integer('revision').notNull(),
    dateCreated: at('date_created').notNull().defaultNow(),
  },
  (t) => [
    index('quote_messages_quote_idx').on(t.quoteId, t.key),
    check('quote_messages_side_check', sql`${t.fromSide} in ('Seller', 'Buyer')`),
  ],
);
