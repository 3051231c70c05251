import type { Language, LocaleCode, Localized, Region, UnitSystem } from './model';

/**
 * The content service's part of the dataset: the source texts and data read from content.yaml and
 * territories.yaml (`ContentData`), and the items the loader derives from them for every locale and writes
 * into `content_items` (`*Item`). Everything is plain JSON.
 */

/** A text per language, with optional wording for single locales (`en-US` spelling). */
export type RegionalText = Localized & Partial<Record<LocaleCode, string>>;

export interface StaticRouteData {
  path: string;
  /** Whether search engines may index the route. */
  index: boolean;
  title: RegionalText;
  intro: RegionalText;
  metaDescription: RegionalText;
  /** Comma-separated keywords (MetaTags). */
  keywords: RegionalText;
  /** The page's body below the intro (about, careers, legal pages), each section a heading and paragraphs. */
  sections: { heading: RegionalText; paragraphs: RegionalText[] }[];
}

export const CALCULATOR_KINDS = ['conduit-fill', 'strut-span'] as const;
export type CalculatorKind = (typeof CALCULATOR_KINDS)[number];

/** Conduit fill tables as content.yaml gives them (internal diameters already converted to mm). */
export interface ConduitFillData {
  maxRows: number;
  maxConductorsPerRow: number;
  maxCustomDiameterMm: number;
  /** Allowed fill from `conductors` conductors up (1 → 53, 2 → 31, 3 → 40). */
  limits: { conductors: number; percent: number }[];
  conduitTypes: {
    id: string;
    /** Slug of the family whose products are this conduit. */
    family: string;
    /** Category slugs (below the family) a product's path must contain, e.g. `schedule-40`. */
    segments: string[];
    /** Trade-size option code (a category slug) → internal diameter in mm. */
    sizes: { tradeSize: string; internalDiameterMm: number }[];
  }[];
  conductors: {
    id: string;
    unitSystem: UnitSystem;
    label: RegionalText;
    sizes: { id: string; label: string; areaMm2: number; diameterMm: number }[];
  }[];
}

/** Strut span tables as content.yaml gives them, converted to N, mm and MPa. */
export interface StrutSpanData {
  elasticModulusMpa: number;
  allowableStressMpa: number;
  maxSpanMm: number;
  maxUniformLoadKgPerM: number;
  maxPointLoadKg: number;
  deflectionLimits: number[];
  profiles: {
    id: string;
    family: string;
    segments: string[];
    momentOfInertiaMm4: number;
    sectionModulusMm3: number;
    weightKgPerM: number;
  }[];
}

export interface CalculatorData {
  id: string;
  kind: CalculatorKind;
  /** Slugs of the top-level categories whose families get this calculator. */
  categories: string[];
  title: RegionalText;
  description: RegionalText;
  formulaDescription: RegionalText;
  /** Labels and messages of the form and the results, by key. */
  texts: Record<string, RegionalText>;
  conduitFill: ConduitFillData | null;
  strutSpan: StrutSpanData | null;
}

export interface ContentTexts {
  meta: {
    titleTemplate: RegionalText;
    robots: { index: string; noindex: string };
    googlebot: { index: string; noindex: string };
  };
  routes: StaticRouteData[];
  categoryRoutes: { productsLabel: RegionalText; description: RegionalText };
  header: {
    topLinks: { href: string; label: RegionalText }[];
    searchPlaceholder: RegionalText;
    searchLabel: RegionalText;
    viewAll: RegionalText;
  };
  footer: {
    legalText: RegionalText;
    copyright: RegionalText;
    socialLinks: { network: string; href: string; label: RegionalText }[];
  };
  newsletter: Record<NewsletterTextKey, RegionalText>;
  tabs: { id: string; when: 'calculator' | null; label: RegionalText }[];
  specTable: {
    title: RegionalText;
    columns: { property: RegionalText; value: RegionalText };
    rows: Record<'products' | 'lengths' | 'packaging' | 'weight' | 'madeToOrder', RegionalText>;
    none: RegionalText;
  };
  calculators: CalculatorData[];
  bimFilters: {
    format: { label: RegionalText; options: Record<'rfa' | 'ifc', RegionalText> };
    category: { label: RegionalText };
    certification: { label: RegionalText };
  };
  madeToOrder: Record<'badge' | 'leadTime' | 'returnPolicy' | 'tooltip', RegionalText> & {
    /** Lead time in weeks per region, e.g. `4–6`. */
    leadWeeks: Record<Region, string>;
  };
  /** `piece` and `pack`: what one unit of the product is ("Sold per piece", "Sold in packs of 50"). */
  productMarketing: Record<'size' | 'length' | 'certifications' | 'piece' | 'pack', RegionalText>;
}

export const NEWSLETTER_TEXT_KEYS = [
  'heading',
  'text',
  'emailLabel',
  'submitLabel',
  'consentText',
  'successMessage',
  'malformedEmailMessage',
  'alreadySubscribedMessage',
  'pendingMessage',
  'rateLimitedMessage',
  'confirmIntro',
  'confirmLabel',
  'invalidConfirmationMessage',
  'confirmEmailSubject',
  'confirmEmailIntro',
  'confirmEmailExpiry',
  'confirmEmailIgnore',
] as const;
export type NewsletterTextKey = (typeof NEWSLETTER_TEXT_KEYS)[number];

export interface RepData {
  name: string;
  /** Key of `ContentData.repTitles`. */
  title: string;
  email: string;
  phone: string;
  company: string;
}

export interface TerritoryData {
  id: string;
  region: Region;
  name: Localized;
  /** Postal-code prefixes (US, CA, EU, AU, NZ) or whole postcode areas (GB); see territories.yaml. */
  codes: string[];
  reps: RepData[];
}

/** One question of faq.yaml. */
export interface FaqData {
  id: string;
  /** Top-level category slugs the question is about (empty: general). */
  categories: string[];
  question: RegionalText;
  answer: RegionalText;
  /** Extra search words, not shown. */
  keywords: RegionalText;
}

export interface ContentData {
  texts: ContentTexts;
  /** faq.yaml: the questions and answers of the search service's questions widget. */
  faqs: FaqData[];
  territories: TerritoryData[];
  contacts: Record<Region, { phone: string; email: string }>;
  repTitles: Record<string, Localized>;
}

// ---------------------------------------------------------------------------------------------------
// Items in content_items. `type` column → data shape. Localised items have one row per locale code;
// items marked '*' have one row with locale '*'.

export const CONTENT_TYPES = {
  route: 'route',
  header: 'header',
  footer: 'footer',
  newsletter: 'newsletter',
  table: 'table',
  tab: 'tab',
  calculator: 'calculator',
  bimFilter: 'bim-filter',
  madeToOrder: 'made-to-order',
  mapping: 'mapping',
  territory: 'territory',
  productMarketing: 'pcm',
  faq: 'faq',
} as const;

export interface Link {
  label: string;
  href: string;
}

/** type 'route', id = the path without locale prefix (`/`, `/products/conduit-fittings`). */
export interface RouteItem {
  path: string;
  /** 'page' for static routes, else the category kind (`category`, `productLine`, `family`, …). */
  kind: string;
  /** Category id for category routes, else null. */
  categoryId: string | null;
  title: string;
  intro: string;
  MetaTitle: string;
  MetaDescription: string;
  MetaTags: string;
  MetaRobots: string;
  MetaGooglebot: string;
  /** The body of a content page; empty for category routes and pages that render their own body. */
  sections: RouteSection[];
  /** Rich text below the sections, written through the content service's write API (sanitised HTML). */
  bodyHtml?: string;
}

export interface RouteSection {
  heading: string;
  paragraphs: string[];
}

export interface MegaMenuEntry extends Link {
  /** The families of a product line. */
  children: Link[];
}

/** type 'header', id 'header'. */
export interface HeaderItem {
  topLinks: Link[];
  /** One entry per top-level category sold in the locale's region, with its product lines and families. */
  megaMenu: { category: Link; viewAll: Link; entries: MegaMenuEntry[] }[];
  searchPlaceholder: string;
  searchLabel: string;
}

/** type 'footer', id 'footer'. */
export interface FooterItem {
  columns: { title: string; links: Link[] }[];
  legalText: string;
  /** With {year} left for the page to fill in. */
  copyright: string;
  socialLinks: (Link & { network: string })[];
  contact: { phone: string; email: string };
}

/** type 'newsletter', id 'newsletter'. */
export type NewsletterItem = Record<NewsletterTextKey, string>;

/** type 'table', id `<familyId>/<tableId>`. */
export interface TableItem {
  id: string;
  family: string;
  title: string;
  columns: string[];
  /** `key: 'products'` marks the number of catalogue numbers, which pages show live (the family page's count). */
  rows: { label: string; values: string[]; key?: 'products' }[];
}

/** type 'tab', id `<familyId>/<tabId>`. */
export interface TabItem {
  id: string;
  family: string;
  label: string;
  order: number;
  /** Overview tabs: the family's marketing message and bullets; empty for the others. */
  body: string;
  bullets: string[];
}

/** A conduit type of the locale's region with its trade sizes, labelled from the category tree. */
export interface ConduitTypeItem {
  id: string;
  label: string;
  /** Category id of the family (`conduit-fittings.metallic-conduit.emt-conduit`). */
  categoryId: string;
  segments: string[];
  sizes: { tradeSize: string; label: string; internalDiameterMm: number }[];
}

export interface StrutProfileItem {
  id: string;
  label: string;
  categoryId: string;
  segments: string[];
  momentOfInertiaMm4: number;
  sectionModulusMm3: number;
  weightKgPerM: number;
}

/** type 'calculator', id `<familyId>/<calculatorId>`. */
export interface CalculatorItem {
  id: string;
  family: string;
  kind: CalculatorKind;
  title: string;
  description: string;
  /** The locale's default unit system. */
  unitSystem: UnitSystem;
  formulaDescription: string;
  texts: { key: string; text: string }[];
  conduitFill:
    | (Omit<ConduitFillData, 'conduitTypes' | 'conductors'> & {
        conduitTypes: ConduitTypeItem[];
        conductors: (Omit<ConduitFillData['conductors'][number], 'label'> & { label: string })[];
      })
    | null;
  strutSpan: (Omit<StrutSpanData, 'profiles'> & { profiles: StrutProfileItem[] }) | null;
}

/** type 'bim-filter', id the facet (`format`, `category`, `certification`). */
export interface BimFilterItem {
  id: string;
  label: string;
  /** The product field the facet filters on. */
  field: string;
  order: number;
  options: { value: string; label: string }[];
}

/** type 'made-to-order', id 'labels'. */
export interface MadeToOrderItem {
  badge: string;
  leadTime: string;
  /** Weeks from order confirmation to shipment in the locale's region, e.g. `4–6` (also for what is beyond stock). */
  leadWeeks: string;
  returnPolicy: string;
  tooltip: string;
}

/** type 'mapping', locale '*': id 'region' | 'login-locale' | 'content-hub-locale' | 'metric-toggle'. */
export interface MappingItem {
  default: string | null;
  entries: { locale: LocaleCode; language: Language; value: string }[];
}

/** type 'territory', locale '*', id the territory id: names and job titles in every language. */
export interface TerritoryItem extends Omit<TerritoryData, 'reps'> {
  reps: (Omit<RepData, 'title'> & { title: Localized })[];
}

/** type 'pcm', id the product number (catalogue number), one row per locale that sells the product. */
export interface ProductMarketingItem {
  productNumber: string;
  productName: string;
  productMarketingMessage: string;
  productBullets: string[];
}

/**
 * type 'faq', id = the question's id: one question and its answer in the locale's wording, placeholders
 * filled in (the search service's questions-and-answers widget reads these).
 */
export interface FaqItem {
  id: string;
  question: string;
  answer: string;
  keywords: string;
  categories: string[];
}
