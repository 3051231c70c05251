/**
 * Stock as information (issue 22 item 1): a project is a request for quote, so stock never limits what a
 * buyer may ask for; the product page and a project's lines say how much is in stock and when the rest
 * ships (the region's lead time in weeks). Quantities are whole order quantities: stock units divided by
 * the product's QuantityMultiplier, as the commerce service counts them.
 */

export interface StockTexts {
  /** `{count} in stock, …{weeks}…` */
  inStock: string;
  /** `Not in stock: … {weeks} …` */
  none: string;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** `Inventory.QuantityAvailable` when the product tracks stock (`Inventory.Enabled`), else null. */
export function stockUnitsOf(
  inventory: { Enabled?: unknown; QuantityAvailable?: unknown } | null | undefined,
): number | null {
  if (inventory?.Enabled !== true) return null;
  const units = inventory.QuantityAvailable;
  return typeof units === 'number' && Number.isFinite(units) ? Math.max(0, Math.floor(units)) : 0;
}

/** Whole quantities of a product its stock covers. */
export function quantityInStock(stockUnits: number, multiplier: number): number {
  return Math.floor(Math.max(0, stockUnits) / Math.max(1, multiplier));
}

interface StockFacts {
  /** Stock units, or null when the product's stock is not tracked. */
  stockUnits: number | null;
  multiplier: number;
  /** The region's lead time in weeks (`4–6`); empty when the content has none. */
  weeks: string;
  /** The reader's locale, for the number. */
  locale: string;
}

/** The product page's note, or null when stock is not tracked or no lead time is known. */
export function productStockNote(facts: StockFacts, texts: StockTexts): string | null {
  if (facts.stockUnits === null || !facts.weeks) return null;
  const count = quantityInStock(facts.stockUnits, facts.multiplier);
  const values = { count: count.toLocaleString(facts.locale), weeks: facts.weeks };
  return fill(count > 0 ? texts.inStock : texts.none, values);
}

/** A project line's note when it asks for more than the stock holds, else null. */
export function lineStockNote(quantity: number, facts: StockFacts, texts: StockTexts): string | null {
  if (facts.stockUnits === null || !facts.weeks) return null;
  const count = quantityInStock(facts.stockUnits, facts.multiplier);
  if (quantity <= count) return null;
  const values = { count: count.toLocaleString(facts.locale), weeks: facts.weeks };
  return fill(count > 0 ? texts.inStock : texts.none, values);
}
