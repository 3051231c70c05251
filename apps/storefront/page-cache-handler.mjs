// Next's incremental cache handler (`cacheHandler` in next.config.ts) for the storefront's cached pages.
// Next loads this file by itself, in the build workers too, so it is plain JavaScript and only forwards to
// the page cache the single server registers on globalThis (server/src/page-cache/page-cache.ts: the
// entries, the tag feed, the invalidation rules). Without one — `next build` — nothing is cached.

const PAGE_CACHE_KEY = Symbol.for('catalogue.page-cache');

/** @returns {import('../../server/src/page-cache/page-cache').PageCache | undefined} */
function sharedPageCache() {
  return globalThis[PAGE_CACHE_KEY];
}

export default class PageCacheHandler {
  async get(key) {
    const cache = sharedPageCache();
    return cache ? cache.get(key) : null;
  }

  async set(key, data, context) {
    await sharedPageCache()?.set(key, data ?? null, context?.tags ?? [], context?.cacheControl);
  }

  async revalidateTag(tags) {
    await sharedPageCache()?.revalidateTags(Array.isArray(tags) ? tags : [tags]);
  }

  resetRequestCache() {
    // Nothing is kept per request: every read checks the shared tag feed.
  }
}
