import type { Db } from '@catalogue/db';
import type { Principal } from '../auth/claims';
import { ApiError } from '../http/api-error';
import { money, roundCents, toColumn, ZERO } from '../orders/money';
import { mergePatch } from '../resources/merge';
import { actorOf, type Changes, changesBetween, recordEvent } from './audit';
import { listPriceFor, pricedColumns, refreshDraft } from './draft';
import { withLockedQuote } from './locking';
import { postMessageIn } from './messages';
import { pricingOf } from './pricing';
import {
  activeSellerUser,
  insertRevision,
  linesOf,
  type QuoteLineRow,
  type QuoteRow,
  type QuoteWithOrder,
  type Tx,
  updateLine,
  updateQuote,
} from './repository';
import { contentOf } from './shape';
import { type QuoteStatus, statusOf, transition } from './transitions';
import type { QuoteLinePatch, QuotePatch } from './wire';

/**
 * The seller's use cases (docs/quotes-wire.md): each is one transaction holding the quote's row lock,
 * asks the status table (`transitions.ts`) before changing anything, and records what it did in the
 * audit trail. Callers have passed the role gate of their side (`access.ts`).
 */

export interface QuoteState extends QuoteWithOrder {
  lines: QuoteLineRow[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A validity must lie ahead. */
function assertFuture(validUntil: Date, now: Date, property: string): void {
  if (validUntil.getTime() > now.getTime()) return;
  throw ApiError.of(
    400,
    'Quote.ValidUntilInPast',
    `${property} ${validUntil.toISOString()} is not in the future.`,
    { Property: property, ValidUntil: validUntil.toISOString() },
  );
}

/**
 * The first edit of a Submitted quote starts its review (InReview) and, when nobody is assigned yet,
 * assigns it to whoever makes it.
 */
function reviewer(quote: QuoteRow, actor: Principal): { assignedUserId?: string } {
  return quote.assignedUserId === null ? { assignedUserId: actor.userId } : {};
}

/** `PATCH /v1/quotes/{quoteID}`: assignee, validity, freight, terms, internal note, xp. */
export async function updateQuoteHeader(
  db: Db,
  principal: Principal,
  id: string,
  body: QuotePatch,
  now: Date,
): Promise<QuoteState> {
  return withLockedQuote(db, principal, 'seller', id, async (tx, { quote, order }) => {
    const assigning = body.AssignedUserID !== undefined;
    const editing = Object.keys(body).some((k) => k !== 'AssignedUserID');
    let to: QuoteStatus = statusOf(quote.status);
    if (assigning) to = transition(quote, 'assign');
    if (editing) to = transition(quote, 'edit');
    if (body.AssignedUserID && !(await activeSellerUser(tx, body.AssignedUserID))) {
      throw ApiError.of(404, 'NotFound', `User ${body.AssignedUserID} not found among the seller's users.`, {
        ObjectType: 'User',
        ObjectID: body.AssignedUserID,
        Property: 'AssignedUserID',
      });
    }
    if (body.ValidUntil) assertFuture(new Date(body.ValidUntil), now, 'ValidUntil');
    const set: Partial<QuoteRow> = { status: to };
    if (assigning) set.assignedUserId = body.AssignedUserID ?? null;
    else if (editing) Object.assign(set, reviewer(quote, principal));
    if (body.ValidUntil !== undefined) set.validUntil = body.ValidUntil ? new Date(body.ValidUntil) : null;
    if (body.FreightAmount !== undefined)
      set.freightAmount = toColumn(roundCents(money(body.FreightAmount) ?? ZERO));
    if (body.Terms !== undefined) set.terms = body.Terms;
    if (body.InternalNote !== undefined) set.internalNote = body.InternalNote;
    if (body.xp !== undefined) set.xp = mergePatch(quote.xp ?? {}, body.xp) as Record<string, unknown>;
    const lines = await linesOf(tx, id);
    const updated = await refreshDraft(tx, quote, lines, set);
    const actor = actorOf(principal);
    const changes = headerChanges(quote, updated);
    if (assigning) {
      await recordEvent(tx, {
        quote,
        action: 'assign',
        to,
        actor,
        changes: pick(changes, ['AssignedUserID', 'Status']),
        at: now,
      });
    }
    if (editing) {
      const edited = { ...quote, status: assigning ? to : quote.status };
      await recordEvent(tx, {
        quote: edited,
        action: 'edit',
        to,
        actor,
        changes: omit(changes, ['AssignedUserID']),
        at: now,
      });
    }
    return { quote: updated, order, lines };
  });
}

function headerChanges(before: QuoteRow, after: QuoteRow): Changes {
  const view = (q: QuoteRow) => ({
    Status: q.status,
    AssignedUserID: q.assignedUserId,
    ValidUntil: iso(q.validUntil),
    FreightAmount: decimal(q.freightAmount),
    Terms: q.terms,
    InternalNote: q.internalNote,
    xp: q.xp,
    Total: decimal(q.total),
  });
  return changesBetween(view(before), view(after));
}

/**
 * An amount as the audit trail writes money: four-decimal text like a line's price columns ("45.5000"),
 * the same on both databases, never the ten-thousandths of `Money` (which read as a price 10,000 times too high).
 */
function decimal(value: string | null): string | null {
  const amount = money(value);
  return amount === null ? null : toColumn(amount);
}

const pick = (changes: Changes, keys: string[]): Changes =>
  Object.fromEntries(Object.entries(changes).filter(([k]) => keys.includes(k)));
const omit = (changes: Changes, keys: string[]): Changes =>
  Object.fromEntries(Object.entries(changes).filter(([k]) => !keys.includes(k)));

/** `PATCH /v1/quotes/{quoteID}/lineitems/{lineItemID}`: net price or discount, lead time, substitute, note. */
export async function priceQuoteLine(
  db: Db,
  principal: Principal,
  id: string,
  lineId: string,
  body: QuoteLinePatch,
  now: Date,
): Promise<QuoteState> {
  return withLockedQuote(db, principal, 'seller', id, async (tx, { quote, order }) => {
    const to = transition(quote, 'edit');
    const lines = await linesOf(tx, id);
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw ApiError.notFound('LineItem', lineId);
    const set: Partial<QuoteLineRow> = {};
    if (body.SubstituteProductID !== undefined)
      Object.assign(set, await substitute(tx, order, line, body.SubstituteProductID));
    if (typeof body.UnitPrice === 'number') {
      Object.assign(set, {
        priceType: 'Net',
        netPrice: toColumn(money(body.UnitPrice) ?? ZERO),
        discountPercent: null,
      });
    } else if (typeof body.DiscountPercent === 'number') {
      Object.assign(set, {
        priceType: 'Discount',
        discountPercent: toColumn(money(body.DiscountPercent) ?? ZERO),
        netPrice: null,
      });
    } else if (
      (body.UnitPrice === null && line.priceType === 'Net') ||
      (body.DiscountPercent === null && line.priceType === 'Discount')
    ) {
      Object.assign(set, { priceType: 'List', netPrice: null, discountPercent: null });
    }
    if (body.LeadTimeDays !== undefined) set.leadTimeDays = body.LeadTimeDays;
    if (body.Note !== undefined) set.note = body.Note;
    const next = { ...line, ...set };
    const written = await updateLine(tx, id, lineId, { ...set, ...pricedColumns(pricingOf(next)) });
    const all = lines.map((l) => (l.id === lineId ? written : l));
    const updated = await refreshDraft(tx, quote, all, { status: to, ...reviewer(quote, principal) });
    await recordEvent(tx, {
      quote,
      action: 'price',
      to,
      actor: actorOf(principal),
      changes: {
        ...lineChanges(line, written),
        ...pick(headerChanges(quote, updated), ['Status', 'AssignedUserID', 'Total']),
      },
      at: now,
    });
    return { quote: updated, order, lines: all };
  });
}

/** The columns a substitute (or its removal: back to the requested product) sets on a line. */
async function substitute(
  tx: Tx,
  order: QuoteWithOrder['order'],
  line: QuoteLineRow,
  productId: string | null,
): Promise<Partial<QuoteLineRow>> {
  if (productId === line.productId) {
    throw ApiError.invalidRequest(`Product ${productId} is the line's own product, not a substitute.`, {
      Property: 'SubstituteProductID',
    });
  }
  // A substitute is priced as what it is (its own list price for the quantity, no specs of the original).
  const priced = productId
    ? await listPriceFor(tx, order, productId, [], line.quantity, 'SubstituteProductID')
    : await listPriceFor(tx, order, line.productId, line.specs, line.quantity, 'SubstituteProductID');
  return {
    substituteProductId: productId,
    substituteProduct: productId ? priced.product : null,
    listUnitPrice: toColumn(priced.listUnitPrice),
    priceScheduleId: priced.priceScheduleId,
  };
}

export function lineChanges(before: QuoteLineRow, after: QuoteLineRow): Changes {
  const view = (l: QuoteLineRow) => ({
    Quantity: l.quantity,
    ListUnitPrice: l.listUnitPrice,
    PriceType: l.priceType,
    DiscountPercent: l.discountPercent,
    UnitPrice: l.unitPrice,
    LineTotal: l.lineTotal,
    LeadTimeDays: l.leadTimeDays,
    SubstituteProductID: l.substituteProductId,
    Note: l.note,
  });
  return changesBetween(view(before), view(after), `LineItems.${before.id}.`);
}

/**
 * `POST /v1/quotes/{quoteID}/send`: freezes the draft as revision n+1 (valid until the draft's date, or
 * `defaultValidityDays` from now) and offers it to the buyer; an optional message goes with it.
 */
export async function sendQuote(
  db: Db,
  principal: Principal,
  id: string,
  body: { Message?: string | undefined },
  now: Date,
  defaultValidityDays: number,
): Promise<QuoteState> {
  return withLockedQuote(db, principal, 'seller', id, async (tx, { quote, order }) => {
    const to = transition(quote, 'send');
    const validUntil =
      quote.validUntil ?? new Date(now.getTime() + defaultValidityDays * 24 * 60 * 60 * 1000);
    assertFuture(validUntil, now, 'ValidUntil');
    const lines = await linesOf(tx, id);
    const revision = quote.revision + 1;
    await insertRevision(tx, {
      quoteId: id,
      revision,
      content: contentOf(quote, lines, revision, validUntil),
      validUntil,
      sentByUserId: principal.userId,
      dateSent: now,
    });
    const updated = await updateQuote(tx, id, {
      status: to,
      revision,
      validUntil,
      sentValidUntil: validUntil,
      dateQuoted: now,
      expiryWarnedAt: null,
      ...reviewer(quote, principal),
    });
    const message = body.Message
      ? await postMessageIn(tx, principal, 'seller', updated, body.Message, now)
      : null;
    await recordEvent(tx, {
      quote,
      action: 'send',
      ...(message ? { messageKey: message.key } : {}),
      to,
      actor: actorOf(principal),
      revision,
      changes: changesBetween(
        { Revision: quote.revision, ValidUntil: iso(quote.sentValidUntil), Total: quote.total },
        { Revision: revision, ValidUntil: validUntil.toISOString(), Total: updated.total },
      ),
      at: now,
    });
    return { quote: updated, order, lines };
  });
}

/** `POST /v1/quotes/{quoteID}/withdraw`: the seller will not (or no longer) offer it. */
export async function withdrawQuote(
  db: Db,
  principal: Principal,
  id: string,
  body: { Reason?: string | undefined },
  now: Date,
): Promise<QuoteState> {
  return withLockedQuote(db, principal, 'seller', id, async (tx, { quote, order }) => {
    const to = transition(quote, 'withdraw');
    // The reason is the rep's last message, written while the quote still takes messages.
    const message = body.Reason
      ? await postMessageIn(tx, principal, 'seller', quote, body.Reason, now)
      : null;
    const updated = await updateQuote(tx, id, { status: to, dateWithdrawn: now });
    await recordEvent(tx, {
      quote,
      action: 'withdraw',
      ...(message ? { messageKey: message.key } : {}),
      to,
      actor: actorOf(principal),
      changes: { Status: [quote.status, to], ...(body.Reason ? { Reason: [null, body.Reason] } : {}) },
      at: now,
    });
    return { quote: updated, order, lines: await linesOf(tx, id) };
  });
}
