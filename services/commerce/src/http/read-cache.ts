import { AsyncLocalStorage } from 'node:async_hooks';
import { type Database, type Db, queryRows, queryRowsNamed } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import type { Principal } from '../auth/claims';
import type { CommerceEnv } from './env';

/**
 * Named groups of tables whose committed state a cached answer depends on. Deferred triggers move a
 * group's `cache_generations` row on at the commit of every transaction that changed one of its tables
 * (migrations 0011–0013), and NOTIFY `cache_generation` with the group's name.
 */
export type GenerationName = 'catalogue' | 'identity' | 'promotions' | 'quotes';

/**
 * A read cache for GET answers. Entries are keyed by the committed generation of the tables they were
 * computed from, so a request never gets an answer computed before a write that committed before it began,
 * on this instance or any other sharing the database. On PostgreSQL each request costs one tiny read of the
 * generations, shared by the requests that arrive while it is in flight (a request only joins a read that
 * starts after it). PGlite has a single opener, this process, so there the generations are counted in
 * memory from the NOTIFY the triggers send at commit (delivered before the committing call returns).
 */
/** What a kept value counts against the budget when its caller does not measure it. */
const VALUE_BYTES = 4096;

export class ReadCache {
  private readonly entries: LRUCache<string, string>;
  /**
   * Values of `rememberValue`, within the same byte budget as the texts: a value counts VALUE_BYTES unless
   * its caller measures it (a desk page of quotes is far larger than a price).
   */
  private readonly values: LRUCache<string, { value: unknown }>;
  private waiters: { resolve(generations: Map<string, number>): void; reject(error: unknown): void }[] = [];
  private reading = false;
  private readonly inFlight = new Map<string, Promise<string | null>>();
  private readonly db: Db;
  /** Generations read through a caller's transaction, read once for the transaction. */
  private readonly perReader = new WeakMap<Db, Promise<Map<string, number>>>();
  /**
   * Generations read for a request (its Hono context), once: the token check and the cached read of one
   * request share a round trip, and a state read after the request began is all either needs.
   */
  private readonly perRequest = new WeakMap<object, Promise<Map<string, number>>>();
  /** PGlite: the in-memory generations, once the listener is in place. */
  private local: { ready: Promise<unknown>; generations: Map<string, number> } | undefined;

  constructor(database: Database, maxBytes: number) {
    this.db = database.db;
    this.entries = new LRUCache<string, string>({
      maxSize: Math.max(maxBytes, 1),
      // UTF-16 code units, two bytes each, plus the key.
      sizeCalculation: (value, key) => Math.max(1, (value.length + key.length) * 2),
    });
    this.values = new LRUCache<string, { value: unknown }>({
      maxSize: Math.max(64 * VALUE_BYTES, maxBytes),
      sizeCalculation: () => VALUE_BYTES,
    });
    if (database.raw.kind === 'pglite') {
      const generations = new Map<string, number>();
      const ready = database.raw.client.listen('cache_generation', (name) => {
        generations.set(name, (generations.get(name) ?? 0) + 1);
      });
      this.local = { ready, generations };
    }
  }

  /**
   * The committed generation of a group of tables, read by a query that started after this call (or, with
   * `request`, after that request began).
   */
  async generation(name: GenerationName, request?: object): Promise<number> {
    return (await this.generations(undefined, request)).get(name) ?? 0;
  }

  /**
   * Every group's committed generation, read by a query that started after this call: through `reader`
   * when given (a transaction's connection: a caller holding one must not wait for another, or a full pool
   * would wait for itself), else shared with the other requests waiting.
   */
  private async generations(reader?: Db, request?: object): Promise<Map<string, number>> {
    if (this.local) {
      await this.local.ready;
      return this.local.generations;
    }
    if (request && !reader) {
      let read = this.perRequest.get(request);
      if (!read) {
        read = this.generations();
        this.perRequest.set(request, read);
      }
      return read;
    }
    if (reader) {
      // Once per transaction: what it prices or plans after that is remembered under the same state.
      let read = this.perReader.get(reader);
      if (!read) {
        read = readGenerations(reader);
        this.perReader.set(reader, read);
      }
      return read;
    }
    return new Promise<Map<string, number>>((resolve, reject) => {
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
          const generations = await readGenerations(this.db);
          for (const waiter of batch) waiter.resolve(generations);
        } catch (error) {
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      this.reading = false;
    }
  }

  /**
   * The cached text for `key` at the group's current generation, or `compute()`'s (cached when not null).
   * Concurrent misses of one key compute once.
   */
  async remember(
    name: GenerationName,
    key: string,
    compute: () => Promise<string | null>,
    /** The request being served (its Hono context): the generations are read once for it. */
    request?: object,
  ): Promise<string | null> {
    const full = `${name}\u0000${await this.generation(name, request)}\u0000${key}`;
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

  /**
   * An in-memory value for `key` computed from the committed state of the named groups of tables:
   * `compute()`'s answer, kept until one of the groups moves on (errors are not kept). Values are shared
   * between requests and must not be changed by their users. `compute` may run inside the caller's
   * transaction, which must not have changed any table of the groups before (its changes would be kept
   * under the generation of the state before them).
   */
  async rememberValue<T>(
    groups: GenerationName[],
    key: string,
    compute: () => Promise<T>,
    reader?: Db,
    /** The request being served (its Hono context), when there is no reader: generations read once for it. */
    request?: object,
    /** The value's size in bytes, for values far from VALUE_BYTES. */
    sizeOf?: (value: T) => number,
  ): Promise<T> {
    const generations = await this.generations(reader, request);
    const full = `${groups.map((g) => `${g}:${generations.get(g) ?? 0}`).join(',')}\u0000${key}`;
    const hit = this.values.get(full);
    if (hit !== undefined) return hit.value as T;
    const value = await compute();
    this.values.set(full, { value }, sizeOf ? { size: Math.max(1, sizeOf(value)) } : undefined);
    return value;
  }

  /** Entries and bytes held, for tests and the health page. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

const scope = new AsyncLocalStorage<ReadCache>();

/** Makes the read cache available to the code a request runs (`memoized`), through its async context. */
export function readCacheScope(cache: ReadCache): MiddlewareHandler<CommerceEnv> {
  return (_c, next) => scope.run(cache, next);
}

/**
 * `ReadCache.rememberValue` with the cache of the request being served, or `compute()` itself outside a
 * request (background jobs) or when the cache is turned off.
 */
export function memoized<T>(
  groups: GenerationName[],
  key: string,
  compute: () => Promise<T>,
  /** The caller's transaction, if it holds one: the generations are read through it. */
  reader?: Db,
  /** The request being served (its Hono context), when there is no reader: generations read once for it. */
  request?: object,
  /** The value's size in bytes, for values far from the 4 KiB a value is otherwise counted as. */
  sizeOf?: (value: T) => number,
): Promise<T> {
  const cache = scope.getStore();
  return cache ? cache.rememberValue(groups, key, compute, reader, request, sizeOf) : compute();
}

async function readGenerations(db: Db): Promise<Map<string, number>> {
  // Every request asks this: named on PostgreSQL, so each connection parses it once.
  const rows = await queryRowsNamed<{ name: string; generation: string | number }>(
    db,
    sql`select name, generation from cache_generations`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.generation)]));
}

export interface CachedRoute {
  /** Which group of tables the answers come from. */
  generation: GenerationName;
  /** Whether a GET path is cached. */
  matches(path: string): boolean;
  /** Only for these callers. */
  for?(principal: Principal): boolean;
  /**
   * What the answer depends on besides the tables and the path and query: always the caller's company,
   * roles and user type; the user too when `perUser` (e.g. /me); the user's groups when `perGroups`.
   */
  perUser?: boolean;
  perGroups?: boolean;
}

/**
 * Caches the successful GET answers of the given routes. The key holds everything an answer depends on
 * besides the tables: the caller's company and user type, the token's roles, the user or the user's groups
 * as the route says, and the whole path and query.
 */
export function cachedReads(
  cache: ReadCache,
  db: Db,
  routes: CachedRoute[],
  basePath = '',
): MiddlewareHandler<CommerceEnv> {
  const prefix = basePath.replace(/\/+$/, '');
  const groupsOf = async (principal: Principal, request: object): Promise<string> =>
    (await cache.remember(
      'identity',
      `groups\u0000${principal.companyType}\u0000${principal.companyId}\u0000${principal.userId}`,
      async () => {
        const rows = await queryRows<{ id: string }>(
          db,
          sql`select user_group_id as id from user_group_assignments
            where company_type = ${principal.companyType} and company_id = ${principal.companyId}
              and user_id = ${principal.userId} order by 1`,
        );
        return rows.map((r) => r.id).join(',');
      },
      request,
    )) ?? '';

  return async (c, next) => {
    const principal = c.get('principal');
    const url = new URL(c.req.url);
    // Routes are matched without the service's mount point (e.g. /ordercloud in the single server).
    const path = prefix && url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    const route =
      c.req.method === 'GET' && principal
        ? routes.find((r) => r.matches(path) && (!r.for || r.for(principal)))
        : undefined;
    if (!route || !principal) {
      await next();
      return;
    }
    const key = [
      principal.companyType,
      principal.companyId,
      principal.userType,
      [...principal.roles].sort().join(','),
      route.perUser ? principal.userId : '',
      route.perGroups ? await groupsOf(principal, c) : '',
      url.pathname,
      url.search,
    ].join('\u0000');
    let response: Response | undefined;
    const text = await cache.remember(
      route.generation,
      key,
      async () => {
        await next();
        response = c.res;
        if (c.res.status !== 200) return null;
        return c.res.clone().text();
      },
      c,
    );
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
