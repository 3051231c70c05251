import type { Language } from '@catalogue/dataset/model';

/** A category as the storefront shows it in one language. */
export interface CategorySummary {
  id: string;
  /** URL segment of this level (`conduit-fittings`). */
  slug: string;
  name: string;
  description: string;
}

/** The columns of a `categories` row the summaries are made from. */
export interface CategoryRow {
  id: string;
  name: string;
  description: string | null;
  xp: unknown;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function localizedText(texts: unknown, language: Language): string | null {
  if (typeof texts !== 'object' || texts === null) return null;
  const text: unknown = (texts as Record<string, unknown>)[language];
  return typeof text === 'string' && text.trim() ? text : null;
}

/**
 * A row in the page's language: `xp.Names` / `xp.Descriptions` for the language, falling back to the
 * English columns; null when the row has no usable slug (it could not be linked to).
 */
export function toCategorySummary(row: CategoryRow, language: Language): CategorySummary | null {
  const xp = typeof row.xp === 'object' && row.xp !== null ? (row.xp as Record<string, unknown>) : {};
  const slug = xp.Slug;
  if (typeof slug !== 'string' || !SLUG.test(slug)) return null;
  return {
    id: row.id,
    slug,
    name: localizedText(xp.Names, language) ?? row.name,
    description: localizedText(xp.Descriptions, language) ?? row.description ?? '',
  };
}
