import type { Db } from '@catalogue/db';
import type { Principal } from '../auth/claims';
import type { Side } from './access';
import { findReachable, withLockedQuote } from './locking';
import { queueMessageMail } from './mails';
import { insertMessage, messagesOf, type QuoteRow, type Tx, userName } from './repository';
import { transition } from './transitions';

/**
 * The conversation of a quote (docs/quotes-wire.md "Messages"): both sides write, both read; the status
 * table says until when. Internal notes are the quote's `InternalNote`, never a message.
 */

/** A message from `side` on a quote its caller holds locked. */
export async function postMessageIn(
  tx: Tx,
  principal: Principal,
  side: Side,
  quote: QuoteRow,
  text: string,
  now: Date,
) {
  transition(quote, 'message');
  return insertMessage(tx, {
    quoteId: quote.id,
    fromSide: side === 'seller' ? 'Seller' : 'Buyer',
    fromCompanyId: principal.companyId,
    fromUserId: principal.userId,
    fromUser: await userName(tx, principal.companyType, principal.companyId, principal.userId),
    body: text,
    revision: quote.revision,
    dateCreated: now,
  });
}

/** `POST …/messages`. */
export function postQuoteMessage(
  db: Db,
  principal: Principal,
  side: Side,
  id: string,
  text: string,
  now: Date,
) {
  return withLockedQuote(db, principal, side, id, async (tx, { quote }) => {
    const message = await postMessageIn(tx, principal, side, quote, text, now);
    // A message on its own is mailed to the other side, in this transaction (`mails.ts`).
    await queueMessageMail(tx, quote, message);
    return message;
  });
}

/** `GET …/messages`: oldest first, paged. */
export function quoteMessages(
  db: Db,
  principal: Principal,
  side: Side,
  id: string,
  paging: { page: number; pageSize: number },
) {
  return db.transaction(async (tx) => {
    await findReachable(tx, principal, side, id);
    return messagesOf(tx, id, paging.page, paging.pageSize);
  });
}
