import { sql } from 'drizzle-orm';

/**
 * The version of a content item (`search-rule`, `search-widget`): a digest of its data as the database
 * writes jsonb out (keys in one order), so every write — the admin API's, the content service's, a SQL
 * script's — gives a new version without a version column, and an update can say "only if it is still
 * the one I read" in its own WHERE. A digest of `content_items.data`, unqualified.
 */
export const contentVersion = sql`left(md5(data::text), 16)`;
