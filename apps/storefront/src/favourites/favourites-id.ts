import { createHash } from 'node:crypto';

const PREFIX = 'favourites-';
/** The commerce service's IDs: at most 100 of letters, digits, `-`, `_` and `.`. */
const ID_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * The ID of a user's favourites collection. Collection IDs are unique per buyer company, so every user
 * gets their own: `favourites-<userID>`, or the SHA-256 of the user ID (base64url) when that would not
 * be a valid ID (too long, other characters).
 */
export function favouritesCollectionId(userId: string): string {
  const plain = `${PREFIX}${userId}`;
  if (ID_PATTERN.test(plain)) return plain;
  return `${PREFIX}${createHash('sha256').update(userId).digest('base64url')}`;
}
