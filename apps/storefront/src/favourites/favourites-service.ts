import { favouritesCollectionIds } from '@catalogue/commerce/favourites-ids';
import { Me, type ProductCollection } from 'ordercloud-javascript-sdk';
import type { BuyerCaller } from '../buyer-api/buyer-route';
import { BuyerApiError } from '../buyer-api/errors';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import type { FavouriteChange, FavouriteList, FavouriteProduct } from './favourite-types';

/**
 * A buyer user's favourite products, kept in the commerce service as one of their product collections
 * (OrderCloud `/me/productcollections`, ID from `favourites-id.ts`, Private, `xp.Purpose: favourites`),
 * through the official SDK with the user's own token: the service decides what the user may see and
 * change, this module only shapes the list and checks a change as a whole before making it.
 */

/** The most products one favourites list holds (a longer list is a catalogue, not favourites). */
export const MAX_FAVOURITES = 500;
/** Entries read per call (the service's largest page). */
const PAGE_SIZE = 100;

function options(caller: BuyerCaller) {
  configureInProcessCommerce();
  return { accessToken: caller.token };
}

function status(error: unknown): number | null {
  const value = (error as { isOrderCloudError?: boolean; status?: unknown } | null)?.isOrderCloudError
    ? (error as { status: unknown }).status
    : null;
  return typeof value === 'number' ? value : null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Category IDs are the slugs from the top level down joined by `.` (dataset model), at most six. */
const CATEGORY_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*){0,5}$/;

/** A product of the collection as the routes answer it. */
export function toFavouriteProduct(product: {
  ID?: unknown;
  Name?: unknown;
  DateAdded?: unknown;
  xp?: unknown;
}): FavouriteProduct {
  const xp = record(product.xp);
  const names: Record<string, string> = {};
  for (const [language, name] of Object.entries(record(xp.Names))) {
    if (typeof name === 'string' && name) names[language] = name;
  }
  const id = String(product.ID ?? '');
  const categoryId = typeof xp.CategoryID === 'string' ? xp.CategoryID : null;
  return {
    ID: id,
    CatalogueNumber: id,
    Name: typeof product.Name === 'string' ? product.Name : id,
    Names: names,
    CategoryID: categoryId,
    FamilyPath:
      categoryId && CATEGORY_PATH.test(categoryId) ? `/products/${categoryId.split('.').join('/')}` : null,
    DateAdded: typeof product.DateAdded === 'string' ? product.DateAdded : null,
  };
}

/** The collection with this ID when it is the user's own (Private: nobody else sees one), else null. */
async function ownCollection(caller: BuyerCaller, id: string): Promise<ProductCollection | null> {
  try {
    const collection = await Me.GetProductCollection(id, options(caller));
    // A visible collection that is not Private is not theirs alone (a colleague's Public one).
    return collection.AccessLevel === 'Private' ? collection : null;
  } catch (error) {
    if (status(error) === 404) return null;
    throw error;
  }
}

/**
 * The user's favourites collection, or null when they have none yet: the first of their favourites IDs
 * (`favouritesCollectionIds`) that holds their own collection. The commerce service reserves these IDs
 * for them, but a database from before kept whatever a colleague created: such an ID is skipped.
 */
async function findCollection(caller: BuyerCaller): Promise<ProductCollection | null> {
  for (const id of favouritesCollectionIds(caller.user.userId)) {
    const own = await ownCollection(caller, id);
    if (own) return own;
  }
  return null;
}

function idTaken(id: string): BuyerApiError {
  return BuyerApiError.of(
    409,
    'Favourites.IdTaken',
    `Another product collection of your company uses the ID ${id}: your favourites cannot be kept there.`,
    { ObjectType: 'ProductCollection', ObjectID: id },
  );
}

/** Every product of the collection the user may still see, in list order. */
async function collectionProducts(caller: BuyerCaller, id: string): Promise<FavouriteProduct[]> {
  const items: FavouriteProduct[] = [];
  for (let page = 1; ; page++) {
    const answer = await Me.ListProductCollectionEntries(id, { page, pageSize: PAGE_SIZE }, options(caller));
    items.push(...answer.Items.map(toFavouriteProduct));
    if (page >= answer.Meta.TotalPages) return items;
  }
}

/** `GetFavoriteProducts`: the list (no collection yet: an empty list with ID null, not an error). */
export async function readFavourites(caller: BuyerCaller): Promise<FavouriteList> {
  const collection = await findCollection(caller);
  if (!collection?.ID) return { ID: null, Items: [] };
  return { ID: collection.ID, Items: await collectionProducts(caller, collection.ID) };
}

/**
 * `CreateFavoriteProducts`: the collection, created when missing (calling it again changes nothing) under
 * the first of the user's favourites IDs nobody else holds.
 */
export async function createFavourites(caller: BuyerCaller): Promise<FavouriteList> {
  const found = await findCollection(caller);
  if (found?.ID) return { ID: found.ID, Items: await collectionProducts(caller, found.ID) };
  const ids = favouritesCollectionIds(caller.user.userId);
  for (const id of ids) {
    try {
      await Me.CreateProductCollection(
        { ID: id, Name: 'Favourites', AccessLevel: 'Private', xp: { Purpose: 'favourites' } },
        options(caller),
      );
      return { ID: id, Items: [] };
    } catch (error) {
      if (status(error) !== 409) throw error;
      // Created by a concurrent call of the same user, or held by someone else's collection: the next ID.
      if (await ownCollection(caller, id)) return { ID: id, Items: [] };
    }
  }
  throw idTaken(ids.at(-1) ?? '');
}

/**
 * `UpdateFavoriteProducts`: adds and removes products. The whole change is checked first — the list
 * is the user's, every product to add is one they may see, the list stays within MAX_FAVOURITES — so a
 * refused change changes nothing. Adding a product already there or removing one that is not are no-ops.
 * Should the service refuse a step anyway (a product withdrawn meanwhile), the steps already made are
 * undone before the refusal is answered.
 */
export async function updateFavourites(
  caller: BuyerCaller,
  collectionId: string,
  change: FavouriteChange,
): Promise<FavouriteList> {
  const collection = await findCollection(caller);
  const own = collection?.ID ?? favouritesCollectionIds(caller.user.userId)[0];
  if (!collection || collectionId !== own) {
    throw BuyerApiError.notFound(
      'ProductCollection',
      collectionId,
      collectionId === own
        ? `You have no favourites list yet: create it with CreateFavoriteProducts first.`
        : `Favourites list not found: ${collectionId}. Yours is ${own}.`,
    );
  }
  const current = await collectionProducts(caller, own);
  const present = new Set(current.map((p) => p.ID));
  const toAdd = [...new Set(change.add ?? [])].filter((id) => !present.has(id));
  const toRemove = [...new Set(change.remove ?? [])].filter((id) => present.has(id));
  if (toAdd.length > 0) await requireVisible(caller, toAdd);
  if (current.length + toAdd.length - toRemove.length > MAX_FAVOURITES) {
    throw BuyerApiError.of(
      400,
      'Favourites.TooMany',
      `A favourites list holds at most ${MAX_FAVOURITES} products: remove some before adding more.`,
      { MaxFavourites: MAX_FAVOURITES, Count: current.length },
    );
  }
  const done: { kind: 'add' | 'remove'; productId: string }[] = [];
  try {
    for (const productId of toRemove) {
      await Me.DeleteProductCollectionEntry(own, productId, options(caller));
      done.push({ kind: 'remove', productId });
    }
    for (const productId of toAdd) {
      await Me.CreateProductCollectionEntry(own, productId, options(caller));
      done.push({ kind: 'add', productId });
    }
  } catch (error) {
    await undo(caller, own, done);
    throw error;
  }
  return { ID: own, Items: await collectionProducts(caller, own) };
}

/** Refuses the change unless the user may see every product (unknown and hidden ones look alike). */
async function requireVisible(caller: BuyerCaller, productIds: string[]): Promise<void> {
  const seen = new Set<string>();
  for (let start = 0; start < productIds.length; start += PAGE_SIZE) {
    const chunk = productIds.slice(start, start + PAGE_SIZE);
    const answer = await Me.ListProducts(
      { filters: { ID: chunk.join('|') }, pageSize: PAGE_SIZE },
      options(caller),
    );
    for (const product of answer.Items) seen.add(product.ID);
  }
  const missing = productIds.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    throw BuyerApiError.of(
      404,
      'NotFound',
      `Product not found: ${missing.join(', ')}. Nothing was changed.`,
      { ObjectType: 'Product', ObjectID: missing[0], ObjectIDs: missing },
    );
  }
}

/** Reverts the steps of a failed change, newest first (a failure to revert is logged, not hidden). */
async function undo(
  caller: BuyerCaller,
  id: string,
  done: { kind: 'add' | 'remove'; productId: string }[],
): Promise<void> {
  for (const step of done.reverse()) {
    try {
      if (step.kind === 'add') await Me.DeleteProductCollectionEntry(id, step.productId, options(caller));
      else await Me.CreateProductCollectionEntry(id, step.productId, options(caller));
    } catch (error) {
      console.error(`[favourites] could not undo ${step.kind} of ${step.productId} in ${id}`, error);
    }
  }
}
