import { z } from 'zod';
import type { ContentTypeDefinition } from './types/definition';
import { bimFilterType, calculatorType, productMarketingType, tableType, tabType } from './types/family';
import { categoryMarketingType, faqType, routeType, siteType } from './types/pages';
import { searchWidgetType } from './types/search';
import { dictionaryType, footerType, headerType, madeToOrderType, newsletterType } from './types/shell';

/**
 * The content types the write API edits, each with the one zod schema its drafts are checked with. The
 * other items of content_items (locales, regions, attributes, mappings, territories) are the site's
 * structure, loaded from the data files, and not edited here; merchandising rules (`search-rule`) are
 * the search service's admin API's (`types/search.ts`, WRITTEN_ELSEWHERE).
 */
export const CONTENT_TYPE_DEFINITIONS: readonly ContentTypeDefinition[] = [
  routeType,
  siteType,
  headerType,
  footerType,
  dictionaryType,
  newsletterType,
  madeToOrderType,
  categoryMarketingType,
  tableType,
  tabType,
  calculatorType,
  bimFilterType,
  faqType,
  productMarketingType,
  searchWidgetType,
] as ContentTypeDefinition[];

const BY_TYPE = new Map(CONTENT_TYPE_DEFINITIONS.map((definition) => [definition.type, definition]));

export function contentTypeOf(type: string): ContentTypeDefinition | undefined {
  return BY_TYPE.get(type);
}

export interface ContentFieldDescription {
  name: string;
  /** string, number, integer, boolean, array, object, or the format of a string (html, head-html, css, href). */
  kind: string;
  required: boolean;
  description: string | null;
}

type JsonSchema = {
  type?: string;
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** The type's data as JSON Schema (drafts are sent as this), derived from its zod schema. */
export function jsonSchemaOf(definition: ContentTypeDefinition): Record<string, unknown> {
  return z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/** The top-level fields of a type (of every variant, for a union such as the search widgets). */
export function fieldsOf(definition: ContentTypeDefinition): ContentFieldDescription[] {
  const schema = jsonSchemaOf(definition) as JsonSchema;
  const variants = schema.properties ? [schema] : [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const fields = new Map<string, ContentFieldDescription>();
  for (const variant of variants) {
    for (const [name, field] of Object.entries(variant.properties ?? {})) {
      if (fields.has(name)) continue;
      const kind = field.format ?? field.type ?? (field.anyOf ? 'union' : 'any');
      fields.set(name, {
        name,
        kind,
        required: variant.required?.includes(name) ?? false,
        description: field.description ?? null,
      });
    }
  }
  return [...fields.values()];
}
