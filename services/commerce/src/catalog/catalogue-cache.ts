import { type Database, type Db, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import type { Principal } from '../auth/claims';
import type { CommerceEnv } from '../http/env';

/**
 * A read cache for what buyers see of the catalogue (/me/products, /me/catalogs, /me/categories and the
 * routes under them). Entries are keyed by the committed `cache_generations('catalogue')` value, which
 * deferred triggers on every catalogue table move on at the commit of each transaction that changed one
 * (migration 0011): a request never gets an answer computed before a write that committed before it began,
 * on this instance or any other sharing the database. On PostgreSQL each request costs one tiny read of that
 * row, shared by the requests that arrive while it is in flight (a request only joins a read that starts
 * after it). PGlite has a single opener, this process, so there the generation is counted in memory from
 * the NOTIFY the same triggers send at commit (delivered before the committing call returns).
 */
export class CatalogueCache {
  private readonly entries: LRUCache<string, string>;
  private waiters: { resolve(generation: number): void; reject(error: unknown): void }[] = [];
  private reading = false;
  private readonly inFlight = new Map<string, Promise<string | null>>();
  private readonly db: Db;
  /** PGlite: the in-memory generation, once the listener is in place. */
  private local: { ready: Promise<unknown>; generation: number } | undefined;

  constructor(database: Database, maxBytes: number) {
    this.db = database.db;
    if (database.raw.kind === 'pglite') {
      const local = { ready: Promise.resolve() as Promise<unknown>, generation: 0 };
      local.ready = database.raw.client.listen('cache_generation', (name) => {
        if (name === 'catalogue') local.generation += 1;
      });
      this.local = local;
    }
    this.entries = new LRUCache<string, string>({
      maxSize: Math.max(maxBytes, 1),
      // UTF-16 code units, two bytes each, plus the key.
      sizeCalculation: (value, key) => Math.max(1, (value.length + key.length) * 2),
    });
  }

  /** The committed generation, read by a query that started after this call. */
  async generation(): Promise<number> {
    if (this.local) {
      await this.local.ready;
      return this.local.generation;
    }
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.reading) void this.readForWaiters();
    });
  }

  private async readForWaiters(): Promise<void> {
    this.reading = true;
    try {
      while (this.waiters.length > 0) {
        const batch = this.waiters;
        this.waiters = [];
        try {
          const [row] = await queryRows<{ generation: string | number }>(
            this.db,
            sql`select generation from cache_generations where name = 'catalogue'`,
          );
          const generation = Number(row?.generation ?? 0);
          for (const waiter of batch) waiter.resolve(generation);
        } catch (error) {
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      this.reading = false;
    }
  }

  /**
   * The cached text for `key` at the current generation, or `compute()`'s (cached when not null).
   * Concurrent misses of one key compute once.
   */
  async remember(key: string, compute: () => Promise<string | null>): Promise<string | null> {
    const full = `${await this.generation()}\u0000${key}`;
    const hit = this.entries.get(full);
    if (hit !== undefined) return hit;
    const pending = this.inFlight.get(full);
    if (pending) return pending;
    const computing = compute()
      .then((text) => {
        if (text !== null) this.entries.set(full, text);
        return text;
      })
      .finally(() => this.inFlight.delete(full));
    this.inFlight.set(full, computing);
    return computing;
  }

  /** Entries and bytes held, for tests and the health page. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

/**
 * Caches successful GET answers of buyer users under the given path prefixes. The key holds everything an
 * answer depends on besides the catalogue tables: the company, the user's groups (visibility and prices
 * follow them), the token's roles and the whole path and query.
 */
export function cachedBuyerReads(
  cache: CatalogueCache,
  db: Db,
  prefixes: string[],
): MiddlewareHandler<CommerceEnv> {
  const groupsOf = async (principal: Principal): Promise<string> =>
    (await cache.remember(`groups\u0000${principal.companyId}\u0000${principal.userId}`, async () => {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select user_group_id as id from user_group_assignments
            where company_type = 'buyer' and company_id = ${principal.companyId} and user_id = ${principal.userId}
            order by 1`,
      );
      return rows.map((r) => r.id).join(',');
    })) ?? '';

  return async (c, next) => {
    const principal = c.get('principal');
    const url = new URL(c.req.url);
    if (
      c.req.method !== 'GET' ||
      !principal ||
      principal.companyType !== 'buyer' ||
      !prefixes.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))
    ) {
      await next();
      return;
    }
    const key = [
      'me',
      principal.companyId,
      await groupsOf(principal),
      [...principal.roles].sort().join(','),
      url.pathname,
      url.search,
    ].join('\u0000');
    let response: Response | undefined;
    const text = await cache.remember(key, async () => {
      await next();
      response = c.res;
      if (c.res.status !== 200) return null;
      return c.res.clone().text();
    });
    // The request that computed the answer sends the handler's own response; the others get the text.
    if (response) return;
    if (text === null) {
      // A concurrent identical request failed: answer this one by itself.
      await next();
      return;
    }
    return c.body(text, 200, { 'content-type': 'application/json' });
  };
}
