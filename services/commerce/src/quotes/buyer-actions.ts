import type { Db } from '@catalogue/db';
import type { Principal } from '../auth/claims';
import { ApiError } from '../http/api-error';
import { toColumn } from '../orders/money';
import { assertBuyerMayAct } from './access';
import { actorOf, type Changes, recordEvent } from './audit';
import { convertQuote } from './conversion';
import { listPriceFor, pricedColumns, refreshDraft } from './draft';
import { withLockedQuote, withLockedQuoteOnOffer } from './locking';
import { postMessageIn } from './messages';
import { pricingOf } from './pricing';
import { linesOf, type OrderRow, type QuoteRow, revisionOf, updateLine, updateQuote } from './repository';
import { lineChanges } from './service';
import { transition } from './transitions';
import { revisionContent } from './wire';

/**
 * The buyer's use cases (docs/quotes-wire.md): accept, decline, request changes. Each is one transaction
 * holding the quote's row lock; only the project's sender (or an OrderAdmin of the company) acts.
 */

/** A Quoted quote whose validity has passed is expired, whether or not the expiry job has run yet. */
function assertNotExpired(quote: Pick<QuoteRow, 'id' | 'status' | 'sentValidUntil'>, now: Date): void {
  const lapsed = quote.status === 'Quoted' && quote.sentValidUntil !== null && quote.sentValidUntil <= now;
  if (quote.status !== 'Expired' && !lapsed) return;
  throw ApiError.of(
    400,
    'Quote.Expired',
    `Quote ${quote.id} expired on ${quote.sentValidUntil?.toISOString() ?? 'its validity date'}: ask the sales team for a new one.`,
    { ObjectType: 'Quote', ObjectID: quote.id, ValidUntil: quote.sentValidUntil?.toISOString() ?? null },
  );
}

/** `POST /v1/me/quotes/{quoteID}/accept`: the accepted revision becomes an order (`conversion.ts`). */
export async function acceptQuote(
  db: Db,
  principal: Principal,
  id: string,
  body: { Revision?: number | undefined; Comments?: string | undefined },
  now: Date,
): Promise<OrderRow> {
  return withLockedQuoteOnOffer(db, principal, 'buyer', id, async (tx, { quote, order: project, sent }) => {
    assertBuyerMayAct(principal, project);
    assertNotExpired(quote, now);
    const to = transition(quote, 'accept');
    if (body.Revision !== undefined && body.Revision !== quote.revision) {
      throw ApiError.of(
        409,
        'Quote.RevisionChanged',
        `Revision ${body.Revision} of quote ${id} is no longer the offer: revision ${quote.revision} was sent since.`,
        { ObjectType: 'Quote', ObjectID: id, Revision: quote.revision, Property: 'Revision' },
      );
    }
    const stored = sent ?? (await revisionOf(tx, id, quote.revision))?.content;
    if (stored === undefined || stored === null)
      throw new Error(`quote ${id} is Quoted without revision ${quote.revision}`);
    const content = revisionContent.parse(stored);
    const order = await convertQuote(tx, principal, quote, project, content, body.Comments, now);
    await recordEvent(tx, {
      quote,
      action: 'accept',
      to,
      actor: actorOf(principal),
      changes: { Status: [quote.status, to], OrderID: [null, order.id] },
      content,
      set: { status: to, orderId: order.id, dateAccepted: now },
      at: now,
    });
    return order;
  });
}

/** `POST /v1/me/quotes/{quoteID}/decline {Reason}`. */
export async function declineQuote(
  db: Db,
  principal: Principal,
  id: string,
  body: { Reason: string },
  now: Date,
): Promise<QuoteRow> {
  return withLockedQuote(db, principal, 'buyer', id, async (tx, { quote, order }) => {
    assertBuyerMayAct(principal, order);
    const to = transition(quote, 'decline');
    const updated = await updateQuote(tx, id, { status: to, dateDeclined: now, declineReason: body.Reason });
    await recordEvent(tx, {
      quote,
      action: 'decline',
      to,
      actor: actorOf(principal),
      changes: { Status: [quote.status, to], DeclineReason: [null, body.Reason] },
      at: now,
    });
    return updated;
  });
}

/**
 * `POST /v1/me/quotes/{quoteID}/requestchanges {Message, LineItems?}`: the buyer's message, and changed
 * quantities written into the seller's draft (each line's list price follows its new quantity's break;
 * a discount or net price stays as the seller set it).
 */
export async function requestQuoteChanges(
  db: Db,
  principal: Principal,
  id: string,
  body: { Message: string; LineItems?: { ID: string; Quantity: number }[] | undefined },
  now: Date,
): Promise<QuoteRow> {
  return withLockedQuote(db, principal, 'buyer', id, async (tx, { quote, order }) => {
    assertBuyerMayAct(principal, order);
    const to = transition(quote, 'requestChanges');
    const wanted = body.LineItems ?? [];
    const seen = new Set<string>();
    let lines = await linesOf(tx, id);
    const changes: Changes = { Status: [quote.status, to] };
    for (const [index, change] of wanted.entries()) {
      const property = `LineItems.${index}.ID`;
      if (seen.has(change.ID))
        throw ApiError.invalidRequest(`Line item ${change.ID} is given twice.`, { Property: property });
      seen.add(change.ID);
      const line = lines.find((l) => l.id === change.ID);
      if (!line) {
        throw ApiError.of(404, 'NotFound', `LineItem ${change.ID} not found`, {
          ObjectType: 'LineItem',
          ObjectID: change.ID,
          Property: property,
        });
      }
      if (line.quantity === change.Quantity) continue;
      const priced = await listPriceFor(
        tx,
        order,
        line.substituteProductId ?? line.productId,
        line.substituteProductId ? [] : line.specs,
        change.Quantity,
        `LineItems.${index}.Quantity`,
      );
      const next = { ...line, quantity: change.Quantity, listUnitPrice: toColumn(priced.listUnitPrice) };
      const written = await updateLine(tx, id, line.id, {
        quantity: next.quantity,
        listUnitPrice: next.listUnitPrice,
        ...pricedColumns(pricingOf(next)),
      });
      Object.assign(changes, lineChanges(line, written));
      lines = lines.map((l) => (l.id === written.id ? written : l));
    }
    const updated = await refreshDraft(tx, quote, lines, { status: to });
    const message = await postMessageIn(tx, principal, 'buyer', quote, body.Message, now);
    await recordEvent(tx, {
      quote,
      action: 'requestChanges',
      messageKey: message.key,
      to,
      actor: actorOf(principal),
      changes,
      at: now,
    });
    return updated;
  });
}
