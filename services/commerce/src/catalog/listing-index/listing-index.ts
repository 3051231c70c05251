import { type Db, queryRows, queryRowsPrepared } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { ListingContextMemory } from './listing-context';
import { answerFromIndex, type IndexAnswer, type IndexQuery } from './listing-query';
import type { ListingRow } from './listing-rows';
import { ListingStore } from './listing-store';
import { makeSortOrder, type SortName, type SortOrder, updatedSortOrder } from './sort-order';

const ROW_COLUMNS = sql`l.product_id, lower(l.product_id) as id_key, l.name, lower(l.name) as name_key,
  l.catalogs, l.within, l.placed, l.facets, l.filter_tokens, l.search_text`;

/** How long lists take the SQL path after the index failed to read the listing. */
const RETRY_AFTER_MS = 30_000;

/**
 * The commerce service's in-memory copy of the active `product_listing` rows (issue 21, ARCHITECTURE
 * "listing index"): a buyer's list without other filters is selected, counted, faceted and paged here,
 * and only its page's products are read from the database. It follows `listing_changes`: each list reads
 * the listing's version with its context, and when the database is ahead, the changed rows are read
 * before the list is answered — so a list never misses a change committed before it began, on any
 * instance. A change to every product (a rebuild, a facet write) reloads it in the background; lists
 * meanwhile take the SQL path.
 */
export class ListingIndex {
  private store: ListingStore | null = null;
  private version = 0;
  private pending: Promise<void> | null = null;
  private reloading = false;
  /** After a failed read, lists take the SQL path until then (ms since the epoch) instead of retrying each. */
  private failedUntil = 0;
  private orders = new Map<SortName, SortOrder>();

  /** Lists answered from the index (tests check that the index, not the SQL path, answered). */
  answered = 0;

  /** The lists' contexts, so that most lists the index answers need one statement (`listing-context.ts`). */
  readonly context = new ListingContextMemory();

  constructor(private readonly db: Db) {}

  /** Whether a copy is loaded and not being replaced. */
  get serving(): boolean {
    return this.store !== null && !this.reloading;
  }

  /** Starts the first load (the service calls it at start, so the first list need not wait). */
  warm(): void {
    void this.catchUp(Number.MAX_SAFE_INTEGER, true).catch(() => undefined);
  }

  /**
   * The answer at listing version `atLeast` or later, or null when the index cannot give it now (being
   * reloaded, or the load failed): the caller answers from SQL.
   */
  async answer(atLeast: number, query: IndexQuery): Promise<IndexAnswer | null> {
    if (this.store === null || this.version < atLeast) {
      if ((this.reloading && this.store !== null) || Date.now() < this.failedUntil) return null;
      try {
        await this.catchUp(atLeast, false);
      } catch (error) {
        this.failedUntil = Date.now() + RETRY_AFTER_MS;
        console.warn('listing index: reading the listing failed; lists use SQL for a while', error);
        return null;
      }
      if (this.store === null || this.version < atLeast) return null;
    }
    this.answered++;
    return answerFromIndex(this.store, this.order(this.store, query.sort), query);
  }

  private order(store: ListingStore, sort: SortName): SortOrder {
    const known = this.orders.get(sort);
    const order = known ? updatedSortOrder(store, sort, known) : makeSortOrder(store, sort);
    this.orders.set(sort, order);
    return order;
  }

  /** One read of the database at a time; callers that need a later version wait for the next. */
  private async catchUp(atLeast: number, initial: boolean): Promise<void> {
    while (this.store === null || this.version < atLeast) {
      if (this.pending) {
        await this.pending;
        if (initial) return;
        continue;
      }
      const before = this.version;
      this.pending = (this.store === null ? this.load() : this.applyChanges()).finally(() => {
        this.pending = null;
      });
      await this.pending;
      if (initial || this.reloading || this.version === before) return;
    }
  }

  private async load(): Promise<void> {
    const [head] = await queryRows<{ version: string }>(
      this.db,
      sql`select generation::text as version from cache_generations where name = 'listing'`,
    );
    const rows = await queryRows<ListingRow>(
      this.db,
      sql`select ${ROW_COLUMNS} from product_listing l where l.active`,
    );
    const store = new ListingStore();
    for (const row of rows) store.put(row.product_id, row);
    store.trim();
    // Rows read after the version may be newer than it: reading their changes again later is harmless.
    this.store = store;
    this.orders.clear();
    this.version = Number(head?.version ?? 0);
  }

  private async applyChanges(): Promise<void> {
    const store = this.store as ListingStore;
    // The head and the changes in one snapshot: every change up to the head is among the rows.
    const rows = await queryRowsPrepared<
      ListingRow & { changed: string | null; active: boolean | null; head: string }
    >(
      this.db,
      sql`select h.head, c.product_id as changed, l.active, ${ROW_COLUMNS}
        from (select generation::text as head from cache_generations where name = 'listing') h
        left join listing_changes c on c.version > ${this.version}
        left join product_listing l on l.product_id = c.product_id`,
    );
    if (rows.some((r) => r.changed === '')) {
      this.reload();
      return;
    }
    for (const row of rows) if (row.changed !== null) store.put(row.changed, row.active ? row : null);
    const head = rows[0]?.head;
    if (head !== undefined) this.version = Number(head);
  }

  /** Every product changed: a fresh copy is built while lists take the SQL path. */
  private reload(): void {
    if (this.reloading) return;
    this.reloading = true;
    const fresh = new ListingIndex(this.db);
    void fresh
      .catchUp(Number.MAX_SAFE_INTEGER, true)
      .then(() => {
        if (fresh.store) {
          this.store = fresh.store;
          this.version = fresh.version;
          this.orders.clear();
        }
      })
      .catch(() => undefined)
      .finally(() => {
        this.reloading = false;
      });
  }
}
