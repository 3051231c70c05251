import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this database itself: the loaded dataset, its seed and size, schema notes. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per cached read model: `generation` moves on at the commit of every transaction that changed
 * one of its tables (deferred triggers, migration 0011), so a cache keyed by it never serves data older
 * than what was committed before the request began — on every instance that shares the database.
 */
export const cacheGenerations = pgTable('cache_generations', {
  name: text('name').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/**
 * The page cache's change feed: for every cache tag (`product:<id>`, `category:<catalog>:<id>`,
 * `content:route:<locale>:<path>`, …) the version of the last committed transaction that changed data
 * behind it. Deferred triggers (migration 0023) write it at commit, taking the version from
 * `cache_generations('page-tags')` under that row's lock, so versions are in commit order and an instance
 * that has read up to version N has seen every earlier change — from any instance or SQL script.
 */
export const pageCacheTags = pgTable(
  'page_cache_tags',
  {
    tag: text('tag').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [index('page_cache_tags_version_idx').on(t.version)],
);

/**
 * Rate limits shared by every instance (`rateLimit` in `rate-limits.ts`): per bucket (`send-email:user:…`),
 * the theoretical arrival time of the generic cell rate algorithm. A bucket whose `tat` has passed is as
 * good as absent.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').primaryKey(),
    tat: timestamp('tat', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_tat_idx').on(t.tat)],
);
