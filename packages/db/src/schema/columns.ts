import { sql } from 'drizzle-orm';
import { jsonb, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Column kinds every part of the schema shares, defined once. */

/** OrderCloud's extended properties: any JSON object, `{}` when none. */
export const xp = () => jsonb('xp').notNull().default(sql`'{}'::jsonb`);

/** Money as numeric, never floating point. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

/** A moment, with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
