import {
  type BimFilterItem,
  type CalculatorItem,
  CONTENT_TYPES,
  type FooterItem,
  type HeaderItem,
  type LocaleInfo,
  type MadeToOrderItem,
  type MappingItem,
  type NewsletterItem,
  REGIONS,
  type RegionInfo,
  type RouteItem,
  type TabItem,
  type TableItem,
  type TerritoryItem,
} from '@catalogue/dataset';

/** What the service keeps in memory of one locale's content (everything but the product marketing). */
export interface LocaleSnapshot {
  locale: LocaleInfo;
  /** Sorted by path (code units), the order of `routes` paging. */
  routes: RouteItem[];
  routeByPath: Map<string, RouteItem>;
  site: { name: string };
  header: HeaderItem;
  footer: FooterItem;
  newsletter: NewsletterItem;
  madeToOrder: MadeToOrderItem;
  /** Sorted by key. */
  dictionary: { key: string; phrase: string }[];
  /** Sorted by `<family>/<id>` (tabs: by family, then order). */
  tables: TableItem[];
  tabs: TabItem[];
  calculators: CalculatorItem[];
  bimFilters: BimFilterItem[];
}

/** The items shared by every locale (locale '*' and the 'locale' items). */
export interface SharedSnapshot {
  /** In the order of LOCALE_CODES. */
  locales: LocaleInfo[];
  /** Lowercase code → locale. */
  byCode: Map<string, LocaleInfo>;
  mappings: Map<string, MappingItem>;
  territories: TerritoryItem[];
  /** In the order of REGIONS. */
  regions: RegionInfo[];
}

export interface ContentRow {
  type: string;
  id: string;
  data: unknown;
}

/** The types a locale snapshot holds; PCM is read per request (it is as large as the catalogue). */
export const SNAPSHOT_TYPES = [
  CONTENT_TYPES.route,
  CONTENT_TYPES.header,
  CONTENT_TYPES.footer,
  CONTENT_TYPES.newsletter,
  CONTENT_TYPES.madeToOrder,
  CONTENT_TYPES.table,
  CONTENT_TYPES.tab,
  CONTENT_TYPES.calculator,
  CONTENT_TYPES.bimFilter,
  'dictionary',
  'site',
];

export class MissingContentError extends Error {
  override name = 'MissingContentError';
}

/**
 * Rows are written by the dataset loader from the types of `@catalogue/dataset/content-model`; a row that
 * is not even an object means the table was edited by hand into something the service cannot serve.
 */
function objectData<T>(row: ContentRow): T {
  if (typeof row.data !== 'object' || row.data === null || Array.isArray(row.data))
    throw new MissingContentError(`content_items ${row.type} ${row.id} is not a JSON object`);
  return row.data as T;
}

/** Tabs page by family, then in their order on the page. */
export const tabKey = (tab: TabItem) => `${tab.family}/${String(tab.order).padStart(4, '0')}`;

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildLocaleSnapshot(locale: LocaleInfo, rows: ContentRow[]): LocaleSnapshot {
  const ofType = <T>(type: string) =>
    rows
      .filter((r) => r.type === type)
      .sort((a, b) => byCodeUnits(a.id, b.id))
      .map((r) => objectData<T>(r));
  const single = <T>(type: string): T => {
    const row = rows.find((r) => r.type === type);
    if (!row)
      throw new MissingContentError(
        `content_items has no '${type}' item for ${locale.code}: load the dataset`,
      );
    return objectData<T>(row);
  };
  const routes = ofType<RouteItem>(CONTENT_TYPES.route);
  const dictionaryRow = rows.find((r) => r.type === 'dictionary' && r.id === 'ui');
  const dictionary = dictionaryRow ? objectData<Record<string, unknown>>(dictionaryRow) : {};
  return {
    locale,
    routes,
    routeByPath: new Map(routes.map((r) => [r.path, r])),
    site: { name: String(single<{ name?: unknown }>('site').name ?? '') },
    header: single<HeaderItem>(CONTENT_TYPES.header),
    footer: single<FooterItem>(CONTENT_TYPES.footer),
    newsletter: single<NewsletterItem>(CONTENT_TYPES.newsletter),
    madeToOrder: single<MadeToOrderItem>(CONTENT_TYPES.madeToOrder),
    dictionary: Object.entries(dictionary)
      .flatMap(([key, phrase]) => (typeof phrase === 'string' ? [{ key, phrase }] : []))
      .sort((a, b) => byCodeUnits(a.key, b.key)),
    tables: ofType<TableItem>(CONTENT_TYPES.table),
    tabs: ofType<TabItem>(CONTENT_TYPES.tab).sort((a, b) => byCodeUnits(tabKey(a), tabKey(b))),
    calculators: ofType<CalculatorItem>(CONTENT_TYPES.calculator),
    bimFilters: ofType<BimFilterItem>(CONTENT_TYPES.bimFilter).sort((a, b) => a.order - b.order),
  };
}

export function buildSharedSnapshot(localeOrder: readonly string[], rows: ContentRow[]): SharedSnapshot {
  const locales = rows
    .filter((r) => r.type === 'locale')
    .map((r) => objectData<LocaleInfo>(r))
    .sort((a, b) => localeOrder.indexOf(a.code) - localeOrder.indexOf(b.code));
  return {
    locales,
    byCode: new Map(locales.map((l) => [l.code.toLowerCase(), l])),
    mappings: new Map(
      rows.filter((r) => r.type === CONTENT_TYPES.mapping).map((r) => [r.id, objectData<MappingItem>(r)]),
    ),
    territories: rows
      .filter((r) => r.type === CONTENT_TYPES.territory)
      .sort((a, b) => byCodeUnits(a.id, b.id))
      .map((r) => objectData<TerritoryItem>(r)),
    regions: rows
      .filter((r) => r.type === 'region')
      .map((r) => objectData<RegionInfo>(r))
      .sort((a, b) => REGIONS.indexOf(a.code) - REGIONS.indexOf(b.code)),
  };
}
