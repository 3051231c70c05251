import { placeholders, preparedStatement } from '@catalogue/db';
import { orders } from '@catalogue/db/schema';
import type { Principal } from '../auth/claims';
import { submitQuoteOrder } from '../orders/actions';
import { writeLockedLineItems } from '../orders/line-items';
import { money, toColumn, ZERO } from '../orders/money';
import { fromUserSnapshot } from '../orders/orders';
import { generateId } from '../resources/ids';
import { choicesOf } from './draft';
import type { OrderRow, QuoteOnOffer, Tx } from './repository';
import type { RevisionContent } from './wire';

/** The columns an accepted quote's order is created with (the rest take their defaults). */
const QUOTE_ORDER_COLUMNS = [
  'id',
  'fromCompanyType',
  'fromCompanyId',
  'fromUserId',
  'fromUser',
  'toCompanyType',
  'toCompanyId',
  'billingAddressId',
  'billingAddress',
  'shippingAddressId',
  'comments',
  'currency',
  'shippingCost',
  'dateCreated',
  'xp',
] as const;
type QuoteOrderValues = Required<Pick<typeof orders.$inferInsert, (typeof QUOTE_ORDER_COLUMNS)[number]>>;

const insertQuoteOrder = preparedStatement((db) =>
  db.insert(orders).values(placeholders(QUOTE_ORDER_COLUMNS)).returning(),
);

/**
 * Price locking and conversion (docs/quotes-wire.md "Acceptance"): accepting a quote turns the revision
 * the buyer accepted into a real order from the accepting buyer user, in the accept's transaction:
 *
 * - the lines are written by the order engine's `writeLockedLineItems` (all in one statement, each
 *   through `writeLineItem`'s rules) with the quoted unit price as an override (`OverrideUnitPrice`,
 *   granted by the quote itself, not by the buyer's roles), the substitute in place of the requested
 *   product, and `xp.QuoteLineID`; the engine checks that the buyer can still buy the product and — this
 *   being an order, not a project — that the stock is there;
 * - freight becomes the order's ShippingCost, `xp.QuoteID`/`xp.QuoteRevision` name the quote;
 * - the order is submitted by `submitQuoteOrder`, `submitOrder`'s checks and effects without its
 *   promotion and payment reads: the buyer company's approval rules, stock taken, then shipments as usual. An overridden price is never repriced and such an order takes no
 *   AutoApply promotion (`isQuoteOrder`), so later price-schedule changes do not touch it.
 *
 * Any refusal (a product no longer sold to the buyer, not enough stock) rolls the whole accept back.
 */
export async function convertQuote(
  tx: Tx,
  principal: Principal,
  quote: QuoteOnOffer['quote'],
  project: QuoteOnOffer['order'],
  content: RevisionContent,
  comments: string | undefined,
  now: Date,
): Promise<OrderRow> {
  const { snapshot } = await fromUserSnapshot(tx, 'buyer', principal.companyId, principal.userId);
  // The project's addresses are its sender's: they carry over when the sender accepts.
  const sameSender = project.fromUserId === principal.userId;
  const [created] = await insertQuoteOrder(tx, {
    id: generateId(),
    fromCompanyType: 'buyer',
    fromCompanyId: principal.companyId,
    fromUserId: principal.userId,
    fromUser: snapshot,
    toCompanyType: project.toCompanyType,
    toCompanyId: project.toCompanyId,
    billingAddressId: sameSender ? project.billingAddressId : null,
    billingAddress: sameSender ? project.billingAddress : null,
    shippingAddressId: sameSender ? project.shippingAddressId : null,
    comments: comments ?? null,
    currency: content.Currency,
    shippingCost: toColumn(money(content.FreightAmount) ?? ZERO),
    dateCreated: now,
    xp: { QuoteID: quote.id, QuoteRevision: content.Revision, projectRef: quote.name },
  } satisfies QuoteOrderValues);
  if (!created) throw new Error('an order insert returned nothing');
  // The quote, not the buyer's token, grants the price override.
  const locker: Principal = { ...principal, roles: [...principal.roles, 'OverrideUnitPrice'] };
  const written = await writeLockedLineItems(
    tx,
    locker,
    created,
    content.LineItems.map((line) => {
      const substitute = line.SubstituteProductID;
      return {
        ProductID: substitute ?? line.ProductID,
        Quantity: line.Quantity,
        UnitPrice: line.UnitPrice,
        Specs: substitute ? [] : choicesOf(line.Specs),
        xp: { QuoteLineID: line.ID },
      };
    }),
  );
  return submitQuoteOrder(tx, principal, written.order, written.items);
}
