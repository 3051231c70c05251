import { unstable_cache } from 'next/cache';

/** Next refuses more tags than this on one cached function (NEXT_CACHE_TAGS_MAX_ITEMS). */
const MAX_TAGS_PER_CALL = 128;

const marker = async (): Promise<true> => true;

/**
 * Tags the page being rendered with what it shows (`cacheTags.*`), so the page cache drops it when one of
 * them changes. Call it from a server component with every tag of the data it renders.
 *
 * Next's route cache takes a page's tags from the `unstable_cache` (and `fetch`) calls made while it
 * renders; there is no other public way to tag a route outside Cache Components. So this wraps a function
 * that returns `true`: the tags are what matters, the tiny cached value is never used.
 *
 * Product pages (another issue) do the same with a few lines:
 * `await tagPage([cacheTags.product(id), ...shellTags])` in the page, and `generateStaticParams` returning
 * `[]` (see app/[locale]/layout.tsx) keeps them cached after their first request.
 */
export async function tagPage(tags: readonly string[]): Promise<void> {
  const unique = [...new Set(tags)];
  for (let start = 0; start < unique.length; start += MAX_TAGS_PER_CALL) {
    const part = unique.slice(start, start + MAX_TAGS_PER_CALL);
    await unstable_cache(marker, ['page-tags', ...part], { tags: part })();
  }
}
