import type { Db } from '@catalogue/db';
import type { Principal } from '../auth/claims';
import { preparedQuoteScope, quoteNotFound, quoteScope, type Side } from './access';
import {
  findQuote,
  lockQuote,
  lockQuoteOnOffer,
  type QuoteOnOffer,
  type QuoteWithOrder,
  type Tx,
} from './repository';

/**
 * Runs `fn` in one transaction holding the row lock of the quote `id` that `side` reaches (else
 * NotFound): every quote action is one transaction, and concurrent actions on one quote queue.
 */
export function withLockedQuote<T>(
  db: Db,
  principal: Principal,
  side: Side,
  id: string,
  fn: (tx: Tx, found: QuoteWithOrder) => Promise<T>,
): Promise<T> {
  return lockedIn(db, lockQuote, quoteScope(principal, side), id, fn);
}

/** `withLockedQuote` for an accept: what it reads, the revision on offer with it (`lockQuoteOnOffer`). */
export function withLockedQuoteOnOffer<T>(
  db: Db,
  principal: Principal,
  side: Side,
  id: string,
  fn: (tx: Tx, found: QuoteOnOffer) => Promise<T>,
): Promise<T> {
  return lockedIn(db, lockQuoteOnOffer, preparedQuoteScope(principal, side), id, fn);
}

function lockedIn<S, R, T>(
  db: Db,
  lock: (tx: Tx, id: string, scope: S) => Promise<R | null>,
  scope: S,
  id: string,
  fn: (tx: Tx, found: R) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const found = await lock(tx, id, scope);
    if (!found) throw quoteNotFound(id);
    return fn(tx, found);
  });
}

/** The quote `id` that `side` reaches, unlocked, for reads (else NotFound). */
export async function findReachable(
  tx: Tx,
  principal: Principal,
  side: Side,
  id: string,
): Promise<QuoteWithOrder> {
  const found = await findQuote(tx, id, quoteScope(principal, side));
  if (!found) throw quoteNotFound(id);
  return found;
}
