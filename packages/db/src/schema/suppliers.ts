import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { priceSchedules, products } from './catalog';
import { xp } from './columns';

/**
 * Suppliers (OrderCloud's Suppliers): companies that sell some products on the marketplace. Their users,
 * groups and addresses live in the identity tables with company_type 'supplier'.
 */

export const suppliers = pgTable('suppliers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  allBuyersCanOrder: boolean('all_buyers_can_order').notNull().default(false),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  xp: xp(),
});

/** The buyers a supplier may sell to (besides AllBuyersCanOrder). */
export const supplierBuyers = pgTable(
  'supplier_buyers',
  {
    supplierId: text('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    buyerId: text('buyer_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.buyerId] }),
    index('supplier_buyers_buyer_idx').on(t.buyerId),
  ],
);

/** The suppliers that sell a product, each optionally with its own default price schedule. */
export const productSuppliers = pgTable(
  'product_suppliers',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    supplierId: text('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    defaultPriceScheduleId: text('default_price_schedule_id').references(() => priceSchedules.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.supplierId] }),
    index('product_suppliers_supplier_idx').on(t.supplierId),
  ],
);
