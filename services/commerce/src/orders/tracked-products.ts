import { type Db, preparedStatement } from '@catalogue/db';
import { products } from '@catalogue/db/schema';
import { and, asc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';

/** What moving stock reads of a product: products are wide rows (descriptions, xp). */
export interface TrackedProduct {
  id: string;
  inventoryEnabled: boolean;
  inventoryVariantLevelTracking: boolean;
  inventoryOrderCanExceed: boolean;
}

/** Locks of up to this many products have a statement per count; more are built per call. */
const PREPARED_IDS = 32;
type Lock = (db: Db, values: Record<string, unknown>) => Promise<TrackedProduct[]>;
const locksByCount = new Map<number, Lock>();

const columns = {
  id: products.id,
  inventoryEnabled: products.inventoryEnabled,
  inventoryVariantLevelTracking: products.inventoryVariantLevelTracking,
  inventoryOrderCanExceed: products.inventoryOrderCanExceed,
};

/** The lock's query, with the IDs as values or as placeholders (one per ID). */
const lockQuery = (db: Db, ids: (string | Placeholder)[]) =>
  db
    .select(columns)
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.inventoryEnabled, true)))
    .orderBy(asc(products.id))
    .for('update');

function lockOf(count: number): Lock {
  let lock = locksByCount.get(count);
  if (!lock) {
    const ids = Array.from({ length: count }, (_, i) => sql.placeholder(`id_${i}`));
    lock = preparedStatement((db) => lockQuery(db, ids));
    locksByCount.set(count, lock);
  }
  return lock;
}

/**
 * Of the given products, those that track stock, locked in ID order. One statement per number of IDs
 * (`id in ($1, …, $n)`), not `id = any($1)`: PostgreSQL prices the generic plan of an array parameter
 * for ten elements, so against the custom plans for the usual two or three it never won, and the
 * statement was planned again on every submit (about 0.2 ms of PGlite's thread, issue 23). With one
 * placeholder per ID both plans are priced alike and the generic one is kept after five runs.
 */
export async function lockTrackedProducts(tx: Db, ids: string[]): Promise<TrackedProduct[]> {
  if (ids.length === 0) return [];
  if (ids.length > PREPARED_IDS) return lockQuery(tx, ids);
  const values = Object.fromEntries(ids.map((id, i) => [`id_${i}`, id]));
  return lockOf(ids.length)(tx, values);
}
