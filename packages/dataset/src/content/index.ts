import { CONTENT_TYPES } from '../content-model';
import type { Dataset, LocaleInfo } from '../model';
import { bimFilterItems } from './bim-filters';
import { CatalogueIndex } from './catalogue-index';
import { familyItems } from './families';
import { faqItems } from './faq';
import { localeContext } from './locale-context';
import { mappingItems, territoryItems } from './mappings';
import { footerItem, headerItem, madeToOrderItem, newsletterItem } from './navigation';
import { productMarketingItems } from './product-marketing';
import { routeItems } from './routes';

/** A content item as the loader writes it into `content_items`. */
export interface ContentRow {
  type: string;
  id: string;
  locale: string;
  data: unknown;
}

/** Every content-service item of one locale (routes, header, footer, family content, PCM, …). */
export function localeContentRows(
  dataset: Dataset,
  locale: LocaleInfo,
  index = new CatalogueIndex(dataset),
): ContentRow[] {
  const context = localeContext(dataset, locale);
  const row = (type: string, id: string, data: unknown): ContentRow => ({
    type,
    id,
    locale: locale.code,
    data,
  });
  const families = familyItems(context, index);
  return [
    ...routeItems(context, index).map((r) => row(CONTENT_TYPES.route, r.path, r)),
    row(CONTENT_TYPES.header, 'header', headerItem(context, index)),
    row(CONTENT_TYPES.footer, 'footer', footerItem(context)),
    row(CONTENT_TYPES.newsletter, 'newsletter', newsletterItem(context)),
    row(CONTENT_TYPES.madeToOrder, 'labels', madeToOrderItem(context)),
    ...families.tables.map((t) => row(CONTENT_TYPES.table, `${t.family}/${t.id}`, t)),
    ...families.tabs.map((t) => row(CONTENT_TYPES.tab, `${t.family}/${t.id}`, t)),
    ...families.calculators.map((c) => row(CONTENT_TYPES.calculator, `${c.family}/${c.id}`, c)),
    ...bimFilterItems(context, index).map((f) => row(CONTENT_TYPES.bimFilter, f.id, f)),
    ...productMarketingItems(context, index).map((p) =>
      row(CONTENT_TYPES.productMarketing, p.productNumber, p),
    ),
    ...faqItems(context).map((f) => row(CONTENT_TYPES.faq, f.id, f)),
  ];
}

/** Items that are the same in every locale (locale '*'): the mappings and the sales territories. */
export function sharedContentRows(dataset: Dataset): ContentRow[] {
  return [
    ...mappingItems(dataset).map((m) => ({
      type: CONTENT_TYPES.mapping,
      id: m.id,
      locale: '*',
      data: m.data,
    })),
    ...territoryItems(dataset).map((t) => ({
      type: CONTENT_TYPES.territory,
      id: t.id,
      locale: '*',
      data: t,
    })),
  ];
}
