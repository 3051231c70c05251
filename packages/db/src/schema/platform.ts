import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
