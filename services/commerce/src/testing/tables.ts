import { type Db, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';

/** Row counts of every table (except token and throttle bookkeeping), to show a refused call changed nothing. */
export async function tableCounts(db: Db, except: string[] = []): Promise<Record<string, number>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public'
        and table_name not in ('refresh_tokens', 'signing_keys', 'auth_throttles') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    if (except.includes(table_name)) continue;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    );
    counts[table_name] = row?.n ?? -1;
  }
  return counts;
}
