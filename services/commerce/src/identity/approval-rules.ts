import type { Db } from '@catalogue/db';
import { approvalRules, userGroups } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { validateExpression } from '../orders/expressions';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { ordersFollowApprovalRule } from '../resources/order-renames';
import type { WriteContext } from '../resources/resource';
import { assertSeller, routeBuyer } from './scopes';

const roles = rolesFor('ApprovalRuleAdmin', 'ApprovalRuleReader');

const common = {
  ID: idSchema.optional(),
  Name: z.string().max(100).nullish(),
  Description: z.string().max(2000).nullish(),
  ApprovingGroupID: idSchema,
  RuleExpression: z.string().trim().min(1, 'must not be empty').max(2000),
  xp: xpSchema.optional(),
};

const columns = {
  ID: approvalRules.id,
  Name: approvalRules.name,
  Description: approvalRules.description,
  ApprovingGroupID: approvalRules.approvingGroupId,
  RuleExpression: approvalRules.ruleExpression,
  xp: approvalRules.xp,
};

/** The approving group must be a group of the rule's owner (a buyer's group, or an admin group). */
function groupMustExist() {
  return async (values: Record<string, unknown>, { scope, db }: WriteContext) => {
    const companyId = String(scope.values.ownerId ?? '');
    const companyType = companyId === '' ? 'seller' : 'buyer';
    const groupId = values.ApprovingGroupID;
    if (typeof groupId === 'string') {
      const found = await db.$count(
        userGroups,
        and(
          eq(userGroups.companyType, companyType),
          eq(userGroups.companyId, companyId),
          eq(userGroups.id, groupId),
        ),
      );
      if (found === 0) throw ApiError.notFound('UserGroup', groupId);
    }
    return values;
  };
}

/**
 * A RuleExpression must parse as a boolean expression of the rule language (orders/expressions): a rule
 * that could never be evaluated is refused when it is written, naming the problem and its position.
 */
function expressionMustParse(values: Record<string, unknown>): void {
  if (typeof values.RuleExpression !== 'string') return;
  const problem = validateExpression(values.RuleExpression, 'boolean');
  if (problem) {
    throw ApiError.of(
      400,
      'ValidationFailure',
      `RuleExpression is not valid: ${problem.message}${
        problem.message.endsWith(` at ${problem.position}`) ? '' : ` at ${problem.position}`
      }.`,
      { Property: 'RuleExpression', Position: problem.position, Reason: problem.message },
    );
  }
}

/** Both checks before a rule is written. */
function prepareRule() {
  const groupCheck = groupMustExist();
  return async (values: Record<string, unknown>, context: WriteContext) => {
    expressionMustParse(values);
    return groupCheck(values, context);
  };
}

/** Approval rules of a buyer (`/buyers/{buyerID}/approvalrules`) and of the marketplace (`/approvalrules`). */
export function mountApprovalRules(app: Hono<CommerceEnv>, db: Db): void {
  const sellerRules = new Resource({
    objectType: 'SellerApprovalRule',
    renamed: (tx, before, after) =>
      ordersFollowApprovalRule(tx, String(before.ownerId), String(before.id), String(after.id)),
    table: approvalRules,
    id: approvalRules.id,
    columns: { ...columns, OwnerID: approvalRules.ownerId, ApprovalType: approvalRules.approvalType },
    body: z.object({
      ...common,
      ApprovalType: z.enum(['Order', 'OrderReturn'], { error: 'must be Order or OrderReturn' }),
    }),
    searchOn: ['ID', 'Name', 'Description'],
    roles,
    sellerOnly: true,
    prepare: prepareRule(),
  });
  mountCrud(app, db, '/v1/approvalrules', sellerRules, {
    scope: (c) => {
      assertSeller(c.get('principal'), 'manage marketplace approval rules');
      return { where: eq(approvalRules.ownerId, ''), values: { ownerId: '' } };
    },
  });

  mountCrud(
    app,
    db,
    '/v1/buyers/:buyerID/approvalrules',
    new Resource({
      objectType: 'ApprovalRule',
      renamed: (tx, before, after) =>
        ordersFollowApprovalRule(tx, String(before.ownerId), String(before.id), String(after.id)),
      table: approvalRules,
      id: approvalRules.id,
      columns,
      body: z.object(common),
      searchOn: ['ID', 'Name', 'Description'],
      roles,
      prepare: prepareRule(),
    }),
    {
      scope: async (c) => {
        const buyerId = await routeBuyer(db, c);
        return { where: eq(approvalRules.ownerId, buyerId), values: { ownerId: buyerId } };
      },
    },
  );
}
