import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { xp } from './columns';

/**
 * Promotions: a code, eligibility and value expressions evaluated against an order (step 4), dates,
 * redemption limits; given to all buyers or assigned to buyers and groups.
 */

export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull().default(''),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    finePrint: text('fine_print'),
    lineItemLevel: boolean('line_item_level').notNull().default(false),
    redemptionLimit: integer('redemption_limit'),
    redemptionLimitPerUser: integer('redemption_limit_per_user'),
    redemptionCount: integer('redemption_count').notNull().default(0),
    quantityLimitPerOrder: integer('quantity_limit_per_order'),
    itemLimitPerOrder: integer('item_limit_per_order'),
    itemSortBy: text('item_sort_by'),
    startDate: timestamp('start_date', { withTimezone: true }),
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    eligibleExpression: text('eligible_expression').notNull().default('true'),
    valueExpression: text('value_expression').notNull(),
    canCombine: boolean('can_combine').notNull().default(false),
    allowAllBuyers: boolean('allow_all_buyers').notNull().default(false),
    autoApply: boolean('auto_apply').notNull().default(false),
    active: boolean('active').notNull().default(true),
    useIntegration: boolean('use_integration').notNull().default(false),
    priority: integer('priority'),
    xp: xp(),
  },
  (t) => [uniqueIndex('promotions_code_key').on(sql`lower(${t.code})`)],
);

export const promotionAssignments = pgTable(
  'promotion_assignments',
  {
    promotionId: text('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.buyerId, t.userGroupId] }),
    index('promotion_assignments_buyer_idx').on(t.buyerId, t.userGroupId),
  ],
);
