import { describe, expect, it } from 'vitest';
import { setActorStatement, writesAuditedTable } from './audit-actor';

describe('which statements outside a transaction need the actor', () => {
  it('finds writes of audited tables as Drizzle and raw SQL write them', () => {
    for (const text of [
      'insert into "products" ("id", "name") values ($1, $2)',
      'update "users" set "password_hash" = $1 where "users"."id" = $2',
      'delete from "catalog_assignments" where "catalog_id" = $1',
      'with moved as (update buyer_assignments set object_id = $1 returning 1) select count(*) from moved',
      'INSERT INTO public.content_items (type, id, locale) VALUES ($1, $2, $3)',
    ]) {
      expect({ text, audited: writesAuditedTable(text) }).toEqual({ text, audited: true });
    }
  });

  it('leaves reads and writes of other tables alone', () => {
    for (const text of [
      'select * from "products" where "id" = $1',
      'insert into "line_items" ("order_id", "product_id") values ($1, $2)',
      'update "orders" set "status" = $1 where "id" = $2',
      'insert into "idempotency_keys" ("key") values ($1) on conflict do update set "key" = excluded."key"',
      'select id from orders where id = $1 for update skip locked',
      'delete from "refresh_tokens" where "user_id" = $1',
    ]) {
      expect({ text, audited: writesAuditedTable(text) }).toEqual({ text, audited: false });
    }
  });
});

describe('the statement that sets the actor', () => {
  it('writes the JSON as a standard string literal, quotes doubled', () => {
    const json = JSON.stringify({ username: "o'brien\\x" });
    expect(setActorStatement(json)).toBe(
      `select set_config('audit.actor', '{"username":"o''brien\\\\x"}', true)`,
    );
  });
});
