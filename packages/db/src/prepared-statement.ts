import { createHash } from 'node:crypto';
import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

/** What Drizzle's query builders answer to `.prepare(name)`: a run with the placeholders' values. */
interface DrizzlePrepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** A Drizzle query builder (select, insert, update, delete) whose values are `sql.placeholder(...)`. */
export interface Preparable<R> {
  prepare(name: string): DrizzlePrepared<R>;
  toSQL(): { sql: string };
}

/** The driver client a handle (the pool's database or a transaction) runs its statements on. */
interface Session {
  client: unknown;
}

function sessionOf(db: Db): Session {
  // Drizzle keeps it as `session` on every database and transaction object, of either driver.
  const session = (db as unknown as { session?: Session }).session;
  if (!session) throw new Error('not a Drizzle database or transaction');
  return session;
}

/**
 * `{ column: sql.placeholder('column') }` for each column: the values of an insert or update to prepare.
 * With a suffix the placeholders are named `column` + suffix, for one row of a multi-row insert.
 */
export function placeholders<K extends string>(
  columns: readonly K[],
  suffix = '',
): { [P in K]: Placeholder<string> } {
  return Object.fromEntries(columns.map((c) => [c, new Placeholder(`${c}${suffix}`)])) as {
    [P in K]: Placeholder<string>;
  };
}

const statementName = (text: string) => `p${createHash('sha1').update(text).digest('base64url')}`;

/**
 * A statement of one fixed shape that a hot path runs with other values, built by Drizzle once per
 * process and driver (the builder's SQL text, column mapping and parameter encoders, with
 * `sql.placeholder(name)` where values go), then run in any handle of either driver — the pool's
 * database or a transaction — with the values of that run.
 *
 * Building a statement was a third of the service's time per statement in the write paths (issue 23:
 * an accept's eleven round trips), and on PostgreSQL the statement runs under a name derived from its
 * text, so each pooled connection parses it once and then only binds and executes it (PostgreSQL
 * switches to a generic plan when it costs no more than the custom ones, which is so for these
 * primary-key and foreign-key statements). On PGlite the pipeline (`pglite-pipeline.ts`) already keeps
 * one prepared statement per text. Only for statements of fixed shape: a condition that changes with
 * the caller is a second statement. A column with a `$defaultFn` or `$onUpdate` would be computed once,
 * when the statement is built: give such columns as placeholders.
 */
export function preparedStatement<R>(
  build: (db: Db) => Preparable<R>,
): (db: Db, values: Record<string, unknown>) => Promise<R> {
  // One built statement per driver (the session's class): a process may hold both (tests).
  const built = new Map<unknown, DrizzlePrepared<R>>();
  return (db, values) => {
    const session = sessionOf(db);
    let template = built.get(session.constructor);
    if (!template) {
      const builder = build(db);
      template = builder.prepare(statementName(builder.toSQL().sql));
      nullSafe(template as unknown as { params: unknown[] });
      built.set(session.constructor, template);
    }
    // The built statement answers for the handle it was built on; this run's handle is the caller's.
    const run = Object.create(template) as DrizzlePrepared<R> & Session;
    run.client = session.client;
    return run.execute(values);
  };
}

/**
 * A placeholder bound to a column (an insert's or update's value) is encoded by the column even when the
 * value is null: a jsonb column would store the JSON `null` and a timestamp would throw. Drizzle passes a
 * plain null value as SQL NULL; so does a placeholder here.
 */
function nullSafe(statement: { params: unknown[] }): void {
  statement.params = statement.params.map((param) => {
    if (!is(param, Param) || !is(param.value, Placeholder)) return param;
    const { encoder } = param;
    return new Param(param.value, {
      mapToDriverValue: (value: unknown) => (value === null ? null : encoder.mapToDriverValue(value)),
    });
  });
}

const dialect = new PgDialect();

/** Dates, times and intervals (and their arrays) as PostgreSQL writes them, as Drizzle's `execute` answers. */
const AS_TEXT = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const rawTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format),
};

/**
 * Raw SQL of a bounded number of shapes, run on the caller's handle (pool or transaction) and answered
 * as rows: on PostgreSQL as a statement named by its text (parsed once per connection), elsewhere as
 * `execute`. For the hot statements written as `sql` templates rather than builders.
 */
export async function queryRowsNamed<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const client = sessionOf(db).client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query<T>({
      name: statementName(text),
      text,
      values: params as unknown[],
      types: rawTypes,
    } as pg.QueryConfig);
    return result.rows;
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
