import { boolean, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { xp } from './columns';

/** Product specs (configurable options such as a length cut to order) with their options, and product facets. */

export const specs = pgTable('specs', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().default(''),
  listOrder: integer('list_order').notNull().default(0),
  name: text('name').notNull(),
  defaultValue: text('default_value'),
  required: boolean('required').notNull().default(false),
  allowOpenText: boolean('allow_open_text').notNull().default(false),
  defaultOptionId: text('default_option_id'),
  definesVariant: boolean('defines_variant').notNull().default(false),
  xp: xp(),
});

export const specOptions = pgTable(
  'spec_options',
  {
    specId: text('spec_id')
      .notNull()
      .references(() => specs.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: text('id').notNull(),
    value: text('value'),
    listOrder: integer('list_order').notNull().default(0),
    isOpenText: boolean('is_open_text').notNull().default(false),
    /** NoMarkup, AmountPerQuantity, AmountTotal or Percentage. */
    priceMarkupType: text('price_markup_type').notNull().default('NoMarkup'),
    priceMarkup: numeric('price_markup', { precision: 14, scale: 4 }),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.specId, t.id] })],
);

export const specProductAssignments = pgTable(
  'spec_product_assignments',
  {
    specId: text('spec_id')
      .notNull()
      .references(() => specs.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    defaultValue: text('default_value'),
    defaultOptionId: text('default_option_id'),
  },
  (t) => [
    primaryKey({ columns: [t.specId, t.productId] }),
    // A product page reads its specs by product.
    index('spec_product_assignments_product_idx').on(t.productId),
  ],
);

/** Product facets: an xp path whose values are counted in `Meta.Facets` of /me/products. */
export const productFacets = pgTable('product_facets', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().default(''),
  name: text('name').notNull(),
  xpPath: text('xp_path').notNull(),
  listOrder: integer('list_order').notNull().default(0),
  minCount: integer('min_count').notNull().default(1),
  xp: xp(),
});
