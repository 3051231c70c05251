import type { ContentData } from './content-model';
import type {
  AttributeDefinition,
  DatasetApiClient,
  DatasetBuyer,
  DatasetCatalog,
  DatasetSecurityProfile,
  DatasetSupplier,
  DatasetUser,
  DatasetUserGroup,
  Language,
  LocaleCode,
  LocaleInfo,
  Localized,
  MarketingBullet,
  MeasuredValue,
  Region,
  RegionInfo,
  SiteContent,
  UnitSystem,
} from './model';
import type { SearchRuleData, SearchWidgetData } from './read-search';

/** The contents of the data folder, checked and resolved (see data-files.ts). */

/** An attribute option with the generator-only fields of attributes.yaml. */
export interface OptionData {
  code: string;
  label: Localized;
  /** Letters/digits the option contributes to catalogue numbers; null for options without one. */
  sku: string | null;
  priceFactor: number;
  weightFactor: number;
  /** Certifications: the regions where the certification applies. */
  regions: Region[] | null;
  /** Trade sizes: the size in each unit system. */
  measured: MeasuredValue | null;
  /** The unit system a trade size was designed in. */
  native: UnitSystem;
}

export interface AttributeData {
  id: AttributeDefinition['id'];
  label: Localized;
  unit: AttributeDefinition['unit'];
  options: OptionData[];
}

/** Attributes that can drive the levels 4 to 6 of the product tree. */
export const AXIS_ATTRIBUTES = ['material', 'finish', 'tradeSize', 'loadClass'] as const;
export type AxisAttribute = (typeof AXIS_ATTRIBUTES)[number];

/** Kinds of the levels below a family, in order. */
export const AXIS_LEVELS = ['subFamily', 'series', 'variantGroup'] as const;

/** One category of level 4, 5 or 6: an attribute option, or a named entry of the family. */
export interface AxisOption {
  slug: string;
  sku: string;
  name: Localized;
  /** The attribute option the products of this branch get; null for named entries. */
  option: OptionData | null;
  priceFactor: number;
  weightFactor: number;
  /** Narrows the family's regions for this branch; null = the family's regions. */
  regions: Region[] | null;
}

export interface Axis {
  /** The attribute the options set; null for named entries (e.g. named series). */
  attribute: AxisAttribute | null;
  options: AxisOption[];
}

export interface LengthData {
  sku: string;
  mm: number;
  regions: Region[] | null;
}

export interface FamilyData {
  slug: string;
  name: Localized;
  description: Localized;
  marketing: { message: Localized; bullets: MarketingBullet[] };
  /** Catalogue-number prefix, e.g. `EMT`. */
  sku: string;
  regions: Region[];
  /** One to three axes: sub-family (level 4), series (level 5), variant group (level 6). */
  axes: Axis[];
  lengths: LengthData[];
  /** Attribute values of products whose axes do not set them. */
  material: string | null;
  finish: string | null;
  loadClass: string | null;
  certifications: string[];
  basePriceCents: number;
  weightKg: number;
  packaging: number;
  orderMultiple: number;
  /** Price and weight growth from one trade size to the next (0.3 = +30 %). */
  sizeStep: number;
  bim: boolean;
  /** Share of the family's standard products that are made to order (0 to 1). */
  madeToOrder: number;
}

export interface LineData {
  slug: string;
  name: Localized;
  description: Localized;
  regions: Region[];
  families: FamilyData[];
}

export interface TopCategoryData {
  /** The file the category came from, for messages. */
  file: string;
  slug: string;
  name: Localized;
  description: Localized;
  lines: LineData[];
}

export interface Identities {
  apiClients: DatasetApiClient[];
  securityProfiles: DatasetSecurityProfile[];
  buyers: DatasetBuyer[];
  userGroups: DatasetUserGroup[];
  users: DatasetUser[];
  suppliers: DatasetSupplier[];
}

export interface DataFiles {
  locales: LocaleInfo[];
  regions: RegionInfo[];
  catalogs: DatasetCatalog[];
  attributes: AttributeData[];
  taxonomy: TopCategoryData[];
  identities: Identities;
  dictionary: Record<Language, Record<string, string>>;
  dictionaryOverrides: Partial<Record<LocaleCode, Record<string, string>>>;
  site: SiteContent;
  content: ContentData;
  searchWidgets: SearchWidgetData[];
  searchRules: SearchRuleData[];
}
