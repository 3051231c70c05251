import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { preparedStatement, queryRowsNamed } from './prepared-statement';
import { outbox } from './schema';
import { createTestDatabase, type TestDatabase, testDriver } from './testing';

const insertRow = preparedStatement((db) =>
  db
    .insert(outbox)
    .values({
      kind: sql.placeholder('kind'),
      payload: sql.placeholder('payload'),
      dedupeKey: sql.placeholder('dedupeKey'),
      deliveredAt: sql.placeholder('deliveredAt'),
    })
    .returning(),
);
const rowById = preparedStatement((db) =>
  db
    .select()
    .from(outbox)
    .where(eq(outbox.id, sql.placeholder('id'))),
);

describe(`prepared statements on ${testDriver()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('answers what the builder answers, with columns mapped (dates, JSON) and nulls as SQL NULL', async () => {
    const at = new Date('2026-11-28T10:00:00.123Z');
    const [made] = await insertRow(database.db, {
      kind: 'email',
      payload: { to: 'a@b.example', n: [1, 2] },
      dedupeKey: null,
      deliveredAt: at,
    });
    const [plain] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, made?.id ?? 0));
    expect(made).toEqual(plain);
    expect(made).toMatchObject({ kind: 'email', payload: { to: 'a@b.example', n: [1, 2] }, dedupeKey: null });
    expect(made?.deliveredAt?.toISOString()).toBe(at.toISOString());
    expect(await rowById(database.db, { id: made?.id })).toEqual([plain]);

    const [empty] = await insertRow(database.db, {
      kind: 'x',
      payload: [],
      dedupeKey: 'k',
      deliveredAt: null,
    });
    const [stored] = await queryRowsNamed<{ delivered_null: boolean; key: string }>(
      database.db,
      sql`select delivered_at is null as delivered_null, dedupe_key as key from outbox where id = ${empty?.id}`,
    );
    expect(stored).toEqual({ delivered_null: true, key: 'k' });
  });

  it("runs on the caller's transaction: it sees the transaction's own rows, and a rollback takes them", async () => {
    let id = 0;
    await expect(
      database.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const [row] = await insertRow(tx, { kind: 'in-tx', payload: {}, dedupeKey: null, deliveredAt: null });
        id = row?.id ?? 0;
        expect((await rowById(tx, { id })).map((r) => r.kind)).toEqual(['in-tx']);
        const named = await queryRowsNamed<{ n: string }>(
          tx,
          sql`select count(*)::text as n from outbox where id = ${id}`,
        );
        expect(named).toEqual([{ n: '1' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowById(database.db, { id })).toEqual([]);
  });

  it.runIf(testDriver() === 'postgres')(
    'is a named statement on PostgreSQL, parsed once per connection',
    async () => {
      await database.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        await rowById(tx, { id: 1 });
        await rowById(tx, { id: 2 });
        const [row] = await queryRowsNamed<{ n: number }>(
          tx,
          sql`select count(*)::int as n from pg_prepared_statements where statement like 'select %outbox% where "outbox"."id" = $1'`,
        );
        expect(row?.n).toBe(1);
      });
    },
  );
});
