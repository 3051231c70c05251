import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { xp } from './columns';

/**
 * Variants (one per combination of a product's variant-defining spec options, made by
 * `POST /products/{id}/variants/generate`) and inventory records (stock per location, for a product or one
 * of its variants, visible to all buyers or to assigned buyers and groups).
 */

export const variants = pgTable(
  'variants',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(false),
    shipWeight: numeric('ship_weight', { precision: 12, scale: 3 }),
    shipHeight: numeric('ship_height', { precision: 12, scale: 3 }),
    shipWidth: numeric('ship_width', { precision: 12, scale: 3 }),
    shipLength: numeric('ship_length', { precision: 12, scale: 3 }),
    inventoryQuantityAvailable: integer('inventory_quantity_available'),
    inventoryNotificationPoint: integer('inventory_notification_point'),
    inventoryLastUpdated: timestamp('inventory_last_updated', { withTimezone: true }),
    /** VariantSpec[]: the spec options that define this variant, fixed when it was generated. */
    specs: jsonb('specs').notNull().default(sql`'[]'::jsonb`),
    /** The option combination ("specID:optionID|…"), so regeneration keeps a variant's edited ID and fields. */
    combination: text('combination').notNull(),
    xp: xp(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.id] }),
    index('variants_combination_idx').on(t.productId, t.combination),
  ],
);

/** `variant_id` is '' for product-level records. */
export const inventoryRecords = pgTable(
  'inventory_records',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    variantId: text('variant_id').notNull().default(''),
    id: text('id').notNull(),
    ownerId: text('owner_id').notNull().default(''),
    allowAllBuyers: boolean('allow_all_buyers').notNull().default(true),
    addressId: text('address_id').notNull(),
    orderCanExceed: boolean('order_can_exceed').notNull().default(false),
    quantityAvailable: integer('quantity_available').notNull().default(0),
    notificationPoint: integer('notification_point'),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.variantId, t.id] })],
);

export const inventoryRecordAssignments = pgTable(
  'inventory_record_assignments',
  {
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull().default(''),
    inventoryRecordId: text('inventory_record_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.variantId, t.inventoryRecordId, t.buyerId, t.userGroupId] }),
    foreignKey({
      name: 'inventory_record_assignments_record_fk',
      columns: [t.productId, t.variantId, t.inventoryRecordId],
      foreignColumns: [inventoryRecords.productId, inventoryRecords.variantId, inventoryRecords.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('inventory_record_assignments_buyer_idx').on(t.buyerId, t.userGroupId),
  ],
);
