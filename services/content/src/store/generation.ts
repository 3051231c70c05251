import { type Database, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';

/**
 * The committed generation of the content tables: `cache_generations('content')` moves on at the commit of
 * every transaction that changed `content_items` (migration 0020), so anything cached under an older
 * generation is never served again. On PostgreSQL each caller gets a value read by a query that started
 * after it asked (callers arriving while a read is in flight share the next one), so a commit by another
 * instance or a SQL script is seen. PGlite has one opener, this process: there the generation is counted
 * from the NOTIFY the trigger sends, which arrives before the committing call returns.
 */
export class ContentGeneration {
  private local: { ready: Promise<unknown>; count: number } | undefined;
  private waiters: { resolve(value: number): void; reject(error: unknown): void }[] = [];
  private reading = false;

  constructor(private readonly database: Database) {
    if (database.raw.kind === 'pglite') {
      const local = { ready: Promise.resolve() as Promise<unknown>, count: 0 };
      local.ready = database.raw.client.listen('cache_generation', (name) => {
        if (name === 'content') local.count += 1;
      });
      this.local = local;
    }
  }

  async current(): Promise<number> {
    if (this.local) {
      await this.local.ready;
      return this.local.count;
    }
    return new Promise<number>((resolve, reject) => {
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
          const rows = await queryRows<{ generation: string | number }>(
            this.database.db,
            sql`select generation from cache_generations where name = 'content'`,
          );
          const value = Number(rows[0]?.generation ?? 0);
          for (const waiter of batch) waiter.resolve(value);
        } catch (error) {
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      this.reading = false;
    }
  }
}
