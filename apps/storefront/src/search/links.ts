import type { LocaleCode } from '@catalogue/dataset/model';
import { localizedPath, splitLocalePath } from '../routing/locales';

/** A search result as the service sends it: an id and whatever fields its index stores. */
export type ResultItem = Record<string, unknown> & { id: string };

/** A same-site path from the service, or null (never another site, never a script URL). */
export function safePath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** The item's display name. */
export function itemName(item: ResultItem): string {
  return text(item.name) || text(item.title) || item.id;
}

/**
 * Where a result links: a product to its page in the locale (`/product/{id}`); a family or content page
 * to the same-site path the service gives (`url`, `uri` or `path`), put in the locale unless the service
 * already did.
 */
export function itemHref(item: ResultItem, entity: string, locale: LocaleCode): string {
  if (entity === 'product') return localizedPath(locale, `/product/${encodeURIComponent(item.id)}`);
  const path = safePath(item.url) ?? safePath(item.uri) ?? safePath(item.path);
  if (!path) return localizedPath(locale, `/search?q=${encodeURIComponent(itemName(item))}`);
  return splitLocalePath(path).locale ? path : localizedPath(locale, path);
}

export function searchHref(locale: LocaleCode, query: string): string {
  return `${localizedPath(locale, '/search')}?${new URLSearchParams({ q: query })}`;
}

/** The item's image, when the service gives a same-site one. */
export function itemImage(item: ResultItem): string | null {
  return safePath(item.image_url) ?? safePath(item.image);
}

export function itemText(item: ResultItem, field: string): string {
  return text(item[field]);
}
