import { userError } from './user-error';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** A page of a list as spec §7's CMS queries answer it. */
export interface Page<T> {
  total: number;
  pageInfo: { endCursor: string | null; hasNext: boolean };
  results: T[];
}

const PREFIX = 'c1:';

/** Cursors are opaque to clients: the sort key of the last item of a page, base64url-encoded. */
export function encodeCursor(key: string): string {
  return Buffer.from(`${PREFIX}${key}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const malformed = () =>
    userError(
      'BAD_USER_INPUT',
      `Malformed cursor '${cursor.slice(0, 60)}': pass the endCursor of a previous page.`,
    );
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw malformed();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(PREFIX) || Buffer.from(text, 'utf8').toString('base64url') !== cursor)
    throw malformed();
  return text.slice(PREFIX.length);
}

export function checkLimit(limit: number | null | undefined, argument = 'limit'): number {
  const value = limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(value) || value < 1 || value > MAX_LIMIT)
    throw userError('BAD_USER_INPUT', `${argument} must be from 1 to ${MAX_LIMIT} (got ${value}).`);
  return value;
}

/**
 * One page of `items` (sorted by `keyOf`, ascending in code-unit order): the items after the cursor's key.
 * Keyset paging: a page boundary stays put when items are added or removed elsewhere.
 */
export function pageOf<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  limit: number | null | undefined,
  endCursor: string | null | undefined,
): Page<T> {
  const size = checkLimit(limit);
  let start = 0;
  if (endCursor) {
    const after = decodeCursor(endCursor);
    let low = 0;
    let high = items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const item = items[middle] as T;
      if (keyOf(item) <= after) low = middle + 1;
      else high = middle;
    }
    start = low;
  }
  const results = items.slice(start, start + size);
  const last = results.at(-1);
  return {
    total: items.length,
    pageInfo: {
      endCursor: last === undefined ? null : encodeCursor(keyOf(last)),
      hasNext: start + size < items.length,
    },
    results,
  };
}
