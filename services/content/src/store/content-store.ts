import { LOCALE_CODES, type LocaleInfo } from '@catalogue/dataset';
import type { Database } from '@catalogue/db';
import { contentDrafts, contentItems } from '@catalogue/db/schema';
import { and, eq, inArray, notExists, or } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { ContentGeneration } from './generation';
import {
  buildLocaleSnapshot,
  buildSharedSnapshot,
  type LocaleSnapshot,
  type SharedSnapshot,
  SNAPSHOT_TYPES,
} from './snapshots';

/**
 * Content read from `content_items`, kept per process: a locale's items are loaded in one query the first
 * time they are asked for and kept under the content generation they were read at. A commit that changes
 * content moves the generation on, and the next request reads the new rows.
 */
export class ContentStore {
  readonly generation: ContentGeneration;
  private readonly snapshots: LRUCache<string, Promise<LocaleSnapshot | SharedSnapshot>>;

  constructor(
    private readonly database: Database,
    cachedLocales: number,
  ) {
    this.generation = new ContentGeneration(database);
    this.snapshots = new LRUCache({ max: cachedLocales + 1 });
  }

  /** The shared items at the current generation (or at `generation` when the caller already has one). */
  async shared(generation?: number): Promise<SharedSnapshot> {
    const at = generation ?? (await this.generation.current());
    return (await this.remember(`${at}\u0000*`, async () => {
      const rows = await this.database.db
        .select({ type: contentItems.type, id: contentItems.id, data: contentItems.data })
        .from(contentItems)
        .where(
          or(
            eq(contentItems.locale, '*'),
            and(eq(contentItems.type, 'locale'), eq(contentItems.id, contentItems.locale)),
          ),
        );
      return buildSharedSnapshot(LOCALE_CODES, rows);
    })) as SharedSnapshot;
  }

  async locale(locale: LocaleInfo, generation: number): Promise<LocaleSnapshot> {
    return (await this.remember(`${generation}\u0000${locale.code}`, async () => {
      const rows = await this.database.db
        .select({ type: contentItems.type, id: contentItems.id, data: contentItems.data })
        .from(contentItems)
        .where(and(eq(contentItems.locale, locale.code), inArray(contentItems.type, SNAPSHOT_TYPES)));
      return buildLocaleSnapshot(locale, rows);
    })) as LocaleSnapshot;
  }

  /**
   * A locale's items with every current draft over them (drafts of unpublished items included), read
   * for this one request and never kept: the editors' preview (docs/content-editing.md, "Preview").
   */
  async previewLocale(locale: LocaleInfo): Promise<LocaleSnapshot> {
    const db = this.database.db;
    const ofLocale = (table: typeof contentItems | typeof contentDrafts) =>
      and(eq(table.locale, locale.code), inArray(table.type, SNAPSHOT_TYPES));
    const [published, drafts] = await Promise.all([
      db
        .select({ type: contentItems.type, id: contentItems.id, data: contentItems.data })
        .from(contentItems)
        .where(
          and(
            ofLocale(contentItems),
            notExists(
              db
                .select({ id: contentDrafts.id })
                .from(contentDrafts)
                .where(
                  and(
                    eq(contentDrafts.type, contentItems.type),
                    eq(contentDrafts.id, contentItems.id),
                    eq(contentDrafts.locale, contentItems.locale),
                  ),
                ),
            ),
          ),
        ),
      db
        .select({ type: contentDrafts.type, id: contentDrafts.id, data: contentDrafts.data })
        .from(contentDrafts)
        .where(ofLocale(contentDrafts)),
    ]);
    return buildLocaleSnapshot(locale, [...published, ...drafts]);
  }

  /** Concurrent first reads of one key share one query; a failed read is not kept. */
  private remember<T extends LocaleSnapshot | SharedSnapshot>(
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const hit = this.snapshots.get(key);
    if (hit) return hit as Promise<T>;
    const loading = load();
    this.snapshots.set(key, loading);
    loading.catch(() => {
      if (this.snapshots.get(key) === loading) this.snapshots.delete(key);
    });
    return loading;
  }
}
