import type { Language, LocaleCode } from '@catalogue/dataset/model';
import { cache } from 'react';
import { queryContent } from './content-graphql';
import { catalogueDb } from './database';

/** A family's marketing message and bullets in one locale (content item 'category-marketing'). */
export interface CategoryMarketing {
  message: string;
  bullets: string[];
}

/** The labels of an attribute and of its coded options, in one language. */
export interface AttributeLabels {
  label: string;
  options: Map<string, string>;
}

export interface MadeToOrderLabels {
  badge: string;
  leadTime: string;
  /** Weeks from order confirmation to shipment in the locale's region, e.g. `4–6`. */
  leadWeeks: string;
  tooltip: string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];

/** Checks a 'category-marketing' item; null when it has no message. */
export function parseCategoryMarketing(data: unknown): CategoryMarketing | null {
  if (typeof data !== 'object' || data === null) return null;
  const item = data as Record<string, unknown>;
  if (typeof item.Message !== 'string' || !item.Message.trim()) return null;
  return { message: item.Message, bullets: strings(item.Bullets) };
}

/** The marketing content of a category (families and below) in a locale, or null. Memoised per request. */
export const getCategoryMarketing = cache(
  async (locale: LocaleCode, categoryId: string): Promise<CategoryMarketing | null> => {
    const db = await catalogueDb();
    const row = await db.query.contentItems.findFirst({
      where: (item, { and, eq }) =>
        and(eq(item.type, 'category-marketing'), eq(item.id, categoryId), eq(item.locale, locale)),
      columns: { data: true },
    });
    return parseCategoryMarketing(row?.data);
  },
);

/** Checks the 'attributes' item: attribute id → its label and option labels in the language. */
export function parseAttributeLabels(data: unknown, language: Language): Map<string, AttributeLabels> {
  const labels = new Map<string, AttributeLabels>();
  if (!Array.isArray(data)) return labels;
  const text = (value: unknown): string | null => {
    if (typeof value !== 'object' || value === null) return null;
    const t = (value as Record<string, unknown>)[language];
    return typeof t === 'string' ? t : null;
  };
  for (const entry of data) {
    if (typeof entry !== 'object' || entry === null) continue;
    const attribute = entry as Record<string, unknown>;
    const label = text(attribute.label);
    if (typeof attribute.id !== 'string' || !label) continue;
    const options = new Map<string, string>();
    for (const option of Array.isArray(attribute.options) ? attribute.options : []) {
      if (typeof option !== 'object' || option === null) continue;
      const { code, label: optionLabel } = option as Record<string, unknown>;
      const name = text(optionLabel);
      if (typeof code === 'string' && name) options.set(code, name);
    }
    labels.set(attribute.id, { label, options });
  }
  return labels;
}

/** Attribute and option labels in a language (from the shared 'attributes' item). Memoised per request. */
export const getAttributeLabels = cache(async (language: Language): Promise<Map<string, AttributeLabels>> => {
  const db = await catalogueDb();
  const row = await db.query.contentItems.findFirst({
    where: (item, { and, eq }) =>
      and(eq(item.type, 'attributes'), eq(item.id, 'attributes'), eq(item.locale, '*')),
    columns: { data: true },
  });
  return parseAttributeLabels(row?.data, language);
});

const MADE_TO_ORDER_QUERY = /* GraphQL */ `
  query MadeToOrder($language: String!) {
    madeToOrderLabels(language: $language) {
      badge
      leadTime
      leadWeeks
      tooltip
    }
  }
`;

/** The made-to-order badge and its texts in a locale, from the content service. Memoised per request. */
export const getMadeToOrderLabels = cache(
  async (locale: LocaleCode): Promise<MadeToOrderLabels> =>
    (await queryContent<{ madeToOrderLabels: MadeToOrderLabels }>(MADE_TO_ORDER_QUERY, { language: locale }))
      .madeToOrderLabels,
);
