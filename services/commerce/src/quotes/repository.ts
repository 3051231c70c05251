import { type Db, preparedStatement, queryRowsNamed } from '@catalogue/db';
import {
  cacheGenerations,
  orders,
  quoteEvents,
  quoteLines,
  quoteMessages,
  quoteRevisions,
  quotes,
  users,
} from '@catalogue/db/schema';
import { and, asc, count, eq, getTableColumns, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { orderByClause, whereClause } from '../list/compile';
import type { ListParams } from '../list/params';
import { type ListPage, listMeta } from '../list/run';
import type { ListSchema } from '../list/schema';
import type { PreparedScope } from './access';
import { listCountsOf } from './list-counts';
import type { EventOutboxRow } from './mails';
import type { ProjectSender } from './shape';

/**
 * The queries of quotes (docs/quotes-wire.md). Every function takes the transaction of its use case: a
 * read runs in one too, so a list's page and count see one committed state.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type QuoteRevisionRow = typeof quoteRevisions.$inferSelect;
export type QuoteEventRow = typeof quoteEvents.$inferSelect;
export type QuoteMessageRow = typeof quoteMessages.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** A quote with the project (order) it answers. */
export interface QuoteWithOrder {
  quote: QuoteRow;
  order: OrderRow;
}

/**
 * The quote `id` among those `scope` (a condition on `quotes` and `orders`) lets the caller reach, locked
 * for the rest of the transaction (`for update` of the quote row only); null when there is none.
 */
export async function lockQuote(tx: Tx, id: string, scope: SQL): Promise<QuoteWithOrder | null> {
  const [row] = await tx
    .select({ quote: quotes, order: orders })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.id))
    .where(and(eq(quotes.id, id), scope))
    .for('update', { of: quotes })
    .limit(1);
  return row ?? null;
}

/** What accepting a quote reads of it and of its project (`buyer-actions.ts`, `conversion.ts`). */
export interface QuoteOnOffer {
  quote: Pick<
    QuoteRow,
    'id' | 'name' | 'status' | 'revision' | 'assignedUserId' | 'fromCompanyName' | 'sentValidUntil'
  >;
  order: Pick<
    OrderRow,
    | 'id'
    | 'fromUserId'
    | 'toCompanyType'
    | 'toCompanyId'
    | 'billingAddressId'
    | 'billingAddress'
    | 'shippingAddressId'
  >;
  /** The content of the quote's current revision (null: to be read apart). */
  sent: unknown;
}

/**
 * `lockQuote` for an accept: only the columns it reads (the rows are wide; building, parsing and mapping
 * all their columns cost more than the lock), and the content of the quote's current revision read by the
 * same statement. After waiting for the lock the row is the one committed meanwhile, but the content is
 * read with the statement's earlier snapshot: a revision sent meanwhile reads as null, for the caller to
 * read it apart (`revisionOf`).
 */
export async function lockQuoteOnOffer(
  tx: Tx,
  id: string,
  { key, scope, values }: PreparedScope,
): Promise<QuoteOnOffer | null> {
  let lock = lockOnOfferStatements.get(key);
  if (!lock) {
    lock = preparedStatement((db) => lockOnOfferQuery(db, scope));
    lockOnOfferStatements.set(key, lock);
  }
  const [row] = await lock(tx, { ...values, id });
  return row ?? null;
}

/** One built statement per scope shape (a handful: the seller's, the buyer's own, company-wide, anonymous). */
const lockOnOfferStatements = new Map<
  string,
  (db: Db, values: Record<string, unknown>) => Promise<QuoteOnOffer[]>
>();

function lockOnOfferQuery(db: Db, scope: SQL) {
  return db
    .select({
      quote: {
        id: quotes.id,
        name: quotes.name,
        status: quotes.status,
        revision: quotes.revision,
        assignedUserId: quotes.assignedUserId,
        fromCompanyName: quotes.fromCompanyName,
        sentValidUntil: quotes.sentValidUntil,
      },
      order: {
        id: orders.id,
        fromUserId: orders.fromUserId,
        toCompanyType: orders.toCompanyType,
        toCompanyId: orders.toCompanyId,
        billingAddressId: orders.billingAddressId,
        billingAddress: orders.billingAddress,
        shippingAddressId: orders.shippingAddressId,
      },
      sent: sql<unknown>`(select ${quoteRevisions.content} from ${quoteRevisions}
        where ${quoteRevisions.quoteId} = ${quotes.id} and ${quoteRevisions.revision} = ${quotes.revision})`.mapWith(
        quoteRevisions.content,
      ),
    })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.id))
    .where(and(eq(quotes.id, sql.placeholder('id')), scope))
    .for('update', { of: quotes })
    .limit(1);
}

/** The same without a lock, for reads. */
export async function findQuote(tx: Tx, id: string, scope: SQL): Promise<QuoteWithOrder | null> {
  const [row] = await tx
    .select({ quote: quotes, order: orders })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.id))
    .where(and(eq(quotes.id, id), scope))
    .limit(1);
  return row ?? null;
}

export async function linesOf(tx: Tx, quoteId: string): Promise<QuoteLineRow[]> {
  return tx
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position), asc(quoteLines.id));
}

export async function insertQuote(
  tx: Tx,
  quote: typeof quotes.$inferInsert,
  lines: (typeof quoteLines.$inferInsert)[],
): Promise<boolean> {
  const created = await tx.insert(quotes).values(quote).onConflictDoNothing().returning({ id: quotes.id });
  if (created.length === 0) return false;
  if (lines.length > 0) await tx.insert(quoteLines).values(lines);
  return true;
}

export async function updateQuote(
  tx: Tx,
  id: string,
  set: Partial<typeof quotes.$inferInsert>,
): Promise<QuoteRow> {
  const [row] = await tx
    .update(quotes)
    .set({ ...set, lastUpdated: new Date() })
    .where(eq(quotes.id, id))
    .returning();
  if (!row) throw new Error(`quote ${id} vanished inside its own transaction`);
  return row;
}

export async function updateLine(
  tx: Tx,
  quoteId: string,
  lineId: string,
  set: Partial<typeof quoteLines.$inferInsert>,
): Promise<QuoteLineRow> {
  const [row] = await tx
    .update(quoteLines)
    .set(set)
    .where(and(eq(quoteLines.quoteId, quoteId), eq(quoteLines.id, lineId)))
    .returning();
  if (!row) throw new Error(`line ${lineId} of quote ${quoteId} vanished inside its own transaction`);
  return row;
}

export async function insertRevision(tx: Tx, revision: typeof quoteRevisions.$inferInsert): Promise<void> {
  await tx.insert(quoteRevisions).values(revision);
}

export async function revisionsOf(tx: Tx, quoteId: string): Promise<QuoteRevisionRow[]> {
  return tx
    .select()
    .from(quoteRevisions)
    .where(eq(quoteRevisions.quoteId, quoteId))
    .orderBy(asc(quoteRevisions.revision));
}

export async function revisionOf(
  tx: Tx,
  quoteId: string,
  revision: number,
): Promise<QuoteRevisionRow | null> {
  const [row] = await tx
    .select()
    .from(quoteRevisions)
    .where(and(eq(quoteRevisions.quoteId, quoteId), eq(quoteRevisions.revision, revision)))
    .limit(1);
  return row ?? null;
}

/** The revisions `pairs` name (each quote's last sent one, for a list page), in one statement. */
export async function revisionsAt(
  tx: Tx,
  pairs: { id: string; revision: number }[],
): Promise<QuoteRevisionRow[]> {
  const wanted = pairs.filter((p) => p.revision > 0);
  if (wanted.length === 0) return [];
  return tx
    .select()
    .from(quoteRevisions)
    .where(
      or(
        ...wanted.map((p) => and(eq(quoteRevisions.quoteId, p.id), eq(quoteRevisions.revision, p.revision))),
      ),
    );
}

/** The quote's update as a statement's first CTE (nothing without columns to set). */
function quoteSet(id: string, set: Partial<typeof quotes.$inferInsert> | undefined): SQL {
  if (!set || Object.keys(set).length === 0) return sql``;
  const columns = getTableColumns(quotes);
  const assignments = Object.entries({ ...set, lastUpdated: new Date() }).map(([key, value]) => {
    const column = columns[key as keyof typeof columns];
    return sql`${sql.identifier(column.name)} = ${sql.param(value, column)}`;
  });
  return sql`updated as (update ${quotes} set ${sql.join(assignments, sql`, `)} where ${quotes.id} = ${id}),`;
}

/**
 * Records one event and the outbox rows it queues (`mails.ts`), in one statement, and sets the quote's
 * columns `set` in it too (as `updateQuote`, without reading the row back); answers the event's key.
 * The outbox rows are inserted in their order (the outbox's ids follow it).
 */
export async function insertEvent(
  tx: Tx,
  event: Omit<typeof quoteEvents.$inferInsert, 'changes' | 'at'> & { changes: unknown; at: Date },
  queued: EventOutboxRow[],
  set?: Partial<typeof quotes.$inferInsert>,
): Promise<number> {
  // Named on PostgreSQL (parsed once per connection): one text per set of columns the caller sets.
  const rows = await queryRowsNamed<{ key: string }>(
    tx,
    sql`with ${quoteSet(event.quoteId, set)} e as (
      insert into quote_events (quote_id, action, from_status, to_status, revision, actor_type,
        actor_company_id, actor_user_id, changes, at)
      values (${event.quoteId}, ${event.action}, ${event.fromStatus}, ${event.toStatus}, ${event.revision},
        ${event.actorType}, ${event.actorCompanyId ?? null}, ${event.actorUserId ?? null},
        ${JSON.stringify(event.changes)}::jsonb, ${event.at.toISOString()}::timestamptz)
      returning key
    ), queued as (
      insert into outbox (kind, payload, dedupe_key)
      select m.row->>'kind',
        case when (m.row->>'keyed')::boolean then (m.row->'payload') || jsonb_build_object('eventKey', e.key)
          else m.row->'payload' end,
        (m.row->'dedupe'->>0) || e.key || (m.row->'dedupe'->>1)
      from e, jsonb_array_elements(${JSON.stringify(queued)}::jsonb) with ordinality as m(row, n)
      order by m.n
    )
    select key::text as key from e`,
  );
  const key = rows[0]?.key;
  if (key === undefined) throw new Error('an event insert returned nothing');
  return Number(key);
}

export async function eventsOf(tx: Tx, quoteId: string): Promise<QuoteEventRow[]> {
  return tx.select().from(quoteEvents).where(eq(quoteEvents.quoteId, quoteId)).orderBy(asc(quoteEvents.key));
}

export async function insertMessage(
  tx: Tx,
  message: typeof quoteMessages.$inferInsert,
): Promise<QuoteMessageRow> {
  const [row] = await tx.insert(quoteMessages).values(message).returning();
  if (!row) throw new Error('a message insert returned nothing');
  return row;
}

/** One page of a quote's messages, oldest first. */
export async function messagesOf(
  tx: Tx,
  quoteId: string,
  page: number,
  pageSize: number,
): Promise<ListPage<QuoteMessageRow>> {
  const where = eq(quoteMessages.quoteId, quoteId);
  const rows = await tx
    .select()
    .from(quoteMessages)
    .where(where)
    .orderBy(asc(quoteMessages.key))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await tx.select({ n: count() }).from(quoteMessages).where(where);
  return { Items: rows, Meta: listMeta(page, pageSize, Number(total?.n ?? 0), rows.length) };
}

/** The committed generation of `quotes` (migration 0043), read inside a statement. */
const QUOTES_GENERATION = sql<string>`(select ${cacheGenerations.generation} from ${cacheGenerations} where ${cacheGenerations.name} = 'quotes')`;

/**
 * One page of quotes (with their projects) in `scope`, filtered, searched and sorted by `schema`, and its
 * `Meta`, in one statement (one snapshot without a transaction, one round trip instead of four). The
 * statement also reads the committed generation of `quotes` and counts the whole match only when the
 * count kept for these filters (`list-counts.ts`) is of another generation. The count joins `orders` as
 * a left join, which PostgreSQL drops when the filters are on `quotes` alone (the seller's desk); only
 * the page's rows are joined to their projects. A page past the end has no row to carry the count: it is
 * counted apart.
 */
export async function listQuotes(
  db: Db,
  schema: ListSchema,
  params: ListParams,
  scope: SQL,
  { scopeReadsProjects }: { scopeReadsProjects: boolean },
): Promise<ListPage<{ quote: QuoteRow; order: ProjectSender }>> {
  const where = and(scope, whereClause(schema, params));
  const counts = listCountsOf(db);
  const key = countKey(where);
  const kept = counts.get(key);
  const counted = () =>
    db
      .select({ n: count().as('n') })
      .from(quotes)
      .leftJoin(orders, eq(orders.id, quotes.id))
      .where(where);
  const total = db.$with('total').as(counted());
  const order = orderByClause(schema, params);
  // The desk's page is picked on `quotes` alone and only its rows are joined to their projects: with the
  // offset after the join, a deep page (page 100) looked up the project of every row it skipped. A scope
  // on the project (the buyer's) joins it here too: outside, it would be read as the outer row's project.
  const picked = db.select({ id: quotes.id }).from(quotes);
  const page = (scopeReadsProjects ? picked.innerJoin(orders, eq(orders.id, quotes.id)) : picked)
    .where(where)
    .orderBy(...order)
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  const rows = await db
    .with(total)
    .select({
      quote: quotes,
      // Only what the list shows of the project: parsing whole order rows cost more than the query.
      order: {
        fromCompanyId: orders.fromCompanyId,
        fromUserId: orders.fromUserId,
        fromUser: orders.fromUser,
      },
      generation: QUOTES_GENERATION,
      // An InitPlan in a branch not taken is never run: a kept count of this generation skips the count.
      total: sql<string | null>`(case when ${QUOTES_GENERATION} = ${kept?.generation ?? -1}
        then null else (select ${total.n} from ${total}) end)`,
    })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.id))
    .where(inArray(quotes.id, page))
    .orderBy(...order);
  const first = rows[0];
  let n: number;
  if (!first) {
    const [apart] = await db
      .select({ n: count(), generation: QUOTES_GENERATION })
      .from(quotes)
      .leftJoin(orders, eq(orders.id, quotes.id))
      .where(where);
    n = Number(apart?.n ?? 0);
    counts.set(key, { generation: Number(apart?.generation ?? -1), n });
  } else if (first.total === null && kept) {
    n = kept.n;
  } else {
    n = Number(first.total);
    counts.set(key, { generation: Number(first.generation), n });
  }
  return {
    Items: rows.map(({ quote, order }) => ({ quote, order })),
    Meta: listMeta(params.page, params.pageSize, n, rows.length),
  };
}

const dialect = new PgDialect();

/** What identifies a count: the text of its condition and the values bound into it. */
function countKey(where: SQL | undefined): string {
  if (!where) return '';
  const query = dialect.sqlToQuery(where);
  return `${query.sql}\u0000${JSON.stringify(query.params)}`;
}

/** An active user of the marketplace owner (a seller user a quote can be assigned to). */
export async function activeSellerUser(tx: Tx, userId: string): Promise<typeof users.$inferSelect | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.companyType, 'seller'),
        eq(users.companyId, ''),
        eq(users.id, userId),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A user's name as messages and events show it. */
export async function userName(
  tx: Tx,
  companyType: string,
  companyId: string,
  userId: string,
): Promise<{ ID: string; FirstName: string; LastName: string }> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.companyType, companyType), eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return { ID: userId, FirstName: row?.firstName ?? '', LastName: row?.lastName ?? '' };
}

/**
 * Quotes whose sent revision is no longer valid at `now`, locked (`skip locked`: a quote another
 * transaction holds — an accept, a withdrawal — is left to the next run, which sees its outcome).
 */
export async function lockExpiredQuotes(tx: Tx, now: Date, limit: number): Promise<QuoteRow[]> {
  return tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.status, 'Quoted'), lte(quotes.sentValidUntil, now)))
    .orderBy(asc(quotes.sentValidUntil), asc(quotes.id))
    .for('update', { skipLocked: true })
    .limit(limit);
}

/**
 * Quoted quotes that expire within `days` of `now` and whose buyer has not been warned about this
 * revision yet (`expiry_warned_at` is cleared by every send): what the expiry warning mail reads.
 */
export async function lockQuotesToWarn(tx: Tx, now: Date, days: number, limit: number): Promise<QuoteRow[]> {
  return tx
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.status, 'Quoted'),
        sql`${quotes.expiryWarnedAt} is null`,
        sql`${quotes.sentValidUntil} > ${now.toISOString()}::timestamptz`,
        sql`${quotes.sentValidUntil} <= ${now.toISOString()}::timestamptz + make_interval(days => ${days})`,
      ),
    )
    .orderBy(asc(quotes.sentValidUntil), asc(quotes.id))
    .for('update', { skipLocked: true })
    .limit(limit);
}
