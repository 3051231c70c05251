import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { xp } from './columns';

/**
 * The catalogue half of the commerce service (OrderCloud's Catalogs, Categories, Products,
 * PriceSchedules and their assignments). Localised names and product attributes live in `xp`,
 * as they would on OrderCloud.
 */

export const catalogs = pgTable('catalogs', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().default(''),
  name: text('name').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  xp: xp(),
});

export const catalogAssignments = pgTable(
  'catalog_assignments',
  {
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    buyerId: text('buyer_id').notNull(),
    viewAllCategories: boolean('view_all_categories').notNull().default(true),
    viewAllProducts: boolean('view_all_products').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.buyerId] }),
    index('catalog_assignments_buyer_idx').on(t.buyerId),
  ],
);

export const categories = pgTable(
  'categories',
  {
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: text('id').notNull(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    description: text('description'),
    listOrder: integer('list_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    xp: xp(),
    /** A small number for the category in `product_listing` (IDs are long dotted paths); never shown. */
    listingKey: integer('listing_key').generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.id] }),
    index('categories_parent_idx').on(t.catalogId, t.parentId, t.listOrder),
    uniqueIndex('categories_listing_key_idx').on(t.listingKey),
  ],
);

export const priceSchedules = pgTable('price_schedules', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().default(''),
  name: text('name').notNull(),
  applyTax: boolean('apply_tax').notNull().default(false),
  applyShipping: boolean('apply_shipping').notNull().default(false),
  minQuantity: integer('min_quantity').notNull().default(1),
  maxQuantity: integer('max_quantity'),
  useCumulativeQuantity: boolean('use_cumulative_quantity').notNull().default(false),
  restrictedQuantity: boolean('restricted_quantity').notNull().default(false),
  currency: text('currency').notNull().default('USD'),
  saleStart: timestamp('sale_start', { withTimezone: true }),
  saleEnd: timestamp('sale_end', { withTimezone: true }),
  xp: xp(),
});

/** Money as numeric, never floating point. */
export const priceBreaks = pgTable(
  'price_breaks',
  {
    priceScheduleId: text('price_schedule_id')
      .notNull()
      .references(() => priceSchedules.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    salePrice: numeric('sale_price', { precision: 14, scale: 4 }),
  },
  (t) => [primaryKey({ columns: [t.priceScheduleId, t.quantity] })],
);

/**
 * Each price schedule as the buyer's product JSON shows it (`PriceSchedule`), without `IsOnSale` (which
 * depends on the time it is read): kept by triggers on `price_schedules` and `price_breaks` in the
 * writing transaction (migration 0044), so rendering a page of products copies text instead of building
 * each schedule's JSON with its breaks again.
 */
export const priceScheduleJson = pgTable('price_schedule_json', {
  priceScheduleId: text('price_schedule_id')
    .primaryKey()
    .references(() => priceSchedules.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  wire: text('wire').notNull(),
});

/**
 * Each product's own part of the buyer's product JSON, kept by triggers on `products`,
 * `spec_product_assignments` and `variants` in the writing transaction (migration 0045): `head` is the
 * object up to its Inventory, without the closing brace, and `tail` is `,"xp":…}`. The reading statement
 * puts the PriceSchedule the user pays between them, so a page of products copies text instead of
 * building each product's JSON and writing out its xp again (issue 21).
 */
export const productJson = pgTable('product_json', {
  productId: text('product_id')
    .primaryKey()
    .references((): AnyPgColumn => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  head: text('head').notNull(),
  tail: text('tail').notNull(),
});

/**
 * GIN indexes with a small pending list (64 kB, the least PostgreSQL allows; default 4 MB): every probe
 * of a GIN index reads its whole pending list, and PGlite has no autovacuum to fold the list into the
 * index. After the dataset load a probe took 10–25 ms, and a 100-value xp filter probes 200 times per
 * statement (0.4 s, six statements per /me/products). With 64 kB the list is folded in by the writes
 * themselves: a probe costs microseconds, and loading the dataset takes no longer (fastupdate off doubled it).
 */
const GIN_SMALL_PENDING_LIST = { gin_pending_list_limit: 64 };

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull().default(''),
    name: text('name').notNull(),
    description: text('description'),
    quantityMultiplier: integer('quantity_multiplier').notNull().default(1),
    shipWeight: numeric('ship_weight', { precision: 12, scale: 3 }),
    shipHeight: numeric('ship_height', { precision: 12, scale: 3 }),
    shipWidth: numeric('ship_width', { precision: 12, scale: 3 }),
    shipLength: numeric('ship_length', { precision: 12, scale: 3 }),
    active: boolean('active').notNull().default(true),
    defaultPriceScheduleId: text('default_price_schedule_id').references(() => priceSchedules.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    defaultSupplierId: text('default_supplier_id'),
    returnable: boolean('returnable').notNull().default(false),
    autoForward: boolean('auto_forward').notNull().default(false),
    allSuppliersCanSell: boolean('all_suppliers_can_sell').notNull().default(false),
    shipFromAddressId: text('ship_from_address_id'),
    /** Product.Inventory: tracked when enabled, per variant when VariantLevelTracking. */
    inventoryEnabled: boolean('inventory_enabled').notNull().default(false),
    inventoryNotificationPoint: integer('inventory_notification_point'),
    inventoryVariantLevelTracking: boolean('inventory_variant_level_tracking').notNull().default(false),
    inventoryOrderCanExceed: boolean('inventory_order_can_exceed').notNull().default(false),
    inventoryQuantityAvailable: integer('inventory_quantity_available'),
    inventoryLastUpdated: timestamp('inventory_last_updated', { withTimezone: true }),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    xp: xp(),
  },
  (t) => [
    index('products_xp_gin').using('gin', t.xp.op('jsonb_path_ops')).with(GIN_SMALL_PENDING_LIST),
    // xp equality filters are case-insensitive: a containment test on the lowercased document narrows first.
    index('products_xp_lower_gin')
      .using('gin', sql`(lower((${t.xp})::text)::jsonb) jsonb_path_ops`)
      .with(GIN_SMALL_PENDING_LIST),
    // The list kernel's search is lower(column) like '%term%': trigram indexes answer it without a scan.
    index('products_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with(GIN_SMALL_PENDING_LIST),
    index('products_id_trgm').using('gin', sql`lower(${t.id}) gin_trgm_ops`).with(GIN_SMALL_PENDING_LIST),
    index('products_description_trgm')
      .using('gin', sql`lower(${t.description}) gin_trgm_ops`)
      .with(GIN_SMALL_PENDING_LIST),
  ],
);

export const catalogProductAssignments = pgTable(
  'catalog_product_assignments',
  {
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.productId] }),
    index('catalog_product_assignments_product_idx').on(t.productId),
  ],
);

export const categoryProductAssignments = pgTable(
  'category_product_assignments',
  {
    catalogId: text('catalog_id').notNull(),
    categoryId: text('category_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    listOrder: integer('list_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.categoryId, t.productId] }),
    foreignKey({
      columns: [t.catalogId, t.categoryId],
      foreignColumns: [categories.catalogId, categories.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('category_product_assignments_product_idx').on(t.productId),
  ],
);

/** A product assigned to a buyer (or one of its user groups), optionally with its own price schedule. */
export const productAssignments = pgTable(
  'product_assignments',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id').notNull().default(''),
    priceScheduleId: text('price_schedule_id').references(() => priceSchedules.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.buyerId, t.userGroupId] }),
    index('product_assignments_buyer_idx').on(t.buyerId, t.userGroupId),
  ],
);

/** A category shown to a buyer or one of its user groups; `ViewAllProducts` passes down the tree. */
export const categoryAssignments = pgTable(
  'category_assignments',
  {
    catalogId: text('catalog_id').notNull(),
    categoryId: text('category_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id').notNull().default(''),
    visible: boolean('visible'),
    viewAllProducts: boolean('view_all_products'),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.categoryId, t.buyerId, t.userGroupId] }),
    foreignKey({
      columns: [t.catalogId, t.categoryId],
      foreignColumns: [categories.catalogId, categories.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('category_assignments_buyer_idx').on(t.buyerId, t.userGroupId),
  ],
);

/**
 * Buyer visibility, kept by triggers (migration 0034) in the same transactions as the catalogue writes it
 * derives from, so `/me/products` reads it instead of walking the category tree per row. One row per way a
 * subject (the company, `user_group_id` '', or one of its groups) reaches a product of an active catalog
 * assigned to the company: `category_id` '' and `lvl` -1 for ViewAllProducts on the catalog assignment or
 * a product assignment (`granted` true); otherwise the nearest ViewAllProducts the subject sets up the
 * tree from an active category holding the product, `lvl` steps up, `granted` its value. A user sees the
 * product when one of their subjects' rows grants it and none of their subjects' rows for the same
 * category denies it nearer (`catalog/visibility.ts`).
 */
export const buyerProductVisibility = pgTable(
  'buyer_product_visibility',
  {
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id').notNull(),
    catalogId: text('catalog_id').notNull(),
    productId: text('product_id').notNull(),
    categoryId: text('category_id').notNull(),
    lvl: integer('lvl').notNull(),
    granted: boolean('granted').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.catalogId, t.productId, t.categoryId, t.userGroupId] }),
    index('buyer_product_visibility_product_idx').on(t.buyerId, t.productId),
  ],
);

/**
 * The listing read model (migration 0035): one narrow row per product with what a buyer's product list
 * filters, counts and facets on, kept by triggers in the same transactions as the catalogue writes, so
 * `/me/products` selects, counts and facets a list from this narrow row instead of the product row
 * (1.7 kB with its xp) and its assignment tables. `catalogs`: the catalogs holding the product;
 * `placed`: the `listing_key` of every category it is assigned to; `within`: those and every ancestor
 * of them (so "category C with all its descendants" is one `@>` on the GIN index); `facets`:
 * `XpPath␟value` (U+001F between) for every product facet's values as stored; `filter_tokens`: the same
 * for string and boolean values, lowercased, which answers `xp.<facet path>=value` filters;
 * `search_text`: ID, name and description lowercased, one per line, for `search` (trigram index). The
 * sort indexes hold the exact keys a list sorts by ID or Name, so a capped search reads them in order.
 */
export const productListing = pgTable(
  'product_listing',
  {
    productId: text('product_id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull(),
    catalogs: text('catalogs').array().notNull(),
    placed: integer('placed').array().notNull(),
    within: integer('within').array().notNull(),
    facets: text('facets').array().notNull(),
    filterTokens: text('filter_tokens').array().notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    index('product_listing_search_trgm')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(GIN_SMALL_PENDING_LIST),
    index('product_listing_id_sort').on(
      sql`(lower(${t.productId}) collate "C")`,
      sql`(${t.productId} collate "C")`,
    ),
    index('product_listing_name_sort').on(
      sql`(lower(${t.name}) collate "C")`,
      sql`(${t.name} collate "C")`,
      sql`(${t.productId} collate "C")`,
    ),
    index('product_listing_within_gin').using('gin', t.within).with(GIN_SMALL_PENDING_LIST),
    index('product_listing_placed_gin').using('gin', t.placed).with(GIN_SMALL_PENDING_LIST),
    index('product_listing_filter_gin').using('gin', t.filterTokens).with(GIN_SMALL_PENDING_LIST),
  ],
);

/**
 * How many active products of a catalog each category holds (its descendants' included; key 0: the
 * whole catalog), in all (`token` '') and per facet value (`token` as in `product_listing.facets`), for
 * every catalog in a product's `catalogs` and every key in its `within` (issue 21). A list without
 * filters or search takes its total and its facet counts from here instead of counting thousands of
 * rows per request. Kept in step with `product_listing` by a trigger on it (migration 0039); rows whose
 * count falls to 0 are deleted.
 */
export const listingFacetCounts = pgTable(
  'listing_facet_counts',
  {
    catalogId: text('catalog_id').notNull(),
    categoryKey: integer('category_key').notNull(),
    token: text('token').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.categoryKey, t.token] }),
    index('listing_facet_counts_empty').on(t.catalogId).where(sql`${t.n} = 0`),
  ],
);

/**
 * Every active product of a catalog once per category of that catalog it is within (its descendants'
 * included; key 0: the whole catalog), in ID order (issue 21): the page of a list without filters or search sorted by ID
 * is a range of this index, however large the category, where the listing's GIN index would fetch and
 * sort every product of the category. Kept in step with `product_listing` by the trigger that keeps
 * `listing_facet_counts` (migration 0041).
 */
export const listingPositions = pgTable(
  'listing_positions',
  {
    catalogId: text('catalog_id').notNull(),
    categoryKey: integer('category_key').notNull(),
    productId: text('product_id').notNull(),
  },
  (t) => [
    // The one index: list order, and the key a product's positions are deleted by.
    uniqueIndex('listing_positions_id_order').on(
      t.catalogId,
      t.categoryKey,
      sql`(lower(${t.productId}) collate "C")`,
      sql`(${t.productId} collate "C")`,
    ),
  ],
);

/**
 * The listing's change feed (issue 21): for every product whose `product_listing` row was inserted,
 * changed or deleted, the version of the last committed transaction that did it. A deferred trigger
 * (migration 0042) writes it at commit, the version taken from `cache_generations('listing')` under that
 * row's lock, so versions are in commit order: an instance that has read up to version N has every
 * earlier change. The row with product ID '' marks a rewrite of every product (a rebuild, a facet
 * change): readers load the whole listing again. The commerce service's in-memory listing index
 * (`catalog/listing-index/`) follows it.
 */
export const listingChanges = pgTable(
  'listing_changes',
  {
    productId: text('product_id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [index('listing_changes_version_idx').on(t.version)],
);
