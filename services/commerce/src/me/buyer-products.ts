import { type Db, queryRowsPrepared } from '@catalogue/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import { visibleProductIds } from '../catalog/visibility';
import { buyerProductArray, buyerProductRows } from './buyer-product-json';

/**
 * The page of a buyer's list as the wire's JSON array text, rendered inside the list's own statement
 * (`listProducts`' `renderPage`): one round trip for the page, its count, its facets and its products.
 */
export function buyerProductPage(principal: Principal): (ids: SQL) => SQL {
  return (ids) => buyerProductArray(principal, ids);
}

/**
 * One BuyerProduct as wire JSON text, if it is active and this buyer user may see it: one prepared
 * statement (the same text for every product and user; the IDs are its parameters).
 */
export async function buyerProductJson(db: Db, principal: Principal, id: string): Promise<string | null> {
  const [row] = await queryRowsPrepared<{ id: string; json: string }>(
    db,
    buyerProductRows(principal, sql`p.id = ${id} and p.active and p.id in ${visibleProductIds(principal)}`),
  );
  return row?.json ?? null;
}
