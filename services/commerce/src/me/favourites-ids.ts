import { createHash } from 'node:crypto';

/**
 * Product collection IDs reserved for one user's favourites (the storefront keeps a user's favourites as
 * their Private collection under one of these). Collection IDs are unique per buyer company, so a
 * colleague who took `favourites-<user>` first would lock that user out of their favourites for good:
 * the commerce service refuses such an ID to anyone but its user (`me-productcollections.ts`), and the
 * storefront, which imports these functions (`@catalogue/commerce/favourites-ids`), uses the second
 * ID when an old database already has the first taken.
 */
export const FAVOURITES_PREFIX = 'favourites-';
/** The commerce service's IDs: at most 100 of letters, digits, `-`, `_` and `.`. */
const ID_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

function hashed(userId: string): string {
  return `${FAVOURITES_PREFIX}${createHash('sha256').update(userId).digest('base64url')}`;
}

/**
 * A user's favourites collection IDs, first choice first: `favourites-<userID>`, then the SHA-256 of the
 * user ID (base64url), which is the only one when the plain form would not be a valid ID (too long, other
 * characters).
 */
export function favouritesCollectionIds(userId: string): string[] {
  const plain = `${FAVOURITES_PREFIX}${userId}`;
  return ID_PATTERN.test(plain) ? [plain, hashed(userId)] : [hashed(userId)];
}

/** Whether `id` is a favourites ID that is not one of `userId`'s (so `userId` may not take it). */
export function reservedForSomeoneElse(id: string, userId: string): boolean {
  return id.startsWith(FAVOURITES_PREFIX) && !favouritesCollectionIds(userId).includes(id);
}
