import { LRUCache } from 'lru-cache';
import type { TagVersions } from './tag-feed';

/**
 * The storefront's page cache: rendered pages (HTML and RSC payload, Next's `APP_PAGE` entries) and
 * `unstable_cache` results, kept in memory by this instance and served only while no tag they carry has
 * changed since they were rendered. Next's incremental cache calls it through the `cacheHandler` shim
 * (`apps/storefront/page-cache-handler.mjs`).
 *
 * Every read first syncs the tag feed (`TagVersions.sync`: one small query shared by the reads that
 * arrive together), so a page is never served from before the last commit that touched it — on this
 * instance or any other sharing the database. An entry records the feed version read before its render
 * began: a change committed during the render is newer and drops it on the next read.
 */

/** What Next hands a cache handler (`CacheHandlerValue` / `IncrementalCacheValue`, kept loose here). */
export interface NextCacheValue {
  kind: string;
  headers?: Record<string, string | string[] | undefined>;
  html?: unknown;
  rscData?: unknown;
  segmentData?: unknown;
  data?: { body?: string };
}

export interface NextCacheEntry {
  lastModified: number;
  value: NextCacheValue | null;
  cacheControl?: unknown;
}

interface Stored extends NextCacheEntry {
  tags: string[];
  /** The feed version read before the render that produced this entry began. */
  version: number;
}

export const CACHE_TAGS_HEADER = 'x-next-cache-tags';

/** The tags an entry carries: a page's from Next's tags header, a data entry's from its context. */
export function entryTags(value: NextCacheValue | null, contextTags: readonly string[] = []): string[] {
  const header = value?.headers?.[CACHE_TAGS_HEADER];
  const fromHeader = typeof header === 'string' ? header.split(',') : [];
  return [...new Set([...fromHeader, ...contextTags].map((tag) => tag.trim()).filter(Boolean))];
}

function sizeOf(entry: Stored): number {
  const value = entry.value;
  if (!value) return 64;
  const bytes = (part: unknown): number =>
    typeof part === 'string' ? part.length * 2 : part instanceof Uint8Array ? part.byteLength : 0;
  let size = 256 + bytes(value.html) + bytes(value.rscData) + bytes(value.data?.body);
  if (value.segmentData instanceof Map) {
    for (const segment of value.segmentData.values()) size += bytes(segment);
  }
  return size;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  version: number;
}

export class PageCache {
  private readonly entries: LRUCache<string, Stored>;
  /** Per key, the lowest feed version read by a miss whose render has not been stored yet. */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly tags: TagVersions,
    maxBytes: number,
    /** Records tags as changed (Next's revalidateTag), for every instance. */
    private readonly touch: (tags: readonly string[]) => Promise<void>,
  ) {
    this.entries = new LRUCache<string, Stored>({ maxSize: Math.max(1, maxBytes), sizeCalculation: sizeOf });
  }

  async get(key: string): Promise<NextCacheEntry | null> {
    await this.tags.sync();
    const entry = this.entries.get(key);
    if (entry && this.tags.latestOf(entry.tags) <= entry.version) {
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
    }
    if (entry) this.entries.delete(key);
    const seen = this.tags.version;
    this.pending.set(key, Math.min(this.pending.get(key) ?? seen, seen));
    return null;
  }

  async set(
    key: string,
    value: NextCacheValue | null,
    contextTags: readonly string[],
    cacheControl?: unknown,
  ) {
    // No miss before this write (Next writes without reading in a few paths): the version from before
    // any known change, so the first change of one of its tags drops it.
    const version = this.pending.get(key) ?? 0;
    this.pending.delete(key);
    if (value === null) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, {
      lastModified: Date.now(),
      value,
      cacheControl,
      tags: entryTags(value, contextTags),
      version,
    });
  }

  async revalidateTags(tags: readonly string[]): Promise<void> {
    await this.touch(tags);
  }

  stats(): PageCacheStats {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize, version: this.tags.version };
  }
}

const PAGE_CACHE_KEY = Symbol.for('catalogue.page-cache');

/** Makes the cache reachable from the handler shim, which Next loads on its own (like the database). */
export function setSharedPageCache(cache: PageCache | null): void {
  (globalThis as Record<symbol, unknown>)[PAGE_CACHE_KEY] = cache ?? undefined;
}
