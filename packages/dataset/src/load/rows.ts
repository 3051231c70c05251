import { CatalogueIndex } from '../content/catalogue-index';
import { localeContentRows, sharedContentRows } from '../content/index';
import {
  bulletsFor,
  type Dataset,
  type DatasetCategory,
  type DatasetProduct,
  dictionaryOf,
  type LocaleInfo,
} from '../model';
import { inventoryColumns } from './stock';

/** How the dataset's objects look as rows: English in the columns, every language and attribute in xp. */

export function categoryRow(catalogId: string, category: DatasetCategory) {
  return {
    catalogId,
    id: category.id,
    parentId: category.parentId,
    name: category.name.en,
    description: category.description.en,
    listOrder: category.listOrder,
    active: true,
    xp: {
      Slug: category.slug,
      Level: category.level,
      Kind: category.kind,
      Names: category.name,
      Descriptions: category.description,
      Regions: category.regions,
    },
  };
}

export function productRow(product: DatasetProduct) {
  const a = product.attributes;
  return {
    id: product.id,
    name: product.name.en,
    description: product.description.en,
    quantityMultiplier: product.quantityMultiplier,
    shipWeight: a.weightKg.toFixed(3),
    active: product.active,
    defaultPriceScheduleId: product.priceScheduleId,
    returnable: !a.madeToOrder,
    ...inventoryColumns(product),
    xp: {
      CategoryID: product.categoryId,
      Names: product.name,
      Descriptions: product.description,
      Regions: product.regions,
      TradeSize: a.tradeSize,
      Material: a.material,
      Finish: a.finish,
      LengthMm: a.lengthMm,
      LoadClass: a.loadClass,
      Certifications: a.certifications,
      WeightKg: a.weightKg,
      PackagingQuantity: a.packagingQuantity,
      MadeToOrder: a.madeToOrder,
      Downloads: product.downloads,
    },
  };
}

/** The coded attributes a product list can be narrowed by (`Meta.Facets` of the commerce service). */
export const FACET_ATTRIBUTES = ['material', 'finish', 'loadClass', 'certifications'] as const;

/** Product facets: one per coded attribute, at its xp path (`material` → `Material`), in that order. */
export function productFacetRows(dataset: Dataset) {
  return FACET_ATTRIBUTES.map((id, listOrder) => {
    const attribute = dataset.attributes.find((a) => a.id === id);
    if (!attribute) throw new Error(`attributes.yaml has no '${id}' attribute for its product facet`);
    const xpPath = id.charAt(0).toUpperCase() + id.slice(1);
    return { id: xpPath, name: attribute.label.en, xpPath, listOrder, minCount: 1 };
  });
}

/**
 * Content items: per locale for localised texts, '*' for items that are the same everywhere. The content
 * service's items (routes, header, …, PCM) come from `../content/`.
 */
export function contentRows(dataset: Dataset) {
  const rows: { type: string; id: string; locale: string; data: unknown }[] = [];
  const index = new CatalogueIndex(dataset);
  for (const locale of dataset.locales) {
    rows.push(...localeContentRows(dataset, locale, index));
    rows.push({ type: 'locale', id: locale.code, locale: locale.code, data: locale });
    rows.push({
      type: 'dictionary',
      id: 'ui',
      locale: locale.code,
      data: dictionaryOf(dataset, locale),
    });
    rows.push({ type: 'site', id: 'site', locale: locale.code, data: dataset.site });
    for (const category of dataset.categories) {
      if (category.marketing) {
        rows.push({
          type: 'category-marketing',
          id: category.id,
          locale: locale.code,
          data: marketingFor(category, locale),
        });
      }
    }
  }
  for (const region of dataset.regions)
    rows.push({ type: 'region', id: region.code, locale: '*', data: region });
  rows.push({ type: 'attributes', id: 'attributes', locale: '*', data: dataset.attributes });
  for (const widget of dataset.searchWidgets) {
    rows.push({
      type: 'search-widget',
      id: widget.rfkId,
      locale: widget.locale,
      data: { type: widget.type, name: widget.name, entities: widget.entities, config: widget.config },
    });
  }
  for (const rule of dataset.searchRules)
    rows.push({ type: 'search-rule', id: rule.id, locale: rule.locale, data: rule.data });
  rows.push(...sharedContentRows(dataset));
  return rows;
}

function marketingFor(category: DatasetCategory, locale: LocaleInfo) {
  const marketing = category.marketing;
  return {
    Name: category.name[locale.language],
    Message: marketing?.message[locale.language] ?? '',
    Bullets: bulletsFor(marketing, locale),
  };
}
