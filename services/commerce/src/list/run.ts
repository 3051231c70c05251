import type { Db } from '@catalogue/db';
import { and, count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { orderByClause, whereClause } from './compile';
import { type ListParams, parsePaging } from './params';
import type { ListSchema } from './schema';

export interface ListMeta {
  Page: number;
  PageSize: number;
  TotalCount: number;
  TotalPages: number;
  /** 1-based positions of the first and last item on this page; [0, 0] when there are none. */
  ItemRange: [number, number];
}

export interface ListPage<T> {
  Items: T[];
  Meta: ListMeta;
}

export function listMeta(page: number, pageSize: number, totalCount: number, itemsOnPage: number): ListMeta {
  const first = itemsOnPage > 0 ? (page - 1) * pageSize + 1 : 0;
  return {
    Page: page,
    PageSize: pageSize,
    TotalCount: totalCount,
    TotalPages: Math.ceil(totalCount / pageSize),
    ItemRange: [first, itemsOnPage > 0 ? first + itemsOnPage - 1 : 0],
  };
}

/**
 * One page of a table, filtered, searched and sorted in SQL. `scope` restricts the rows the caller may
 * see (e.g. one buyer's users) before any filter applies.
 */
export async function runList<T extends PgTable>(
  db: Db,
  table: T,
  schema: ListSchema,
  params: ListParams,
  scope?: SQL,
): Promise<ListPage<T['$inferSelect']>> {
  const where = and(scope, whereClause(schema, params));
  const order = orderByClause(schema, params);
  const offset = (params.page - 1) * params.pageSize;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(params.pageSize)
      .offset(offset),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  return {
    Items: rows as T['$inferSelect'][],
    Meta: listMeta(params.page, params.pageSize, total, rows.length),
  };
}

/**
 * One page of a table for list endpoints whose query parameters are not OrderCloud filters (assignment
 * lists): `page`/`pageSize` from the query, rows in `order`, each shown through `toWire`.
 */
export async function pageOfRows<T extends PgTable, W>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: (PgColumn | SQL)[],
  query: URLSearchParams,
  toWire: (row: T['$inferSelect']) => W,
): Promise<ListPage<W>> {
  const { page, pageSize } = parsePaging(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(table, where),
  ]);
  return {
    Items: (rows as T['$inferSelect'][]).map(toWire),
    Meta: listMeta(page, pageSize, total, rows.length),
  };
}
