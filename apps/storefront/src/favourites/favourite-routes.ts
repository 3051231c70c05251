import { z } from 'zod';
import { buyerRoute } from '../buyer-api/buyer-route';
import { createFavourites, readFavourites, updateFavourites } from './favourites-service';

/**
 * The favourites routes of spec §7 under `/api/ordercloud/Buyer/` (all `POST`, JSON):
 * - `GetFavoriteProducts {data:{token}}` → `{ID, Items}`: the user's list (ID null and no items before
 *   it is created);
 * - `CreateFavoriteProducts {data:{token}}` → `{ID, Items}`: creates the list when missing (idempotent);
 * - `UpdateFavoriteProducts {data:{token, id, newData:{add?, remove?}}}` → `{ID, Items}` after the change;
 *   `id` is the list's ID, `add`/`remove` product IDs (at most 100 each, not both empty, none in both).
 * Failures: 400 (bad body, `{error, issues}` naming each problem), 401 (no, malformed or expired token),
 * 403 (from another site), 404 (unknown list or a product the user may not see: nothing changed),
 * and the commerce service's own refusals, as `{error, code, data}` (`buyer-api/errors.ts`).
 */

const productId = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be a product ID (1–100 letters, digits, - _ .)');
const productIds = z.array(productId).max(100, 'at most 100 products per change');

export const favouriteChangeSchema = z
  .strictObject({ add: productIds.optional(), remove: productIds.optional() })
  .refine((change) => (change.add?.length ?? 0) + (change.remove?.length ?? 0) > 0, {
    message: 'name at least one product to add or remove',
  })
  .refine((change) => !change.add?.some((id) => change.remove?.includes(id)), {
    message: 'a product cannot be both added and removed',
  });

export const getFavoriteProducts = buyerRoute({
  fields: {},
  changesState: false,
  run: ({ caller }) => readFavourites(caller),
});

export const createFavoriteProducts = buyerRoute({
  fields: {},
  changesState: true,
  run: ({ caller }) => createFavourites(caller),
});

export const updateFavoriteProducts = buyerRoute({
  fields: {
    id: z.string().min(1, 'must not be empty').max(200),
    newData: favouriteChangeSchema,
  },
  changesState: true,
  run: ({ caller, data }) => updateFavourites(caller, data.id, data.newData),
});
