import type { ContentData } from './content-model';
import type { SearchRuleData, SearchWidgetData } from './read-search';

/**
 * The shape of the demo dataset. The generator (generate.ts) builds a `Dataset` from the hand-editable
 * data files in `../data/` and a seeded random generator; the loader writes it into the database.
 * Everything here is plain data: JSON-serialisable, deterministic for a given seed and SKU count.
 */

export const LANGUAGES = ['en', 'fr', 'de', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A text in every language of the site. */
export type Localized = Record<Language, string>;

export const LOCALE_CODES = [
  'en-US',
  'en-CA',
  'fr-CA',
  'en-GB',
  'en-EU',
  'fr-EU',
  'de-EU',
  'nl-EU',
  'en-AU',
  'en-NZ',
] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

export const REGIONS = ['US', 'CA', 'GB', 'EU', 'AU', 'NZ'] as const;

/** The countries of the EU sales region (ISO 3166-1 alpha-2): addresses there, and shipping rates. */
export const EU_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];
export type Region = (typeof REGIONS)[number];

export type UnitSystem = 'imperial' | 'metric';

export interface LocaleInfo {
  code: LocaleCode;
  language: Language;
  region: Region;
  /** URL prefix without slashes: '' for en-US, otherwise the lowercase code (`fr-ca`). */
  urlPrefix: string;
  /** Content-hub locale, e.g. `M.Localization.fr-CA` (spec §9). */
  contentHubLocale: string;
  /** Region value for search filters (spec §7: default 'USA'). */
  searchRegion: string;
  /** Locale of the search service, e.g. `fr_ca`. */
  discoverSearchLocale: string;
  /** Display name of the locale in its own language, e.g. `Français (Canada)`. */
  nativeName: string;
  currency: string;
  defaultUnitSystem: UnitSystem;
  /** Whether the metric/imperial toggle is shown in this locale. */
  showsMetricToggle: boolean;
  /** Locale of the identity provider's sign-in pages (login-locale mapping, spec §3). */
  loginLocale: string;
}

export interface RegionInfo {
  code: Region;
  name: Localized;
  /** The regional catalog that buyers of this region are assigned. */
  catalogId: string;
  currency: string;
}

export type CategoryKind = 'category' | 'productLine' | 'family' | 'subFamily' | 'series' | 'variantGroup';

export interface DatasetCategory {
  /** Unique across the dataset; the slugs from the top joined by `.`, e.g. `conduit-fittings.emt-conduit`. */
  id: string;
  /** URL segment of this level (language-neutral, lowercase, `a-z0-9-`). */
  slug: string;
  parentId: string | null;
  /** 1 (top-level category) to 6 (variant group). */
  level: number;
  kind: CategoryKind;
  listOrder: number;
  name: Localized;
  description: Localized;
  /** Marketing copy: present on families (level 3) and below. */
  marketing: { message: Localized; bullets: MarketingBullet[] } | null;
  /** Regions where this branch is sold; always a subset of the parent's. */
  regions: Region[];
}

export interface MeasuredValue {
  imperial: string;
  metric: string;
}

export type DownloadKind = 'specSheet' | 'cad' | 'bim';

export interface DatasetDownload {
  kind: DownloadKind;
  /** e.g. `EMT-075-10-spec-sheet.pdf`, `EMT-075-10.dwg`, `EMT-075-10.rfa`. */
  fileName: string;
  format: 'pdf' | 'dwg' | 'dxf' | 'step' | 'rfa' | 'ifc';
  /** Visitors must log in before downloading (spec §5). */
  shouldAskLogin: boolean;
}

export interface ProductAttributes {
  /** Trade size, e.g. `{ imperial: '3/4 in', metric: '21 mm' }`; null where the product has none. */
  tradeSize: MeasuredValue | null;
  /** Code of a material in `Dataset.attributes` (e.g. `steel-galvanized`). */
  material: string;
  /** Code of a finish in `Dataset.attributes`. */
  finish: string;
  /** Length in millimetres; null for products without a length. */
  lengthMm: number | null;
  /** Code of a load class, null where not applicable. */
  loadClass: string | null;
  /** Certification codes, e.g. `UL`, `CSA`, `CE`, `UKCA`, `RCM`. */
  certifications: string[];
  weightKg: number;
  packagingQuantity: number;
  madeToOrder: boolean;
}

export interface DatasetProduct {
  /** The catalogue number, e.g. `EMT-075-10`. Unique. */
  id: string;
  /** ID of the level-6 (or deepest) category that holds the SKU. */
  categoryId: string;
  name: Localized;
  description: Localized;
  active: boolean;
  regions: Region[];
  /** When set, only members of this buyer user group may see the product. */
  visibleToUserGroup: string | null;
  attributes: ProductAttributes;
  downloads: DatasetDownload[];
  priceScheduleId: string;
  /** Products are ordered in multiples of this quantity. */
  quantityMultiplier: number;
}

export interface DatasetPriceBreak {
  quantity: number;
  /** Unit price in the schedule's currency, in minor units (cents). */
  priceMinor: number;
}

export interface DatasetPriceSchedule {
  id: string;
  name: string;
  currency: string;
  minQuantity: number;
  maxQuantity: number | null;
  priceBreaks: DatasetPriceBreak[];
}

export interface AttributeOption {
  code: string;
  label: Localized;
}

export interface AttributeDefinition {
  /** Key in `ProductAttributes`, e.g. `tradeSize`. */
  id: keyof ProductAttributes;
  label: Localized;
  /** Options for coded attributes (material, finish, loadClass, certifications). */
  options: AttributeOption[];
  /** Unit shown beside numeric values, per unit system (e.g. mm / in). */
  unit: { metric: string; imperial: string } | null;
}

export interface DatasetCatalog {
  id: string;
  name: string;
  description: string;
  region: Region;
}

export interface DatasetBuyer {
  id: string;
  name: string;
  region: Region;
  catalogId: string;
}

export interface DatasetUserGroup {
  buyerId: string;
  id: string;
  name: string;
  description: string;
}

export interface DatasetUser {
  /** Owning buyer company; null for seller (admin) users. */
  buyerId: string | null;
  id: string;
  username: string;
  /** Development-only demo password; the loader stores a hash, never this. */
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  /** OrderCloud roles granted through the user's security profile. */
  roles: string[];
  customRoles: string[];
  userGroupIds: string[];
  xp: Record<string, unknown>;
  /** The locale the user's mails are written in (as a registered user's); null: the site's default. */
  locale: LocaleCode | null;
}

export interface DatasetApiClient {
  id: string;
  appName: string;
  clientSecret: string | null;
  accessTokenDuration: number;
  refreshTokenDuration: number;
  defaultContextUsername: string | null;
  isAnonBuyer: boolean;
  allowAnyBuyer: boolean;
  allowAnySupplier: boolean;
  allowSeller: boolean;
}

/** A supplier: a company that sells some products on the marketplace, with its own users. */
export interface DatasetSupplier {
  id: string;
  name: string;
  allBuyersCanOrder: boolean;
  /** The buyers it may sell to besides AllBuyersCanOrder. */
  buyerIds: string[];
  /** Whether it sells the partner-programme products (those restricted to the partner user group). */
  sellsPartnerProducts: boolean;
  /** Its users (`buyerId` null); their company is the supplier. */
  users: DatasetUser[];
}

export interface DatasetSecurityProfile {
  id: string;
  name: string;
  roles: string[];
  customRoles: string[];
}

export interface NavLink {
  /** Dictionary key of the label. */
  labelKey: string;
  href: string;
}

export interface SiteContent {
  name: string;
  /** Links in the footer, grouped in columns. */
  footerColumns: { titleKey: string; links: NavLink[] }[];
}

export interface Dataset {
  seed: number;
  skuCount: number;
  locales: LocaleInfo[];
  regions: RegionInfo[];
  attributes: AttributeDefinition[];
  categories: DatasetCategory[];
  products: DatasetProduct[];
  priceSchedules: DatasetPriceSchedule[];
  catalogs: DatasetCatalog[];
  buyers: DatasetBuyer[];
  userGroups: DatasetUserGroup[];
  users: DatasetUser[];
  suppliers: DatasetSupplier[];
  apiClients: DatasetApiClient[];
  securityProfiles: DatasetSecurityProfile[];
  /** UI strings per language: the same keys in every language. */
  dictionary: Record<Language, Record<string, string>>;
  /** Keys worded differently in one locale (American spelling in en-US); see `dictionaryOf`. */
  dictionaryOverrides: Partial<Record<LocaleCode, Record<string, string>>>;
  site: SiteContent;
  /** Texts and data of the content service (content.yaml, territories.yaml); see content-model.ts. */
  content: ContentData;
  /** Widgets of the search service (search.yaml): `search-widget` content items. */
  searchWidgets: SearchWidgetData[];
  /** Merchandising rules of the search service (search.yaml): `search-rule` content items. */
  searchRules: SearchRuleData[];
}

/** The UI strings of a locale: its language's, with the locale's own wording where it has one. */
export function dictionaryOf(
  dataset: Pick<Dataset, 'dictionary' | 'dictionaryOverrides'>,
  locale: LocaleInfo,
) {
  return { ...dataset.dictionary[locale.language], ...dataset.dictionaryOverrides[locale.code] };
}

/** A family's marketing bullet; `regions` limits it to the regions it is about (an Australia-only range). */
export type MarketingBullet = Localized & { regions?: Region[] };

/** The bullets of a family that a locale's region shows, in its language. */
export function bulletsFor(
  marketing: { bullets: MarketingBullet[] } | null | undefined,
  locale: Pick<LocaleInfo, 'language' | 'region'>,
): string[] {
  return (marketing?.bullets ?? [])
    .filter((bullet) => !bullet.regions || bullet.regions.includes(locale.region))
    .map((bullet) => bullet[locale.language]);
}
