import { type Database, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { WIDGET_CONTENT_TYPE, WidgetConfigs } from '../config/widget-config';
import type { Caller } from '../http/auth';
import { logFailure } from '../http/unavailable';
import { contentVersion } from '../rules/content-version';
import { RuleBook } from '../rules/rule-book';
import { SEARCH_RULE_TYPE } from '../rules/stored-rule';
import {
  type AttributeLabels,
  attributeLabels,
  audienceScope,
  type CategoryRow,
  contentKey,
  type DocContext,
  type ProductRow,
  productDoc,
  type RouteRow,
  routeDoc,
  trailCategories,
} from './documents';
import { FeedFollower } from './feed-follower';
import { Locales } from './locales';
import { type IndexedDoc, TextIndex, type TrailCategory } from './text-index';

const PAGE = 10_000;
/** How long a signed-in user's company and user groups are reused before they are read again. */
const AUDIENCE_TTL_MS = 30_000;
const SITE_TYPES = ['locale', 'region', 'attributes', WIDGET_CONTENT_TYPE, SEARCH_RULE_TYPE];

export interface EngineOptions {
  /** How often the change feed is read when no change signal arrives (ms). */
  feedIntervalMs?: number;
  /** The longest wait between reads while the feed keeps failing (ms; 30 s by default). */
  feedMaxDelayMs?: number;
  /** Search answers kept (0: none). */
  cacheEntries?: number;
  log?: (message: string) => void;
}

export interface ReindexStats {
  products: number;
  content: number;
  ms: number;
}

/**
 * The search engine of one instance: in-memory indexes of products and content pages, built from the
 * database at start and kept in step with it by reading the commit-ordered change feed
 * (`page_cache_tags`, migrations 0022/0023) — every committed change of the catalogue or the content,
 * from this instance, another one or a SQL script, reaches the index within the feed interval.
 */
export class SearchEngine {
  products = new TextIndex();
  content = new TextIndex();
  locales = new Locales([]);
  widgets = new WidgetConfigs([]);
  /** Merchandising rules (`search-rule` items), read with the widgets. */
  rules = new RuleBook([]);
  labels: AttributeLabels = new Map();
  /** Moves on whenever locales, widget configurations, rules or labels are read again. */
  siteVersion = 0;
  /**
   * Answers of search widgets keyed by index and site version plus the request item: a repeated search
   * (the same page, facets and sort) costs a lookup, and no answer outlives a change of the index.
   */
  readonly answers: { get(key: string): object | undefined; set(key: string, value: object): unknown };
  private categoryMap = new Map<string, TrailCategory>();
  private buyerCatalogs = new Map<string, Set<string>>();
  /** The audiences (company, company/user group) of signed-in buyers, for a short while. */
  private readonly audienceCache = new LRUCache<string, Promise<string[]>>({
    max: 10_000,
    ttl: AUDIENCE_TTL_MS,
  });
  private scopesFull = false;
  /** The last feed version applied. */
  feedVersion = 0;
  lastReindex: ReindexStats | null = null;
  readonly ready: Promise<void>;
  private follower: FeedFollower | null = null;
  private syncing: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly log: (message: string) => void;

  constructor(
    private readonly database: Database,
    private readonly options: EngineOptions = {},
  ) {
    this.log = options.log ?? ((message) => console.log(`[search] ${message}`));
    const entries = options.cacheEntries ?? 2000;
    this.answers =
      entries > 0
        ? new LRUCache<string, object>({ max: entries })
        : { get: () => undefined, set: () => undefined };
    this.ready = this.start();
    // A failed start is reported by every request that waits for it.
    this.ready.catch((error: unknown) => console.error('[search] index build failed:', error));
  }

  private async start(): Promise<void> {
    await this.reindex();
    if (this.stopped) return;
    const follower = new FeedFollower({
      sync: () => this.sync(),
      intervalMs: this.options.feedIntervalMs ?? 1000,
      maxDelayMs: this.options.feedMaxDelayMs ?? 30_000,
      onFailing: (error) => logFailure('following changes failed (reading less often until it works)', error),
      onRecovered: (failures) => this.log(`following changes again after ${failures} failed reads`),
    });
    this.follower = follower;
    follower.start();
    if (this.database.raw.kind === 'pglite') {
      // PGlite's NOTIFY arrives before the committing call returns: follow at once.
      await this.database.raw.client.listen('cache_generation', (name) => {
        if (name === 'page-tags' && !this.stopped) void follower.now();
      });
    }
  }

  /** Failed reads of the change feed since the last success (0 while it works). */
  get feedFailures(): number {
    return this.follower?.failures ?? 0;
  }

  /** The wait before the next timed read of the change feed (ms). */
  get feedDelayMs(): number | null {
    return this.follower?.delayMs ?? null;
  }

  stop(): void {
    this.stopped = true;
    this.follower?.stop();
  }

  private context(): DocContext {
    return { locales: this.locales, categories: this.categoryMap, buyerCatalogs: this.buyerCatalogs };
  }

  private async loadBuyerCatalogs(): Promise<void> {
    const rows = await queryRows<{ buyer_id: string; catalog_id: string }>(
      this.database.db,
      sql`select buyer_id, catalog_id from catalog_assignments`,
    );
    const map = new Map<string, Set<string>>();
    for (const { buyer_id, catalog_id } of rows) {
      const catalogs = map.get(buyer_id) ?? new Set<string>();
      catalogs.add(catalog_id);
      map.set(buyer_id, catalogs);
    }
    this.buyerCatalogs = map;
  }

  /**
   * Adds or replaces a product document. Scope bits are limited (31): when a new audience scope would not
   * fit, the document keeps only its public region scopes (the restricted audience cannot find it there —
   * never more visibility than assigned) and the overflow is logged.
   */
  private upsertProduct(index: TextIndex, doc: IndexedDoc): void {
    if (!index.scopesFit(doc.scopes)) {
      const regions = new Set(this.locales.all.map((l) => l.region));
      if (!this.scopesFull)
        this.log(`too many search scopes: audience scopes of ${doc.id} and later are left out`);
      this.scopesFull = true;
      doc.scopes = doc.scopes.filter((scope) => regions.has(scope));
      if (doc.scopes.length === 0) {
        index.remove(doc.key);
        return;
      }
    }
    index.upsert(doc);
  }

  /**
   * The audience scopes of a caller in a region (see `audienceScope`): a signed-in buyer user's company and
   * its user groups, read once per user for AUDIENCE_TTL_MS (one small query). Nobody else has any.
   */
  async audiences(caller: Caller): Promise<string[]> {
    if (caller.kind !== 'user' || !caller.companyId) return [];
    const { userId, companyId } = caller;
    const key = `${companyId}\u0000${userId}`;
    let found = this.audienceCache.get(key);
    if (!found) {
      found = queryRows<{ user_group_id: string | null }>(
        this.database.db,
        sql`select g.user_group_id from users u
            left join user_group_assignments g
              on g.company_type = u.company_type and g.company_id = u.company_id and g.user_id = u.id
            where u.company_type = 'buyer' and u.company_id = ${companyId} and u.id = ${userId} and u.active`,
      ).then((rows) =>
        rows.length === 0
          ? []
          : [companyId, ...rows.flatMap((r) => (r.user_group_id ? [`${companyId}/${r.user_group_id}`] : []))],
      );
      this.audienceCache.set(key, found);
      found.catch(() => this.audienceCache.delete(key));
    }
    return found;
  }

  /** The products index's scope mask of a region for these audiences (the region's own bit included). */
  productScopeMask(region: string, audiences: string[]): number {
    let mask = 0;
    for (const scope of this.productScopes(region, audiences)) mask |= this.products.scopeMask(scope);
    return mask;
  }

  /** The product scopes a caller sees in a region: the region's own and its audiences' (`audienceScope`). */
  productScopes(region: string, audiences: string[]): string[] {
    return [
      region,
      ...audiences.map((audience) => {
        const slash = audience.indexOf('/');
        return slash < 0
          ? audienceScope(region, audience, '')
          : audienceScope(region, audience.slice(0, slash), audience.slice(slash + 1));
      }),
    ];
  }

  private async loadSite(): Promise<void> {
    const rows = await queryRows<{
      type: string;
      id: string;
      locale: string;
      data: unknown;
      version: string;
    }>(
      this.database.db,
      sql`select type, id, locale, data, ${contentVersion} as version from content_items where type in (${sql.join(
        SITE_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
    this.locales = Locales.fromItems(
      rows.filter((r) => r.type === 'locale'),
      rows.filter((r) => r.type === 'region'),
    );
    this.widgets = new WidgetConfigs(rows.filter((r) => r.type === WIDGET_CONTENT_TYPE));
    this.rules = RuleBook.fromItems(
      rows.filter((r) => r.type === SEARCH_RULE_TYPE),
      this.log,
    );
    this.labels = attributeLabels(rows.find((r) => r.type === 'attributes')?.data);
    this.siteVersion++;
  }

  private async loadCategories(): Promise<TrailCategory[]> {
    const rows = await queryRows<CategoryRow>(
      this.database.db,
      sql`select catalog_id, id, parent_id, name, xp from categories order by catalog_id, id`,
    );
    return trailCategories(rows);
  }

  /**
   * Products with their catalogs and categories: one plain read of the products and one of each
   * assignment table over the same ids (correlated sub-selects per row cost 5x more on PGlite).
   */
  private async productRows(
    where: ReturnType<typeof sql>,
    assignments: ReturnType<typeof sql> | ((rows: { id: string }[]) => ReturnType<typeof sql>),
  ): Promise<ProductRow[]> {
    const products = await queryRows<Omit<ProductRow, 'catalogs' | 'categories'>>(
      this.database.db,
      sql`select p.id, p.name, p.description, p.active, p.xp - 'Downloads' as xp from products p where ${where}`,
    );
    if (products.length === 0) return [];
    const scope = typeof assignments === 'function' ? assignments(products) : assignments;
    const [catalogs, categories, audiences] = await Promise.all([
      queryRows<{ product_id: string; id: string }>(
        this.database.db,
        sql`select product_id, catalog_id as id from catalog_product_assignments where ${scope}`,
      ),
      queryRows<{ product_id: string; id: string }>(
        this.database.db,
        sql`select product_id, category_id as id from category_product_assignments where ${scope}`,
      ),
      queryRows<{ product_id: string; buyer_id: string; user_group_id: string }>(
        this.database.db,
        sql`select product_id, buyer_id, user_group_id from product_assignments where ${scope}`,
      ),
    ]);
    const byProduct = new Map<string, ProductRow>();
    const rows = products.map((p) => {
      const row: ProductRow = { ...p, catalogs: [], categories: [], audiences: [] };
      byProduct.set(p.id, row);
      return row;
    });
    for (const { product_id, id } of catalogs) byProduct.get(product_id)?.catalogs?.push(id);
    for (const { product_id, id } of categories) byProduct.get(product_id)?.categories?.push(id);
    for (const { product_id, ...audience } of audiences) byProduct.get(product_id)?.audiences?.push(audience);
    return rows;
  }

  private async currentFeedVersion(): Promise<number> {
    const [row] = await queryRows<{ version: string | number | null }>(
      this.database.db,
      sql`select max(version) as version from page_cache_tags`,
    );
    return Number(row?.version ?? 0);
  }

  /** Builds both indexes from the database and swaps them in. */
  async reindex(): Promise<ReindexStats> {
    const started = performance.now();
    // Read the feed position first: a change committed during the build is applied again afterwards.
    const version = await this.currentFeedVersion();
    await this.loadSite();
    const categories = await this.loadCategories();
    this.categoryMap = new Map(categories.map((c) => [c.id, c]));
    await this.loadBuyerCatalogs();
    this.scopesFull = false;
    const context = this.context();
    const products = new TextIndex();
    products.setCategories(categories);
    let last = '';
    for (;;) {
      const after = last;
      const rows = await this.productRows(sql`p.id > ${after} order by p.id limit ${PAGE}`, (page) => {
        const through = (page.at(-1) as { id: string }).id;
        return sql`product_id > ${after} and product_id <= ${through}`;
      });
      for (const row of rows) {
        const doc = productDoc(row, context);
        if (doc) this.upsertProduct(products, doc);
      }
      if (rows.length < PAGE) break;
      last = (rows.at(-1) as ProductRow).id;
    }
    products.compact();
    const content = new TextIndex();
    content.setCategories(categories);
    for (const row of await this.routeRows(sql`true`)) {
      const doc = routeDoc(row, context);
      if (doc) content.upsert(doc);
    }
    content.compact();
    this.products = products;
    this.content = content;
    this.feedVersion = Math.max(this.feedVersion, version);
    const stats = {
      products: products.live,
      content: content.live,
      ms: Math.round(performance.now() - started),
    };
    this.lastReindex = stats;
    this.log(`indexed ${stats.products} products and ${stats.content} pages in ${stats.ms} ms`);
    return stats;
  }

  private routeRows(where: ReturnType<typeof sql>): Promise<RouteRow[]> {
    return queryRows<RouteRow>(
      this.database.db,
      sql`select id, locale, data from content_items where type = 'route' and ${where}`,
    );
  }

  /**
   * Applies what the feed says changed since the last read. Concurrent calls share one run; a call
   * arriving during a run causes one more run after it (it may follow a commit the run started before).
   */
  sync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.again = false;
          await this.syncOnce();
        } while (this.again && !this.stopped);
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const changes = await queryRows<{ tag: string; version: string | number }>(
      this.database.db,
      sql`select tag, version from page_cache_tags where version > ${this.feedVersion} order by version`,
    );
    if (changes.length === 0) return;
    const top = Math.max(...changes.map((c) => Number(c.version)));
    const products = new Set<string>();
    const routes = new Map<string, { locale: string; id: string }>();
    let site = false;
    let categories = false;
    let everything = false;
    for (const { tag } of changes) {
      if (tag === 'all' || tag === 'catalogue' || tag.startsWith('catalog:')) everything = true;
      else if (tag.startsWith('product:')) products.add(tag.slice('product:'.length));
      else if (tag.startsWith('category:') || tag.startsWith('categories:') || tag.startsWith('menu:'))
        categories = true;
      else if (tag.startsWith('content:')) {
        const [, type, locale, ...rest] = tag.split(':');
        if (type === 'route' && locale && rest.length > 0) {
          const id = rest.join(':');
          routes.set(`${locale}|${id}`, { locale, id });
        } else if (type && SITE_TYPES.includes(type)) site = true;
      }
    }
    if (site && !everything) {
      // Locales decide every document's scopes and languages: a change there rebuilds (rare).
      const before = JSON.stringify(this.locales.all);
      await this.loadSite();
      if (JSON.stringify(this.locales.all) !== before) everything = true;
    }
    if (everything) {
      await this.reindex();
      this.feedVersion = Math.max(this.feedVersion, top);
      return;
    }
    if (categories) await this.refreshCategories(products);
    if (products.size > 0) await this.refreshProducts([...products]);
    if (routes.size > 0) await this.refreshRoutes([...routes.values()]);
    this.feedVersion = Math.max(this.feedVersion, top);
  }

  private async refreshCategories(products: Set<string>): Promise<void> {
    const categories = await this.loadCategories();
    const before = this.categoryMap;
    const changed = categories.filter((c) => {
      const old = before.get(c.id);
      return !old || old.parentId !== c.parentId || namesOf(old) !== namesOf(c);
    });
    const now = new Set(categories.map((c) => c.id));
    const removed = [...before.keys()].filter((id) => !now.has(id));
    this.categoryMap = new Map(categories.map((c) => [c.id, c]));
    this.products.setCategories(categories);
    this.content.setCategories(categories);
    // Products below a renamed or moved category show its name in their trail.
    for (const id of [...changed.map((c) => c.id), ...removed]) {
      for (const [category, docs] of this.products.categoryDocs) {
        if (category !== id && !this.isBelow(category, id)) continue;
        for (let i = 0; i < docs.length; i++) {
          const doc = this.products.docs[docs.ids[i] as number];
          if (doc) products.add(doc.key);
        }
      }
    }
  }

  private isBelow(category: string, ancestor: string): boolean {
    let current = this.categoryMap.get(category);
    for (let depth = 0; current && depth < 16; depth++) {
      if (current.parentId === ancestor) return true;
      current = current.parentId ? this.categoryMap.get(current.parentId) : undefined;
    }
    return false;
  }

  private async refreshProducts(ids: string[]): Promise<void> {
    const context = this.context();
    for (let i = 0; i < ids.length; i += PAGE) {
      const batch = ids.slice(i, i + PAGE);
      const list = sql.join(
        batch.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await this.productRows(sql`p.id in (${list})`, sql`product_id in (${list})`);
      const found = new Set<string>();
      for (const row of rows) {
        found.add(row.id);
        const doc = productDoc(row, context);
        if (doc) this.upsertProduct(this.products, doc);
        else this.products.remove(row.id);
      }
      for (const id of batch) if (!found.has(id)) this.products.remove(id);
    }
  }

  private async refreshRoutes(routes: { locale: string; id: string }[]): Promise<void> {
    const context = this.context();
    for (const { locale, id } of routes) {
      const rows = await this.routeRows(sql`locale = ${locale} and id = ${id}`);
      const row = rows[0];
      const doc = row ? routeDoc(row, context) : null;
      const path = row && typeof row.data.path === 'string' ? row.data.path : id;
      if (doc) this.content.upsert(doc);
      else this.content.remove(contentKey(locale, path));
    }
  }
}

function namesOf(category: TrailCategory): string {
  return JSON.stringify([category.names, [...category.byCatalog.entries()].sort()]);
}
