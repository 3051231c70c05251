import { type Db, placeholders, preparedStatement } from '@catalogue/db';
import { lineItems } from '@catalogue/db/schema';

type LineItemRow = typeof lineItems.$inferSelect;
type LineItemValues = typeof lineItems.$inferInsert;

/**
 * Inserts of up to this many lines have a statement of their own per line count and column set (a
 * quote's or a cart's lines: a few, rarely dozens); larger ones are built per call.
 */
const PREPARED_ROWS = 32;
/** Bounds the statements kept: line counts × the few column sets callers write. */
const PREPARED_SHAPES = 256;
type Insert = (db: Db, values: Record<string, unknown>) => Promise<LineItemRow[]>;
const insertsByShape = new Map<string, Insert>();

function insertOf(columns: string[], count: number): Insert | null {
  const shape = `${count}:${columns.join(',')}`;
  let insert = insertsByShape.get(shape);
  if (!insert) {
    if (insertsByShape.size >= PREPARED_SHAPES) return null;
    // The columns are those real rows give, the required ones among them: Drizzle's types cannot see that.
    const rows = Array.from({ length: count }, (_, i) =>
      placeholders(columns, `_${i}`),
    ) as unknown as LineItemValues[];
    insert = preparedStatement((db) => db.insert(lineItems).values(rows).returning());
    insertsByShape.set(shape, insert);
  }
  return insert;
}

/** The columns the rows give values for, when every row gives the same ones (else null). */
function sharedColumns(rows: LineItemValues[]): string[] | null {
  const given = (row: LineItemValues) =>
    Object.entries(row)
      .filter(([, value]) => value !== undefined)
      .map(([column]) => column)
      .sort();
  const columns = given(rows[0] as LineItemValues);
  const same = rows.every((row) => given(row).join(',') === columns.join(','));
  return same ? columns : null;
}

/**
 * Inserts line items in one statement and answers them as written. Building a multi-row insert was the
 * largest single cost of an accept in the service (about 1.2 ms of its 8–9 ms of CPU for a few lines,
 * issue 23), so the statement for each line count and set of given columns is built once
 * (`preparedStatement`). The columns are those the rows give, so a column a caller starts writing is
 * written without a list here to keep up; columns not given take their defaults, as with the builder.
 */
export async function insertLineItems(tx: Db, rows: LineItemValues[]): Promise<LineItemRow[]> {
  if (rows.length === 0) return [];
  const columns = rows.length <= PREPARED_ROWS ? sharedColumns(rows) : null;
  const insert = columns ? insertOf(columns, rows.length) : null;
  if (!columns || !insert) return tx.insert(lineItems).values(rows).returning();
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const column of columns) values[`${column}_${i}`] = row[column as keyof LineItemValues];
  });
  return insert(tx, values);
}
