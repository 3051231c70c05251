import { AsyncLocalStorage } from 'node:async_hooks';
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

/** How long a miss waits for its render's write (longer than any page render). */
const RENDER_WINDOW_MS = 60_000;
/** Misses remembered at most (oldest forgotten first): a bound against floods of never-stored keys. */
const MAX_PENDING = 10_000;

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

/** One entry a request was served from (`PageCache.isCurrent` says later whether it still is served). */
export interface PageCacheHit {
  key: string;
  entry: object;
}

/** What one request read from the page cache: recorded while `pageReads.run` covers its handling. */
export interface PageReads {
  hits: PageCacheHit[];
  /** A read found nothing (or could not trust the feed): the answer was rendered, at least in part. */
  missed: boolean;
}

/**
 * The page-cache reads of the request being handled, for the response cache in front of Next
 * (server/src/response-cache/): an answer built only from hits may be kept as long as those hits are.
 */
export const pageReads = new AsyncLocalStorage<PageReads>();

export interface PageCacheStats {
  entries: number;
  bytes: number;
  version: number;
}

export class PageCache {
  private readonly entries: LRUCache<string, Stored>;
  /** Per key, the feed version read by the miss whose render has not been stored yet, and when. */
  private readonly pending = new Map<string, { version: number; at: number }>();

  constructor(
    private readonly tags: TagVersions,
    maxBytes: number,
    /** Records tags as changed (Next's revalidateTag), for every instance. */
    private readonly touch: (tags: readonly string[]) => Promise<void>,
  ) {
    this.entries = new LRUCache<string, Stored>({ maxSize: Math.max(1, maxBytes), sizeCalculation: sizeOf });
  }

  async get(key: string): Promise<NextCacheEntry | null> {
    try {
      await this.tags.sync();
    } catch (error) {
      // Without the feed nothing cached can be trusted: render afresh (and store nothing from it).
      console.error('[page-cache] reading the tag feed failed:', error);
      const reads = pageReads.getStore();
      if (reads) reads.missed = true;
      this.pending.set(key, { version: -1, at: Date.now() });
      return null;
    }
    const entry = this.entries.get(key);
    const reads = pageReads.getStore();
    if (entry && this.tags.latestOf(entry.tags) <= entry.version) {
      reads?.hits.push({ key, entry });
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
    }
    if (reads) reads.missed = true;
    if (entry) this.entries.delete(key);
    const seen = this.tags.version;
    const now = Date.now();
    const earlier = this.pending.get(key);
    // Two renders of one key under way: the lower version covers both. A miss that never led to a write
    // (a render that failed) is forgotten after RENDER_WINDOW_MS, so it cannot hold every later entry back.
    const version = earlier && now - earlier.at < RENDER_WINDOW_MS ? Math.min(earlier.version, seen) : seen;
    this.pending.set(key, { version, at: earlier && version === earlier.version ? earlier.at : now });
    if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
    return null;
  }

  /**
   * True while every hit is still the entry `get` would serve for its key: not dropped, replaced or
   * evicted, and none of its tags changed since (the same check as `get`, after the same feed sync).
   */
  async isCurrent(hits: readonly PageCacheHit[]): Promise<boolean> {
    try {
      await this.tags.sync();
    } catch {
      return false;
    }
    return hits.every((hit) => {
      const entry = this.entries.get(hit.key);
      return entry === hit.entry && this.tags.latestOf(entry.tags) <= entry.version;
    });
  }

  async set(
    key: string,
    value: NextCacheValue | null,
    contextTags: readonly string[],
    cacheControl?: unknown,
  ) {
    // Normally the miss just before this render says which version its data is at least as new as. Next
    // writes without reading first only when it renders in the background; then the version read last is
    // the best known (a change committed during that render would be missed until the next change).
    const pending = this.pending.get(key);
    const version =
      pending && Date.now() - pending.at < RENDER_WINDOW_MS ? pending.version : this.tags.version;
    this.pending.delete(key);
    if (value === null || version < 0) {
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
