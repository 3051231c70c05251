/**
 * One `product_listing` row as the in-memory listing index reads it, with the sort keys lowercased by
 * PostgreSQL's own `lower` (the SQL path sorts by `lower(…) collate "C"`; JavaScript's `toLowerCase`
 * differs from it on a few characters).
 */
export type ListingRow = {
  product_id: string;
  id_key: string;
  name: string;
  name_key: string;
  catalogs: string[];
  within: number[];
  placed: number[];
  facets: string[];
  filter_tokens: string[];
  search_text: string;
};

/**
 * Compares two strings as PostgreSQL's `collate "C"` does: by code point (UTF-8 byte order). JavaScript's
 * `<` compares UTF-16 code units, which orders characters beyond U+FFFF before U+E000–U+FFFF.
 */
export function compareC(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      const cx = a.codePointAt(i) ?? x;
      const cy = b.codePointAt(i) ?? y;
      return cx < cy ? -1 : cx > cy ? 1 : 0;
    }
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
