import type { z } from 'zod';

/** The custom roles that edit content: search widgets and rules are the merchandisers'. */
export type EditorRole = 'ContentEditor' | 'Merchandiser';

/**
 * Where a type's items live: one per locale code, one for every locale (`*`), or either (a search widget
 * is `*` with optional per-locale variants).
 */
export type LocaleScope = 'per-locale' | 'shared' | 'either';

/** An editable content type: its data's one zod schema and the rules of its items. */
export interface ContentTypeDefinition<T = unknown> {
  type: string;
  description: string;
  role: EditorRole;
  locales: LocaleScope;
  /** The one id of a type with a single item per locale (`header`), or null. */
  fixedId: string | null;
  /** The id an item must have, given its data (a route's id is its path), or null when any slug goes. */
  idOf: ((data: T) => string) | null;
  schema: z.ZodType<T>;
  /**
   * Whether an item may be taken off the site. False for the items every page of a locale needs (header,
   * footer, dictionary, …): the storefront cannot render a locale without them.
   */
  unpublishable: boolean;
  /** Text fields that missingTranslations checks; `every-key` for the dictionary (each phrase). */
  translated: readonly string[] | 'every-key';
}

/** Infers `T` from the schema, so each definition's rules are checked against its own data. */
export function defineType<T>(definition: ContentTypeDefinition<T>): ContentTypeDefinition<T> {
  return definition;
}
