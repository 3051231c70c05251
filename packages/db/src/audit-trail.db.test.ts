import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_TABLES, type AuditActor, withAuditActor } from './audit-actor';
import { queryRows } from './client';
import { auditEvents, buyers, contentItems, products, users } from './schema/index';
import { createTestDatabase, type TestDatabase, testDriver } from './testing';

type Event = typeof auditEvents.$inferSelect;

const actor = (userId: string): AuditActor => ({
  userId,
  username: userId,
  userType: 'admin',
  companyId: '',
  clientId: 'admin-console',
  impersonatedBy: null,
});

describe(`audit trail on ${testDriver()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const eventsOf = (objectType: string, objectId: string): Promise<Event[]> =>
    database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.objectType} = ${objectType} and ${auditEvents.objectId} = ${objectId}`)
      .orderBy(auditEvents.id);

  it('records a write by SQL without an actor as the system, with the row before and after', async () => {
    await database.db.execute(
      sql`insert into products (id, name, xp) values ('sql-1', 'First', '{"Names": {"en": "First", "de": "Erste"}}')`,
    );
    await database.db.execute(
      sql`update products set xp = jsonb_set(xp, '{Names,de}', '"Erstes"'), last_updated = now() where id = 'sql-1'`,
    );
    const [created, updated] = await eventsOf('product', 'sql-1');
    expect(created).toMatchObject({ action: 'create', actor: null, before: null, parentId: null });
    expect(created?.after).toMatchObject({ id: 'sql-1', name: 'First' });
    expect(created?.changed).toContain('name');
    expect(updated).toMatchObject({ action: 'update', actor: null, changed: ['last_updated', 'xp'] });
    expect(updated?.before).toMatchObject({ xp: { Names: { de: 'Erste' } } });
    expect(updated?.after).toMatchObject({ xp: { Names: { de: 'Erstes' } } });
  });

  it('records nothing for an update that changes nothing, or only a timestamp every write moves', async () => {
    await database.db.insert(products).values({ id: 'noop-1', name: 'Same' });
    await database.db.update(products).set({ name: 'Same' }).where(eq(products.id, 'noop-1'));
    await database.db.update(products).set({ lastUpdated: new Date() }).where(eq(products.id, 'noop-1'));
    expect((await eventsOf('product', 'noop-1')).map((e) => e.action)).toEqual(['create']);
  });

  it("does not fire for an order's stock move, but records a stock change made with other columns", async () => {
    await database.db
      .insert(products)
      .values({ id: 'stock-1', name: 'Stocked', inventoryQuantityAvailable: 10 });
    // What orders/actions.ts moveStock sets, and nothing else.
    await database.db
      .update(products)
      .set({
        inventoryQuantityAvailable: sql`${products.inventoryQuantityAvailable} - 3`,
        inventoryLastUpdated: new Date(),
      })
      .where(eq(products.id, 'stock-1'));
    expect((await eventsOf('product', 'stock-1')).map((e) => e.action)).toEqual(['create']);
    // What the API's PATCH of Inventory.QuantityAvailable sets (LastUpdated moves with every write).
    await database.db
      .update(products)
      .set({ inventoryQuantityAvailable: 50, inventoryLastUpdated: new Date(), lastUpdated: new Date() })
      .where(eq(products.id, 'stock-1'));
    const events = await eventsOf('product', 'stock-1');
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    expect(events[1]?.before).toMatchObject({ inventory_quantity_available: 7 });
    expect(events[1]?.after).toMatchObject({ inventory_quantity_available: 50 });
  });

  it('records a delete with the row as it was', async () => {
    await database.db.insert(buyers).values({ id: 'gone-1', name: 'Gone' });
    await database.db.delete(buyers).where(eq(buyers.id, 'gone-1'));
    const [, deleted] = await eventsOf('buyer', 'gone-1');
    expect(deleted).toMatchObject({ action: 'delete', after: null, before: { id: 'gone-1', name: 'Gone' } });
  });

  it('records a renamed object under its new ID, the old one in before', async () => {
    await database.db.insert(buyers).values({ id: 'old-id', name: 'Renamed' });
    await database.db.update(buyers).set({ id: 'new-id' }).where(eq(buyers.id, 'old-id'));
    const [renamed] = await eventsOf('buyer', 'new-id');
    expect(renamed).toMatchObject({ action: 'update', changed: ['id'], before: { id: 'old-id' } });
  });

  it("never stores a user's password hash, token version or failed-login count", async () => {
    await database.db.insert(users).values({
      companyType: 'buyer',
      companyId: 'ACME',
      id: 'secret-1',
      username: 'secret-1',
      passwordHash: 'scrypt$hash-that-must-not-leak',
    });
    await database.db
      .update(users)
      .set({ passwordHash: 'scrypt$another-hash', passwordLastSetDate: new Date() })
      .where(eq(users.id, 'secret-1'));
    await database.db
      .update(users)
      .set({ failedLoginCount: 3, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, 'secret-1'));
    const events = await eventsOf('user:buyer', 'secret-1');
    // The counter and version updates are no one's change: nothing is recorded for them.
    expect(events.map((e) => [e.action, e.parentId, e.changed])).toEqual([
      ['create', 'ACME', expect.any(Array)],
      ['update', 'ACME', ['password_last_set_date']],
    ]);
    const stored = JSON.stringify(events);
    expect(stored).not.toContain('hash');
    expect(stored).not.toContain('token_version');
    expect(stored).not.toContain('failed_login');
  });

  it('records content items per type, ID and locale', async () => {
    await database.db
      .insert(contentItems)
      .values({ type: 'page', id: 'about', locale: 'de-DE', data: { title: 'Über' } });
    const [created] = await eventsOf('content:page', 'about');
    expect(created).toMatchObject({ action: 'create', locale: 'de-DE', after: { data: { title: 'Über' } } });
  });

  it('records nothing while audit.skip is on in the transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('audit.skip', 'on', true)`);
      await tx.insert(buyers).values({ id: 'skipped-1', name: 'Bulk' });
    });
    expect(await eventsOf('buyer', 'skipped-1')).toEqual([]);
    await database.db.update(buyers).set({ name: 'Changed later' }).where(eq(buyers.id, 'skipped-1'));
    expect((await eventsOf('buyer', 'skipped-1')).map((e) => e.action)).toEqual(['update']);
  });

  it('sets the actor of the work in progress on its transactions and on writes outside one', async () => {
    await withAuditActor(actor('in-tx'), () =>
      database.db.transaction(async (tx) => {
        await tx.insert(buyers).values({ id: 'actor-tx', name: 'In a transaction' });
      }),
    );
    // (Drizzle's queries run when awaited: inside the work, as a request's handler awaits them.)
    await withAuditActor(actor('top-level'), async () => {
      await database.db.insert(buyers).values({ id: 'actor-top', name: 'Outside one' });
    });
    // Raw SQL too, and a write after the work has ended is the system's again.
    await withAuditActor(actor('raw'), async () => {
      await database.db.execute(sql`update buyers set name = 'Raw' where id = 'actor-top'`);
    });
    await database.db.update(buyers).set({ name: 'System' }).where(eq(buyers.id, 'actor-top'));
    expect((await eventsOf('buyer', 'actor-tx'))[0]?.actor).toEqual(actor('in-tx'));
    expect(
      (await eventsOf('buyer', 'actor-top')).map((e) => (e.actor as AuditActor | null)?.userId ?? null),
    ).toEqual(['top-level', 'raw', null]);
  });

  it('sets the actor before the first audited write of a transaction: with BEGIN on PostgreSQL, on PGlite only then', async () => {
    const seen = await withAuditActor(actor('lazy'), () =>
      database.db.transaction(async (tx) => {
        const setting = async () =>
          (
            await queryRows<{ a: string | null }>(tx, sql`select current_setting('audit.actor', true) as a`)
          )[0]?.a || null;
        const first = await setting();
        await tx.insert(buyers).values({ id: 'lazy-1', name: 'Lazy' });
        return { first, after: await setting() };
      }),
    );
    // A transaction that writes no audited table (an order's) costs PGlite no exchange for the actor.
    expect(seen.first === null).toBe(testDriver() === 'pglite');
    expect(JSON.parse(seen.after ?? 'null')).toEqual(actor('lazy'));
  });

  it("keeps an actor's text exactly, quotes, backslashes and all", async () => {
    const odd = { ...actor("o'brien"), username: 'O\'Brien \\ "Ölçü" 😀' };
    await withAuditActor(odd, async () => {
      await database.db.insert(buyers).values({ id: 'odd-actor', name: 'Odd' });
    });
    expect((await eventsOf('buyer', 'odd-actor'))[0]?.actor).toEqual(odd);
  });

  it('keeps the actors of concurrent work apart', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `concurrent-${i}`);
    await Promise.all(
      ids.map((id, i) =>
        withAuditActor(actor(`user-${i}`), async () => {
          await database.db.insert(buyers).values({ id, name: id });
          await database.db.transaction(async (tx) => {
            await tx
              .update(buyers)
              .set({ name: `${id} again` })
              .where(eq(buyers.id, id));
          });
        }),
      ),
    );
    for (const [i, id] of ids.entries()) {
      const events = await eventsOf('buyer', id);
      expect(events.map((e) => (e.actor as AuditActor).userId)).toEqual([`user-${i}`, `user-${i}`]);
    }
  });

  it('is append-only', async () => {
    await database.db.insert(buyers).values({ id: 'append-1', name: 'Kept' });
    await expect(database.db.execute(sql`update audit_events set actor = null`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await eventsOf('buyer', 'append-1')).toHaveLength(1);
  });

  it('is attached to exactly the audited tables, watching every column but the stock ones', async () => {
    const attached = await queryRows<{ tbl: string }>(
      database.db,
      sql`select c.relname as tbl from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname = 'audit_row' order by 1`,
    );
    expect(attached.map((r) => r.tbl)).toEqual([...AUDITED_TABLES].sort());
    // A column added to products or variants later must be watched too: the migration adding it calls
    // audit_attach again (an UPDATE OF trigger does not fire for a column it does not name).
    const watched = await queryRows<{ tbl: string; unwatched: string[] }>(
      database.db,
      sql`select c.relname as tbl,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                    and a.attnum <> all (t.tgattr::int2[]) order by a.attname) as unwatched
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname = 'audit_row' and cardinality(t.tgattr::int2[]) > 0 order by 1`,
    );
    expect(watched).toEqual([
      { tbl: 'products', unwatched: ['inventory_last_updated', 'inventory_quantity_available'] },
      { tbl: 'variants', unwatched: ['inventory_last_updated', 'inventory_quantity_available'] },
    ]);
  });
});
