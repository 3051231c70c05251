import { boolean, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { catalogs, categories, products } from './catalog';
import { xp } from './columns';

/** Bundles: products sold together, assigned to catalogs, categories, buyers and groups. */

export const bundles = pgTable('bundles', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().default(''),
  name: text('name').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(false),
  xp: xp(),
});

export const bundleAssignments = pgTable(
  'bundle_assignments',
  {
    bundleId: text('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.buyerId, t.userGroupId] }),
    index('bundle_assignments_buyer_idx').on(t.buyerId, t.userGroupId),
  ],
);

export const bundleProductAssignments = pgTable(
  'bundle_product_assignments',
  {
    bundleId: text('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    required: boolean('required').notNull().default(false),
    defaultQuantity: integer('default_quantity'),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.productId] }),
    index('bundle_product_assignments_product_idx').on(t.productId),
  ],
);

export const catalogBundleAssignments = pgTable(
  'catalog_bundle_assignments',
  {
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    bundleId: text('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.bundleId] })],
);

export const categoryBundleAssignments = pgTable(
  'category_bundle_assignments',
  {
    catalogId: text('catalog_id').notNull(),
    categoryId: text('category_id').notNull(),
    bundleId: text('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    listOrder: integer('list_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.categoryId, t.bundleId] }),
    foreignKey({
      name: 'category_bundle_assignments_category_fk',
      columns: [t.catalogId, t.categoryId],
      foreignColumns: [categories.catalogId, categories.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);
