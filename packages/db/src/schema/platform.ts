import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this database itself: the loaded dataset, its seed and size, schema notes. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
