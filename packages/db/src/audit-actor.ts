import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Who a write is made for, as the audit trail records it (migration `audit_trail`, docs/audit-trail.md):
 * the row triggers of the audited tables read it from the transaction-local setting `audit.actor`.
 */
export interface AuditActor {
  userId: string;
  username: string;
  userType: 'admin' | 'buyer' | 'supplier';
  companyId: string;
  clientId: string;
  /** The user who impersonates `userId` (the token's `imp`), or null. */
  impersonatedBy: string | null;
}

/**
 * The tables the migration attaches the trail to (`audit_attach`); `audit-trail.db.test.ts` holds this
 * list to the database's triggers. A statement outside a transaction that writes one of them is run in a
 * transaction of its own that sets the actor first (see `auditedPool`, `auditedPglite`).
 */
export const AUDITED_TABLES: ReadonlySet<string> = new Set([
  'products',
  'variants',
  'inventory_records',
  'inventory_record_assignments',
  'price_schedules',
  'price_breaks',
  'catalogs',
  'catalog_assignments',
  'catalog_product_assignments',
  'categories',
  'category_product_assignments',
  'category_assignments',
  'product_assignments',
  'specs',
  'spec_options',
  'spec_product_assignments',
  'product_facets',
  'buyers',
  'users',
  'user_groups',
  'user_group_assignments',
  'addresses',
  'buyer_assignments',
  'approval_rules',
  'security_profile_assignments',
  'content_items',
]);

/**
 * The actor of the work running now, as the JSON text the setting holds. On `globalThis` under a
 * registered symbol, like the shared database: Next.js bundles its own copy of this module, and both
 * copies must see the one store.
 */
const KEY = Symbol.for('catalogue.auditActor');
type Holder = { [KEY]?: AsyncLocalStorage<string> };
const holder = globalThis as Holder;
holder[KEY] ??= new AsyncLocalStorage<string>();
const storage: AsyncLocalStorage<string> = holder[KEY];

/**
 * Runs `work` with `actor` as the actor of every write it makes through a database opened by
 * `openDatabase`: its transactions set `audit.actor` (PostgreSQL: with BEGIN; PGlite: before the first
 * statement that writes an audited table), and a statement it runs outside a transaction that writes an
 * audited table runs in a transaction of its own that sets it first.
 */
export function withAuditActor<T>(actor: AuditActor, work: () => T): T {
  return storage.run(JSON.stringify(actor), work);
}

/** The current actor's JSON text, if work is running for one. */
export function currentAuditActor(): string | undefined {
  return storage.getStore();
}

/**
 * The statement setting the actor for the rest of the transaction. A literal rather than a parameter so
 * that it can share a simple-protocol exchange with BEGIN (no round trip of its own); JSON.stringify
 * leaves no control character in the text, and doubled quotes are all a standard string needs.
 */
export function setActorStatement(actorJson: string): string {
  return `select set_config('audit.actor', '${actorJson.replaceAll("'", "''")}', true)`;
}

/** `insert into x`, `update x`, `delete from x` anywhere in a statement (CTEs too), quoted or not. */
const WRITE_TARGET = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/gi;

/**
 * Whether a statement writes an audited table (a false positive only costs a set_config). A write that
 * reaches an audited table through a statement that does not name it (a function, a trigger of another
 * table) is not seen here: no such path exists today, and one added later sets the actor itself
 * (`setActorStatement`) or names the table.
 */
export function writesAuditedTable(text: string): boolean {
  for (const match of text.matchAll(WRITE_TARGET)) {
    if (match[1] && AUDITED_TABLES.has(match[1].toLowerCase())) return true;
  }
  return false;
}

function textOf(config: unknown): string {
  if (typeof config === 'string') return config;
  return typeof (config as { text?: unknown })?.text === 'string' ? (config as { text: string }).text : '';
}

/**
 * The pg pool as Drizzle uses it, setting the actor of the current work: a transaction's BEGIN carries
 * the setting in the same exchange (one simple-protocol message, no extra round trip); an audited write
 * outside a transaction gets a transaction of its own. Work without an actor passes straight through.
 */
export function auditedPool(pool: pg.Pool): pg.Pool {
  const query = async (config: unknown, values?: unknown) => {
    const actor = currentAuditActor();
    if (!actor || !writesAuditedTable(textOf(config))) {
      return (pool.query as (c: unknown, v?: unknown) => Promise<unknown>)(config, values);
    }
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(`begin; ${setActorStatement(actor)}`);
      const result = await (client.query as (c: unknown, v?: unknown) => Promise<unknown>)(config, values);
      await client.query('commit');
      return result;
    } catch (error) {
      // The statement's own error is the one to report; a connection that cannot roll back is dropped.
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
  const connect = async () => {
    const actor = currentAuditActor();
    const client = await pool.connect();
    if (!actor) return client;
    return new Proxy(client, {
      get(target, property) {
        if (property === 'query') {
          return (config: unknown, ...rest: unknown[]) => {
            const text = textOf(config);
            if (!/^\s*begin\b/i.test(text)) {
              return (target.query as (...a: unknown[]) => unknown)(config, ...rest);
            }
            const withActor = `${text}; ${setActorStatement(actor)}`;
            const next = typeof config === 'string' ? withActor : { ...(config as object), text: withActor };
            return (target.query as (...a: unknown[]) => unknown)(next, ...rest);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'connect') return connect;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The PGlite client as Drizzle uses it (`query`, `transaction`), setting the actor of the current work
 * in each of its transactions just before the first statement that writes an audited table: on PGlite
 * the setting is an exchange of its own (about 0.2 ms), which transactions that write no audited table
 * (orders, carts, quotes) do not pay. An audited write outside a transaction gets a transaction of its
 * own. The actor is read when the call is made: the call may run later, from the connection's queue.
 */
export function auditedPglite(client: PGlite): PGlite {
  const overrides = {
    transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const actor = currentAuditActor();
      if (!actor) return client.transaction(callback);
      return client.transaction((tx) => {
        let set = false;
        const before = async (text: string) => {
          if (set || !writesAuditedTable(text)) return;
          set = true;
          await tx.exec(setActorStatement(actor));
        };
        const audited: Transaction = Object.create(tx);
        audited.query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          await before(text);
          return tx.query<R>(text, params, options);
        };
        audited.exec = async (text: string, options?: QueryOptions) => {
          await before(text);
          return tx.exec(text, options);
        };
        return callback(audited);
      });
    },
    query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      const actor = currentAuditActor();
      if (!actor || !writesAuditedTable(text)) return client.query<T>(text, params, options);
      return client.transaction(async (tx) => {
        await tx.exec(setActorStatement(actor));
        return tx.query<T>(text, params, options);
      });
    },
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'transaction') return overrides[property];
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
