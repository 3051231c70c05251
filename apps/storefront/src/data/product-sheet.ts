import type { LocaleCode, UnitSystem } from '@catalogue/dataset/model';
import type { ProductSheet } from '../documents/product-sheet';
import { rowsAsText } from '../documents/product-sheet';
import { createTranslator } from '../i18n/translator';
import { drawingAlt } from '../product/drawing-images';
import { masterSpecText } from '../product/master-spec';
import { specificationRows } from '../product/specification-rows';
import { effectiveUnitSystem } from '../units/unit-system';
import { getDictionary, getLocaleInfo, getSiteName } from './content';
import { getAttributeLabels, getMadeToOrderLabels } from './family-content';
import { getProductMarketing } from './product-content';
import { getProductForLocale } from './product-detail';

/**
 * Gathers what a SKU's files print, in a locale and the visitor's unit choice (where the locale offers
 * the toggle): product (commerce service), marketing message (PCM), attribute labels, dictionary, site
 * name and made-to-order lead time (content service). Null when the product is not in the locale's
 * regional catalog.
 */
export async function loadProductSheet(
  locale: LocaleCode,
  productId: string,
  unitChoice: UnitSystem | null,
  now: Date = new Date(),
): Promise<ProductSheet | null> {
  const found = await getProductForLocale(locale, productId);
  if (!found) return null;
  const { product, language } = found;
  const [info, dictionary, siteName, marketing, attributes, madeToOrder] = await Promise.all([
    getLocaleInfo(locale),
    getDictionary(locale),
    getSiteName(locale),
    getProductMarketing(locale, product.id),
    getAttributeLabels(language),
    getMadeToOrderLabels(locale),
  ]);
  const t = createTranslator(dictionary);
  const unitSystem = effectiveUnitSystem(info, unitChoice);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(now);
  return {
    siteName,
    locale,
    unitSystem,
    product,
    description: marketing?.message || product.description,
    bullets: marketing?.bullets ?? [],
    rows: rowsAsText(specificationRows(product, attributes, t), unitSystem, locale),
    labels: {
      specSheet: t('product.specSheet'),
      catalogueNumber: t('product.catalogueNumber'),
      description: t('product.description'),
      specifications: t('product.specifications'),
      madeToOrderNote: product.madeToOrder
        ? t('product.madeToOrderNote', { badge: madeToOrder.badge, leadTime: madeToOrder.leadTime })
        : null,
      generated: t('product.generated', { date }),
      drawing: t('drawing.heading'),
      drawingAlt: drawingAlt(product, marketing?.name || product.name, unitSystem, locale, t),
    },
    masterSpec: masterSpecText(product, attributes, t, siteName),
    generatedAt: now,
  };
}
