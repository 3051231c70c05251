import { describe, expect, it } from 'vitest';
import { entryTags, type NextCacheValue, PageCache, type PageReads, pageReads } from './page-cache';
import { type TagChange, TagVersions } from './tag-feed';

/** A feed in memory: `commit(tags)` is a committed transaction. */
function memoryFeed() {
  const changes: TagChange[] = [];
  let version = 0;
  let reads = 0;
  let gate: Promise<void> | null = null;
  return {
    commit(...tags: string[]) {
      version += 1;
      for (const tag of tags) changes.push({ tag, version });
    },
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    get reads() {
      return reads;
    },
    read: async (after: number) => {
      reads += 1;
      const snapshot = changes.filter((change) => change.version > after);
      if (gate) await gate;
      return snapshot;
    },
  };
}

const page = (tags: string[]): NextCacheValue => ({
  kind: 'APP_PAGE',
  html: '<h1>page</h1>',
  headers: { 'x-next-cache-tags': tags.join(',') },
});

describe('the page cache', () => {
  it('serves a page until one of its tags changes, then renders it again', async () => {
    const feed = memoryFeed();
    const cache = new PageCache(new TagVersions(feed.read), 1 << 20, async () => undefined);
    expect(await cache.get('/a')).toBeNull();
    await cache.set('/a', page(['product:1', 'category:c:x']), []);
    expect((await cache.get('/a'))?.value?.html).toBe('<h1>page</h1>');
    feed.commit('product:2');
    expect(await cache.get('/a')).not.toBeNull();
    feed.commit('category:c:x');
    expect(await cache.get('/a')).toBeNull();
    await cache.set('/a', page(['product:1', 'category:c:x']), []);
    expect(await cache.get('/a')).not.toBeNull();
    feed.commit('all'); // a dataset load: nothing rendered before it is kept
    expect(await cache.get('/a')).toBeNull();
    await cache.set('/a', page(['product:1']), []);
    expect(await cache.get('/a')).not.toBeNull();
    feed.commit('all');
    expect(await cache.get('/a')).toBeNull();
  });

  it('records a request’s hits and misses, and says a hit is current only while get would serve that entry', async () => {
    const feed = memoryFeed();
    const cache = new PageCache(new TagVersions(feed.read), 1 << 20, async () => undefined);
    const read = async (key: string) => {
      const reads: PageReads = { hits: [], missed: false };
      await pageReads.run(reads, () => cache.get(key));
      return reads;
    };
    expect(await read('/a')).toEqual({ hits: [], missed: true });
    await cache.set('/a', page(['product:1']), []);
    const { hits, missed } = await read('/a');
    expect(missed).toBe(false);
    expect(hits.map((hit) => hit.key)).toEqual(['/a']);
    expect(await cache.isCurrent(hits)).toBe(true);
    feed.commit('product:2');
    expect(await cache.isCurrent(hits)).toBe(true);
    feed.commit('product:1');
    expect(await cache.isCurrent(hits)).toBe(false);
    // Rendered and stored again: the earlier hit is not that entry.
    await cache.set('/a', page(['product:1']), []);
    expect(await cache.isCurrent(hits)).toBe(false);
    const fresh = (await read('/a')).hits;
    expect(await cache.isCurrent(fresh)).toBe(true);
    // Evicted (here: a page that fills the cache nearly alone pushes it out).
    const small = new PageCache(new TagVersions(feed.read), 4096, async () => undefined);
    await small.set('/b', page(['product:3']), []);
    const b = await pageReads.run({ hits: [], missed: false }, async () => {
      await small.get('/b');
      return pageReads.getStore()?.hits ?? [];
    });
    expect(await small.isCurrent(b)).toBe(true);
    await small.set('/c', { ...page(['product:4']), html: 'x'.repeat(1800) }, []);
    expect(await small.isCurrent(b)).toBe(false);
  });

  it('drops a page rendered while a change to its data committed (version from before the render)', async () => {
    const feed = memoryFeed();
    const cache = new PageCache(new TagVersions(feed.read), 1 << 20, async () => undefined);
    expect(await cache.get('/a')).toBeNull(); // the render starts here, on the data before the commit
    feed.commit('product:1');
    await cache.set('/a', page(['product:1']), []);
    expect(await cache.get('/a')).toBeNull();
  });

  it('takes data entries’ tags from their context, and evicts the least recently used beyond its size', async () => {
    const feed = memoryFeed();
    const cache = new PageCache(new TagVersions(feed.read), 3000, async () => undefined);
    await cache.get('f');
    await cache.set('f', { kind: 'FETCH', data: { body: 'x' } }, ['content:route']);
    feed.commit('content:route');
    expect(await cache.get('f')).toBeNull();
    for (const key of ['1', '2', '3']) {
      await cache.get(key);
      await cache.set(key, { kind: 'APP_PAGE', html: 'x'.repeat(500) }, []);
    }
    expect(await cache.get('1')).toBeNull();
    expect(await cache.get('3')).not.toBeNull();
  });

  it('renders afresh and keeps nothing while the feed cannot be read', async () => {
    const feed = memoryFeed();
    let failing = false;
    const read = async (after: number) => {
      if (failing) throw new Error('connection refused');
      return feed.read(after);
    };
    const cache = new PageCache(new TagVersions(read), 1 << 20, async () => undefined);
    await cache.get('/a');
    await cache.set('/a', page(['product:1']), []);
    failing = true;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await cache.get('/a')).toBeNull();
      await cache.set('/a', page(['product:1']), []);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    failing = false;
    expect(await cache.get('/a')).toBeNull();
  });

  it('hands revalidateTag to the shared feed', async () => {
    const touched: string[] = [];
    const cache = new PageCache(new TagVersions(memoryFeed().read), 1 << 20, async (tags) => {
      touched.push(...tags);
    });
    await cache.revalidateTags(['product:9']);
    expect(touched).toEqual(['product:9']);
  });

  it('reads the tags of Next’s header and context once each', () => {
    expect(entryTags(page(['a', 'b', '']), ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(entryTags(null)).toEqual([]);
  });
});

describe('the tag feed reader', () => {
  it('shares one read among callers arriving while none runs, and makes later callers wait for a new one', async () => {
    const feed = memoryFeed();
    const versions = new TagVersions(feed.read);
    const release = feed.hold();
    const first = versions.sync();
    feed.commit('product:1'); // committed after the first read took its snapshot
    const second = versions.sync();
    const third = versions.sync();
    release();
    await first;
    expect(versions.versionOf('product:1')).toBe(0);
    await Promise.all([second, third]);
    expect(versions.versionOf('product:1')).toBe(1);
    expect(feed.reads).toBe(2);
    expect(versions.latestOf(['product:1', 'x'])).toBe(1);
  });

  it('with a change signal (PGlite), reads only after a commit signalled one', async () => {
    const feed = memoryFeed();
    let signal = () => undefined as unknown;
    const versions = new TagVersions(feed.read, (listener) => {
      signal = listener;
    });
    await versions.sync();
    await versions.sync();
    expect(feed.reads).toBe(1);
    feed.commit('product:1');
    signal();
    await versions.sync();
    expect(versions.versionOf('product:1')).toBe(1);
    await versions.sync();
    expect(feed.reads).toBe(2);
  });
});
