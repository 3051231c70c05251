import type { ProductMarketingItem } from '../content-model';
import { bulletsFor, type DatasetProduct } from '../model';
import { decimalComma, lengthLabel } from '../texts';
import type { CatalogueIndex } from './catalogue-index';
import type { LocaleContext } from './locale-context';
import { fillIn, textIn } from './text';

/**
 * Product marketing content (the content hub's M.PCM.Product) of the products sold in the locale's region:
 * the product's name, its family's marketing message, the family's bullets and bullets from the product's
 * own attributes in the locale's unit system.
 */
export function productMarketingItems(context: LocaleContext, index: CatalogueIndex): ProductMarketingItem[] {
  const { dataset, locale } = context;
  return dataset.products
    .filter((product) => product.regions.includes(locale.region))
    .map((product) => productMarketing(context, index, product));
}

function productMarketing(
  context: LocaleContext,
  index: CatalogueIndex,
  product: DatasetProduct,
): ProductMarketingItem {
  const { dataset, locale, language, values } = context;
  const texts = dataset.content.texts.productMarketing;
  const system = locale.defaultUnitSystem;
  const familyId = product.categoryId.split('.').slice(0, 3).join('.');
  const family = index.byId.get(familyId);
  const marketing = family?.marketing;
  const bullet = (template: Parameters<typeof textIn>[0], value: string) =>
    fillIn(textIn(template, locale), { ...values, value });
  const a = product.attributes;
  const own: string[] = [];
  if (a.tradeSize) own.push(bullet(texts.size, decimalComma(a.tradeSize[system], language)));
  if (a.lengthMm) own.push(bullet(texts.length, lengthLabel(a.lengthMm, system, language)));
  if (a.certifications.length > 0) own.push(bullet(texts.certifications, a.certifications.join(', ')));
  own.push(
    a.packagingQuantity === 1 ? bullet(texts.piece, '1') : bullet(texts.pack, String(a.packagingQuantity)),
  );
  return {
    productNumber: product.id,
    productName: product.name[language],
    productMarketingMessage: marketing?.message[language] ?? product.description[language],
    productBullets: [...bulletsFor(marketing, locale), ...own],
  };
}
