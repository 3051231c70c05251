import { ApiError } from '../http/api-error';
import { type Money, money, toColumn, ZERO } from '../orders/money';
import { priceProduct, senderPrincipal, unitPriceFor } from '../orders/pricing';
import { type LinePricing, pricingOf, quotedLineTotal, quotedUnitPrice, quoteTotals } from './pricing';
import { type OrderRow, type QuoteLineRow, type QuoteRow, type Tx, updateQuote } from './repository';

/**
 * The seller's working draft of a quote: its lines' prices and its totals, always computed here from the
 * stored inputs (list price, price type, discount or net price, quantity, freight), never taken from a client.
 */

/** The columns a line's pricing inputs give: the quoted unit price and line total. */
export function pricedColumns(pricing: LinePricing): { unitPrice: string; lineTotal: string } {
  return { unitPrice: toColumn(quotedUnitPrice(pricing)), lineTotal: toColumn(quotedLineTotal(pricing)) };
}

/** Writes the draft's totals, line count and catalogue numbers (with `set`), from its lines. */
export async function refreshDraft(
  tx: Tx,
  quote: QuoteRow,
  lines: QuoteLineRow[],
  set: Partial<QuoteRow> = {},
): Promise<QuoteRow> {
  const freight = money(set.freightAmount ?? quote.freightAmount) ?? ZERO;
  const totals = quoteTotals(lines.map(pricingOf), freight);
  const numbers = lines.flatMap((l) => [
    l.productId,
    ...(l.substituteProductId ? [l.substituteProductId] : []),
  ]);
  return updateQuote(tx, quote.id, {
    ...set,
    listSubtotal: toColumn(totals.listSubtotal),
    subtotal: toColumn(totals.subtotal),
    total: toColumn(totals.total),
    lineItemCount: lines.length,
    catalogueNumbers: [...new Set(numbers)].join(' '),
  });
}

/** LineItemSpec[] as stored → the spec choices pricing takes. */
export function choicesOf(specs: unknown) {
  if (!Array.isArray(specs)) return [];
  return specs.map((s: { SpecID?: string; OptionID?: string | null; Value?: string | null }) => ({
    SpecID: String(s.SpecID ?? ''),
    OptionID: s.OptionID ?? null,
    Value: s.OptionID ? null : (s.Value ?? null),
  }));
}

/**
 * The list price of `productId` for the project's sender at `quantity`: the price schedule's break for
 * the quantity (sale price during a sale, spec markups included), as the order engine prices a line.
 * `property` names the request's property in a refusal (the product is not visible or not for sale to
 * the buyer, or the quantity breaks the schedule's rules).
 */
export async function listPriceFor(
  tx: Tx,
  order: OrderRow,
  productId: string,
  specs: unknown,
  quantity: number,
  property: string,
): Promise<{ listUnitPrice: Money; priceScheduleId: string; product: { ID: string; Name: string | null } }> {
  try {
    const priced = await priceProduct(tx, senderPrincipal(order), productId, choicesOf(specs));
    return {
      listUnitPrice: unitPriceFor(priced, quantity, quantity),
      priceScheduleId: priced.priceScheduleId,
      product: { ID: productId, Name: typeof priced.product.Name === 'string' ? priced.product.Name : null },
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const first = error.errors[0];
    const data = {
      ...(first?.Data as Record<string, unknown> | undefined),
      Property: property,
      ProductID: productId,
    };
    throw ApiError.of(error.status, first?.ErrorCode ?? 'InvalidRequest', first?.Message ?? 'refused', data);
  }
}
