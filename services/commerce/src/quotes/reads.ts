import type { Db } from '@catalogue/db';
import type { Principal } from '../auth/claims';
import { memoized } from '../http/read-cache';
import type { ListParams } from '../list/params';
import type { Side } from './access';
import { quoteScope } from './access';
import { quoteListSchema, withMe } from './list-schema';
import { findReachable } from './locking';
import { eventsOf, linesOf, listQuotes, revisionOf, revisionsAt, revisionsOf } from './repository';
import { revisionContent } from './wire';

/** The reads of quotes (docs/quotes-wire.md), each in one transaction so what it answers is one state. */

/**
 * A page of the quotes `side` reaches (one statement: its page and count are one state). The seller's
 * pages are kept under the committed generation of `quotes` (`http/read-cache.ts`): a desk asks the same
 * few queues over and over between two changes, and every change of a quote (or of the project columns a
 * page shows, migrations 0043 and 0046) moves the generation on at its commit, on every instance. The
 * seller's scope is the marketplace's whole desk, so the key is the list's parameters (with "me"
 * resolved). A buyer's scope depends on the caller and is read every time. Pages are shaped per request:
 * what depends on the time (a quote's age) is never kept. A page counts against the cache's byte budget
 * by the length of its JSON (the filters a desk may ask are unbounded, so the count of pages must not be).
 */
export function findQuotes(db: Db, principal: Principal, side: Side, params: ListParams, request?: object) {
  const scoped = withMe(params, principal);
  const read = () =>
    listQuotes(db, quoteListSchema(side), scoped, quoteScope(principal, side), {
      // The seller's scope is on the quote's own copy of the recipient; the buyer's is on the project.
      scopeReadsProjects: side === 'buyer',
    });
  if (side === 'buyer') return read();
  const key = `quote-desk\u0000${JSON.stringify(scoped)}`;
  return memoized(['quotes'], key, read, undefined, request, (page) => JSON.stringify(page).length * 2);
}

/** One quote with its draft lines and, for the buyer's view, the content of the revision sent last. */
export function findQuoteDetail(db: Db, principal: Principal, side: Side, id: string) {
  return db.transaction(async (tx) => {
    const found = await findReachable(tx, principal, side, id);
    const sent = found.quote.revision > 0 ? await revisionOf(tx, id, found.quote.revision) : null;
    return {
      ...found,
      lines: await linesOf(tx, id),
      sent: sent ? revisionContent.parse(sent.content) : null,
    };
  });
}

/** The content of the revision sent last of each quote of a page (the buyer's list shows their figures). */
export function sentContents(db: Db, page: { id: string; revision: number }[]) {
  return db.transaction(async (tx) => {
    const rows = await revisionsAt(tx, page);
    return new Map(rows.map((row) => [row.quoteId, revisionContent.parse(row.content)]));
  });
}

/** Every revision sent, oldest first. */
export function quoteRevisions(db: Db, principal: Principal, side: Side, id: string) {
  return db.transaction(async (tx) => {
    await findReachable(tx, principal, side, id);
    return revisionsOf(tx, id);
  });
}

/** The audit trail, oldest first (seller only). */
export function quoteHistory(db: Db, principal: Principal, id: string) {
  return db.transaction(async (tx) => {
    await findReachable(tx, principal, 'seller', id);
    return eventsOf(tx, id);
  });
}
