import type { LocaleCode, UnitSystem } from '@catalogue/dataset/model';
import type { GeometrySource } from '@catalogue/drawings/geometry';
import type { QuoteDocument, QuoteDrawingSources } from '@catalogue/outbox/documents';
import { getLocaleInfo } from '../data/content';
import { getProductForLocale } from '../data/product-detail';
import { effectiveUnitSystem } from '../units/unit-system';

/**
 * What the quote document's drawings are made of (`@catalogue/outbox/documents`): the catalogue data of
 * every product the quote offers (lines and substitutes) as the locale's regional catalog has it — the
 * same data the product page's drawing comes from — and the reader's unit system. A product the catalog
 * no longer lists simply has no drawing.
 */
export async function quoteDrawingSources(
  quote: QuoteDocument,
  locale: LocaleCode,
  unitChoice: UnitSystem | null,
): Promise<QuoteDrawingSources> {
  const ids = new Set<string>();
  for (const line of quote.content.LineItems) {
    ids.add(line.ProductID);
    if (line.SubstituteProductID) ids.add(line.SubstituteProductID);
  }
  const [info, found] = await Promise.all([
    getLocaleInfo(locale),
    Promise.all([...ids].map((id) => getProductForLocale(locale, id))),
  ]);
  const products = new Map<string, GeometrySource>();
  for (const entry of found) if (entry) products.set(entry.product.id, entry.product);
  return { products, unitSystem: effectiveUnitSystem(info, unitChoice) };
}
