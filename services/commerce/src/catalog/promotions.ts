import type { Db } from '@catalogue/db';
import { promotionAssignments, promotions } from '@catalogue/db/schema';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { assertSeller } from '../identity/scopes';
import { validateExpression } from '../orders/expressions';
import { mountBuyerGroupAssignments } from '../resources/buyer-group-assignments';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { ordersFollowPromotion } from '../resources/order-renames';

const roles = rolesFor('PromotionAdmin', 'PromotionReader');
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });
export const EXPRESSION_MAX_LENGTH = 4000;
/** Non-empty text here; the expression language is checked on the written row (checkRules). */
const expression = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(EXPRESSION_MAX_LENGTH, `must be at most ${EXPRESSION_MAX_LENGTH} characters`);
const count = z.number().int('must be a whole number').min(0, 'must not be negative').max(1e9).nullish();
const toDate = (v: unknown) => (typeof v === 'string' ? new Date(v) : v);

export const PROMOTION_UNIQUE_CONSTRAINTS = {
  promotions_code_key: {
    errorCode: 'Promotion.CodeMustBeUnique',
    message: 'Code must be unique (ignoring case): another promotion has it.',
  },
};

export const promotionResource = new Resource({
  objectType: 'Promotion',
  table: promotions,
  id: promotions.id,
  renamed: (tx, before, after) => ordersFollowPromotion(tx, String(before.id), String(after.id)),
  columns: {
    ID: promotions.id,
    LineItemLevel: promotions.lineItemLevel,
    Code: promotions.code,
    Name: promotions.name,
    RedemptionLimit: promotions.redemptionLimit,
    RedemptionLimitPerUser: promotions.redemptionLimitPerUser,
    RedemptionCount: promotions.redemptionCount,
    QuantityLimitPerOrder: promotions.quantityLimitPerOrder,
    ItemLimitPerOrder: promotions.itemLimitPerOrder,
    ItemSortBy: promotions.itemSortBy,
    Description: promotions.description,
    FinePrint: promotions.finePrint,
    StartDate: promotions.startDate,
    ExpirationDate: promotions.expirationDate,
    EligibleExpression: promotions.eligibleExpression,
    ValueExpression: promotions.valueExpression,
    CanCombine: promotions.canCombine,
    AllowAllBuyers: promotions.allowAllBuyers,
    OwnerID: promotions.ownerId,
    AutoApply: promotions.autoApply,
    Active: promotions.active,
    UseIntegration: promotions.useIntegration,
    Priority: promotions.priority,
    xp: promotions.xp,
  },
  // RedemptionCount is counted by orders (read-only); OwnerID is the marketplace's.
  body: z.object({
    ID: idSchema.optional(),
    LineItemLevel: z.boolean().optional(),
    Code: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    Name: z.string().trim().min(1, 'must not be empty').max(100),
    RedemptionLimit: count,
    RedemptionLimitPerUser: count,
    QuantityLimitPerOrder: count,
    ItemLimitPerOrder: count,
    ItemSortBy: z.string().max(100).nullish(),
    Description: z.string().max(2000).nullish(),
    FinePrint: z.string().max(4000).nullish(),
    StartDate: isoDate.nullish(),
    ExpirationDate: isoDate.nullish(),
    EligibleExpression: expression.optional(),
    ValueExpression: expression,
    CanCombine: z.boolean().optional(),
    AllowAllBuyers: z.boolean().optional(),
    AutoApply: z.boolean().optional(),
    Active: z.boolean().optional(),
    UseIntegration: z.boolean().optional(),
    Priority: z.number().int('must be a whole number').min(0).max(1e6).nullish(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Code', 'Name', 'Description'],
  roles,
  uniqueConstraints: PROMOTION_UNIQUE_CONSTRAINTS,
  // A renamed promotion keeps its assignments (ON UPDATE CASCADE).
  prepare: async (values) => {
    return {
      ...values,
      ...('StartDate' in values ? { StartDate: toDate(values.StartDate) } : {}),
      ...('ExpirationDate' in values ? { ExpirationDate: toDate(values.ExpirationDate) } : {}),
    };
  },
});

/** The written row's dates, checked inside the write's transaction (so PATCH compares with stored values). */
async function checkDates(_tx: Db, row: Record<string, unknown>): Promise<void> {
  const start = row.startDate as Date | null;
  const end = row.expirationDate as Date | null;
  if (start && end && start.getTime() >= end.getTime()) {
    throw ApiError.of(400, 'ValidationFailure', 'ExpirationDate must be after StartDate.', {
      Property: 'ExpirationDate',
    });
  }
}

/**
 * The written row's rules (PATCH included, so LineItemLevel and the expressions are checked together):
 * EligibleExpression is a boolean and ValueExpression a number in the expression language
 * (orders/expressions), `item` only in line-item-level promotions (whose EligibleExpression must use it);
 * QuantityLimitPerOrder and ItemLimitPerOrder only for line-item-level promotions, not both; ItemSortBy is
 * a comma-separated list of line item properties, `!` reversing one.
 */
function checkRules(row: Record<string, unknown>): void {
  const lineItemLevel = row.lineItemLevel === true;
  for (const [property, kind, text] of [
    ['EligibleExpression', 'boolean', row.eligibleExpression],
    ['ValueExpression', 'number', row.valueExpression],
  ] as const) {
    const error = validateExpression(String(text ?? ''), kind, { lineItemLevel });
    if (error) {
      throw ApiError.of(
        400,
        'ValidationFailure',
        `${property}: ${error.message} (at position ${error.position}).`,
        { Property: property, Position: error.position, Reason: error.message },
      );
    }
  }
  for (const [property, value] of [
    ['QuantityLimitPerOrder', row.quantityLimitPerOrder],
    ['ItemLimitPerOrder', row.itemLimitPerOrder],
  ] as const) {
    if (value !== null && value !== undefined && !lineItemLevel) {
      throw ApiError.of(400, 'ValidationFailure', `${property} needs LineItemLevel true.`, {
        Property: property,
      });
    }
  }
  if (row.quantityLimitPerOrder != null && row.itemLimitPerOrder != null) {
    throw ApiError.of(
      400,
      'ValidationFailure',
      'QuantityLimitPerOrder and ItemLimitPerOrder cannot both be set.',
      { Property: 'ItemLimitPerOrder' },
    );
  }
  const sortBy = row.itemSortBy;
  if (typeof sortBy === 'string' && sortBy.trim() !== '') {
    const bad = sortBy.split(',').find((t) => !/^\s*!?[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*\s*$/.test(t));
    if (bad !== undefined) {
      throw ApiError.of(400, 'ValidationFailure', `ItemSortBy: "${bad.trim()}" is not a property name.`, {
        Property: 'ItemSortBy',
      });
    }
  }
}

/** /v1/promotions and their assignments to buyers and user groups. Marketplace users only. */
export function mountPromotions(app: Hono<CommerceEnv>, db: Db): void {
  mountBuyerGroupAssignments(app, db, {
    objectType: 'Promotion',
    wire: 'PromotionID',
    param: 'promotionID',
    table: promotionAssignments,
    objectColumn: promotionAssignments.promotionId,
    objectKey: 'promotionId',
    buyerColumn: promotionAssignments.buyerId,
    groupColumn: promotionAssignments.userGroupId,
    objectExists: async (d, id) => (await d.$count(promotions, eq(promotions.id, id))) > 0,
    roles,
    list: '/v1/promotions/assignments',
    remove: '/v1/promotions/:promotionID/assignments',
  });
  // Assignments go with the promotion (foreign key cascade).
  mountCrud(app, db, '/v1/promotions', promotionResource, {
    scope: (c) => {
      assertSeller(c.get('principal'), 'manage promotions');
      return { where: undefined, values: {} };
    },
    afterWrite: async (tx, row) => {
      await checkDates(tx, row);
      checkRules(row);
    },
  });
}
