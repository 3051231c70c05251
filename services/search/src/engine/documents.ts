import type { Language } from './analysis';
import type { AttrValue } from './columns';
import type { Locales } from './locales';
import type { IndexedDoc, TrailCategory } from './text-index';

/** How database rows become index documents (products, families and content pages). */

export type ProductRow = {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  xp: Record<string, unknown> | null;
  catalogs: string[] | null;
  categories: string[] | null;
  /** Product assignments: the buyer, and its user group ('' for the whole company). */
  audiences?: { buyer_id: string; user_group_id: string }[] | null;
};

/**
 * The scope of a product restricted to a company or one of its user groups, in one region (the region of
 * a catalog assigned to that buyer): `US|ACME-US` or `US|ACME-US/acme-prefab-partners`.
 */
export function audienceScope(region: string, buyerId: string, userGroupId: string): string {
  return `${region}|${userGroupId ? `${buyerId}/${userGroupId}` : buyerId}`;
}

export type CategoryRow = {
  catalog_id: string;
  id: string;
  parent_id: string | null;
  name: string;
  xp: Record<string, unknown> | null;
};

export type RouteRow = {
  id: string;
  locale: string;
  data: Record<string, unknown>;
};

/** Option labels of coded attributes (the `attributes` content item): attribute → code → language → label. */
export type AttributeLabels = Map<string, Map<string, Partial<Record<Language, string>>>>;

export function attributeLabels(data: unknown): AttributeLabels {
  const labels: AttributeLabels = new Map();
  if (!Array.isArray(data)) return labels;
  for (const attribute of data as { id?: unknown; label?: unknown; options?: unknown }[]) {
    if (typeof attribute.id !== 'string') continue;
    const options = new Map<string, Partial<Record<Language, string>>>();
    if (Array.isArray(attribute.options)) {
      for (const option of attribute.options as { code?: unknown; label?: unknown }[]) {
        if (typeof option.code === 'string' && typeof option.label === 'object' && option.label)
          options.set(option.code, option.label as Partial<Record<Language, string>>);
      }
    }
    labels.set(attribute.id, options);
    const attributeLabel = attribute.label;
    if (typeof attributeLabel === 'object' && attributeLabel)
      options.set('', attributeLabel as Partial<Record<Language, string>>);
  }
  return labels;
}

/**
 * A text per language: English is the row's own column (OrderCloud's Name/Description, what an API edit
 * changes), other languages come from xp (`Names`, `Descriptions`) and fall back to the column.
 */
function localizedText(value: unknown, column: string | null): (language: Language) => string {
  const map = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return (language) => {
    if (language === 'en' && column) return column;
    const text = map[language];
    return typeof text === 'string' && text ? text : (column ?? '');
  };
}

/** The categories of every catalog, one per id, with each catalog's names. */
export function trailCategories(rows: CategoryRow[]): TrailCategory[] {
  const byId = new Map<string, TrailCategory>();
  for (const row of rows) {
    const text = localizedText(row.xp?.Names, row.name);
    const names = { en: text('en'), fr: text('fr'), de: text('de'), nl: text('nl') };
    let category = byId.get(row.id);
    if (!category) {
      category = { id: row.id, parentId: row.parent_id, names, byCatalog: new Map() };
      byId.set(row.id, category);
    }
    category.byCatalog.set(row.catalog_id, names);
  }
  return [...byId.values()];
}

function list(value: unknown): AttrValue[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value))
    return value.filter((v): v is AttrValue => ['string', 'number', 'boolean'].includes(typeof v));
  return ['string', 'number', 'boolean'].includes(typeof value) ? [value as AttrValue] : [];
}

/** xp attributes that become filter/facet columns (snake_case name → xp key). */
const PRODUCT_ATTRIBUTES: Record<string, string> = {
  material: 'Material',
  finish: 'Finish',
  load_class: 'LoadClass',
  certifications: 'Certifications',
  length_mm: 'LengthMm',
  weight_kg: 'WeightKg',
  packaging_quantity: 'PackagingQuantity',
  made_to_order: 'MadeToOrder',
};

export interface DocContext {
  locales: Locales;
  categories: Map<string, TrailCategory>;
  /** The catalogs assigned to each buyer (`catalog_assignments`). */
  buyerCatalogs: Map<string, Set<string>>;
}

function trailIds(categories: Map<string, TrailCategory>, id: string | null): string[] {
  const ids: string[] = [];
  let current = id ? categories.get(id) : undefined;
  while (current && ids.length < 16) {
    ids.unshift(current.id);
    current = current.parentId ? categories.get(current.parentId) : undefined;
  }
  return ids;
}

/**
 * A product's document: searchable in the languages of the regions whose catalog holds it, only while
 * active. A product assigned to a buyer or one of its user groups (OrderCloud's product assignments, e.g.
 * the partner catalog assigned without ViewAllProducts) also gets an audience scope per region of that
 * buyer, when one of the buyer's catalogs holds it. Null when nobody can find it.
 */
export function productDoc(row: ProductRow, context: DocContext): IndexedDoc | null {
  if (!row.active) return null;
  const catalogs = new Set(row.catalogs ?? []);
  const locales = context.locales.all.filter((l) => l.catalogId && catalogs.has(l.catalogId));
  const regions = [...new Set(locales.map((l) => l.region))];
  const audienceScopes = new Set<string>();
  for (const { buyer_id, user_group_id } of row.audiences ?? []) {
    const assigned = context.buyerCatalogs.get(buyer_id);
    if (!assigned || ![...catalogs].some((c) => assigned.has(c))) continue;
    for (const locale of context.locales.all) {
      if (!locale.catalogId || !assigned.has(locale.catalogId)) continue;
      audienceScopes.add(audienceScope(locale.region, buyer_id, user_group_id));
      if (!locales.includes(locale)) locales.push(locale);
    }
  }
  if (regions.length === 0 && audienceScopes.size === 0) return null;
  const languages = [...new Set(locales.map((l) => l.language))];
  const allRegions = [...new Set(locales.map((l) => l.region))];
  const xp = row.xp ?? {};
  const name = localizedText(xp.Names, row.name);
  const description = localizedText(xp.Descriptions, row.description);
  const categoryId =
    (typeof xp.CategoryID === 'string' && xp.CategoryID) || (row.categories ?? []).sort()[0] || null;
  const trail = trailIds(context.categories, categoryId);
  const text: IndexedDoc['text'] = {};
  const localized: IndexedDoc['localized'] = {};
  for (const language of languages) {
    text[language] = { name: name(language), description: description(language) };
    localized[language] = { name: name(language), description: description(language) };
  }
  const attrs: Record<string, AttrValue[]> = {
    id: [row.id],
    sku: [row.id],
    type: ['product'],
    category: trail,
    region: [...allRegions, ...locales.map((l) => l.searchRegion)],
  };
  const fields: Record<string, unknown> = {
    id: row.id,
    sku: row.id,
    type: 'product',
    category_id: categoryId,
  };
  for (const [attribute, key] of Object.entries(PRODUCT_ATTRIBUTES)) {
    const values = list(xp[key]);
    attrs[attribute] = values;
    fields[attribute] = Array.isArray(xp[key]) ? values : (values[0] ?? null);
  }
  return {
    key: row.id,
    id: row.id,
    scopes: [...regions, ...audienceScopes],
    text,
    category: categoryId,
    catalogueNumber: row.id,
    attrs,
    fields,
    localized,
    path: `/product/${encodeURIComponent(row.id)}`,
  };
}

export function contentKey(locale: string, path: string): string {
  return `${locale}|${path}`;
}

/** A content page's document (a `route` content item): found in its own locale only. */
export function routeDoc(row: RouteRow, context: DocContext): IndexedDoc | null {
  const locale = context.locales.find(row.locale);
  if (!locale) return null;
  const data = row.data;
  const path = typeof data.path === 'string' ? data.path : row.id;
  const robots = typeof data.MetaRobots === 'string' ? data.MetaRobots.toLowerCase() : '';
  if (robots.includes('noindex')) return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const title = str(data.title) || str(data.MetaTitle) || path;
  const intro = str(data.intro);
  const kind = str(data.kind) || 'page';
  const categoryId = typeof data.categoryId === 'string' ? data.categoryId : null;
  return {
    key: contentKey(locale.code, path),
    id: path,
    scopes: [locale.code],
    text: {
      [locale.language]: {
        name: title,
        description: [intro, str(data.MetaDescription), str(data.MetaTags)].filter(Boolean).join(' '),
      },
    },
    category: categoryId,
    catalogueNumber: null,
    attrs: {
      id: [path],
      type: [kind],
      locale: [locale.code],
      category: trailIds(context.categories, categoryId),
    },
    fields: { id: path, type: kind, category_id: categoryId },
    localized: { [locale.language]: { name: title, description: intro || str(data.MetaDescription) } },
    path,
  };
}
