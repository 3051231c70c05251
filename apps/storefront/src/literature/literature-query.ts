import { z } from 'zod';

/** Products per page of the literature hub's document list. */
export const LITERATURE_PAGE_SIZE = 25;

/**
 * What the document list shows: the products of one family (`family`, a category id) or those a search
 * finds (`q`). Anything else (no query, both, an empty or overlong text, a page that is not a whole
 * number) is not a list: the page sends the visitor back to the hub.
 */
export type LiteratureQuery =
  | { kind: 'family'; familyId: string; page: number }
  | { kind: 'search'; text: string; page: number };

const CATEGORY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const params = z.object({
  family: z.string().regex(CATEGORY_ID).optional(),
  q: z
    .string()
    .transform((text) => text.trim())
    .pipe(z.string().min(1).max(100))
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function parseLiteratureQuery(
  search: Record<string, string | string[] | undefined>,
): LiteratureQuery | null {
  const parsed = params.safeParse({
    family: single(search.family),
    q: single(search.q),
    page: single(search.page),
  });
  if (!parsed.success) return null;
  const { family, q, page } = parsed.data;
  if (family && !q) return { kind: 'family', familyId: family, page };
  if (q && !family) return { kind: 'search', text: q, page };
  return null;
}

/** The list's URL query for a page of it. */
export function literatureQueryString(query: LiteratureQuery, page: number): string {
  const search = new URLSearchParams(
    query.kind === 'family' ? { family: query.familyId } : { q: query.text },
  );
  if (page > 1) search.set('page', String(page));
  return `?${search.toString()}`;
}
