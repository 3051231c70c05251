import type { Db } from '@catalogue/db';
import { sql } from 'drizzle-orm';

/**
 * The order half of `renames.ts`: columns of orders, carts, approvals, payments, shipments and
 * subscriptions that name a renamed object without a foreign key. (Order IDs themselves, line items,
 * payments and their transactions, shipment items, returns and cart pointers follow an order's or line
 * item's rename by foreign key.) Snapshots kept for history — FromUser, addresses, LineItem.Product — keep
 * what they showed; the ID columns beside them follow, so unsubmitted orders keep working.
 */

type CompanyType = 'seller' | 'buyer' | 'supplier';

/** A buyer or supplier renamed. */
export async function ordersFollowCompany(
  tx: Db,
  companyType: CompanyType,
  from: string,
  to: string,
): Promise<void> {
  await tx.execute(sql`update orders set from_company_id = ${to}
    where from_company_type = ${companyType} and from_company_id = ${from}`);
  await tx.execute(sql`update orders set to_company_id = ${to}
    where to_company_type = ${companyType} and to_company_id = ${from}`);
  await tx.execute(sql`update active_carts set company_id = ${to}
    where company_type = ${companyType} and company_id = ${from}`);
  await tx.execute(sql`update order_approvals set approver_company_id = ${to}
    where approver_company_type = ${companyType} and approver_company_id = ${from}`);
  // Quotes (docs/quotes-wire.md): who acted and who wrote, by company.
  const side = companyType === 'seller' ? 'seller' : 'buyer';
  await tx.execute(sql`update quote_events set actor_company_id = ${to}
    where actor_type = ${side} and actor_company_id = ${from}`);
  await tx.execute(sql`update quote_messages set from_company_id = ${to}
    where from_side = ${side === 'seller' ? 'Seller' : 'Buyer'} and from_company_id = ${from}`);
  if (companyType === 'buyer') {
    await tx.execute(sql`update shipments set buyer_id = ${to} where buyer_id = ${from}`);
    await tx.execute(sql`update subscriptions set from_company_id = ${to} where from_company_id = ${from}`);
  } else {
    await tx.execute(sql`update shipments set owner_id = ${to} where owner_id = ${from}`);
    await tx.execute(sql`update line_items set supplier_id = ${to} where supplier_id = ${from}`);
    await tx.execute(sql`update subscriptions set to_company_id = ${to} where to_company_id = ${from}`);
  }
}

/** A user renamed: the orders they send, their cart pointer, approvals they decided, subscriptions. */
export async function ordersFollowUser(
  tx: Db,
  companyType: CompanyType,
  companyId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx.execute(sql`update orders set from_user_id = ${to}
    where from_company_type = ${companyType} and from_company_id = ${companyId} and from_user_id = ${from}`);
  await tx.execute(sql`update active_carts set user_key = ${to}
    where company_type = ${companyType} and company_id = ${companyId} and user_key = ${from}`);
  await tx.execute(sql`update order_approvals set approver_user_id = ${to}
    where approver_company_type = ${companyType} and approver_company_id = ${companyId}
      and approver_user_id = ${from}`);
  if (companyType === 'buyer') {
    await tx.execute(sql`update subscriptions set from_user_id = ${to}
      where from_company_id = ${companyId} and from_user_id = ${from}`);
  }
  // Quotes: the assignee and the sender of revisions are the marketplace's users; events and messages
  // name whoever acted or wrote.
  if (companyType === 'seller') {
    await tx.execute(sql`update quotes set assigned_user_id = ${to} where assigned_user_id = ${from}`);
    await tx.execute(sql`update quote_revisions set sent_by_user_id = ${to} where sent_by_user_id = ${from}`);
  }
  const side = companyType === 'seller' ? 'seller' : 'buyer';
  await tx.execute(sql`update quote_events set actor_user_id = ${to}
    where actor_type = ${side} and actor_company_id = ${companyId} and actor_user_id = ${from}`);
  await tx.execute(sql`update quote_messages set from_user_id = ${to}
    where from_side = ${side === 'seller' ? 'Seller' : 'Buyer'} and from_company_id = ${companyId}
      and from_user_id = ${from}`);
}

/** A user group renamed: the approvals it is asked for. */
export async function ordersFollowUserGroup(
  tx: Db,
  companyType: CompanyType,
  companyId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx.execute(sql`update order_approvals set approving_group_id = ${to}
    where approving_group_id = ${from}
      and ((approver_company_type = ${companyType} and approver_company_id = ${companyId})
        or (approver_company_type is null and ${companyType} = 'buyer'
          and order_id in (select id from orders where from_company_type = 'buyer' and from_company_id = ${companyId})))`);
  await tx.execute(sql`update order_return_approvals set approving_group_id = ${to}
    where approving_group_id = ${from} and ${companyType} = 'seller'`);
}

/** A buyer's address, cost center, credit card or spending account renamed: the orders of that buyer. */
export async function ordersFollowBuyerObject(
  tx: Db,
  kind: 'address' | 'costcenter' | 'creditcard' | 'spendingaccount',
  buyerId: string,
  from: string,
  to: string,
): Promise<void> {
  const ofBuyer = sql`(select id from orders where from_company_type = 'buyer' and from_company_id = ${buyerId})`;
  if (kind === 'address') {
    await tx.execute(sql`update orders set billing_address_id = ${to}
      where billing_address_id = ${from} and id in ${ofBuyer}`);
    await tx.execute(sql`update orders set shipping_address_id = ${to}
      where shipping_address_id = ${from} and id in ${ofBuyer}`);
    await tx.execute(sql`update line_items set shipping_address_id = ${to}
      where shipping_address_id = ${from} and order_id in ${ofBuyer}`);
    await tx.execute(sql`update subscriptions set billing_address_id = ${to}
      where billing_address_id = ${from} and from_company_id = ${buyerId}`);
    await tx.execute(sql`update subscriptions set shipping_address_id = ${to}
      where shipping_address_id = ${from} and from_company_id = ${buyerId}`);
  } else if (kind === 'costcenter') {
    await tx.execute(sql`update line_items set cost_center = ${to}
      where cost_center = ${from} and order_id in ${ofBuyer}`);
  } else if (kind === 'creditcard') {
    await tx.execute(sql`update payments set credit_card_id = ${to}
      where credit_card_id = ${from} and order_id in ${ofBuyer}`);
  } else {
    await tx.execute(sql`update payments set spending_account_id = ${to}
      where spending_account_id = ${from} and order_id in ${ofBuyer}`);
  }
}

/** A product renamed: line items and subscription items that order it. */
export async function ordersFollowProduct(tx: Db, from: string, to: string): Promise<void> {
  await tx.execute(sql`update line_items set product_id = ${to} where product_id = ${from}`);
  await tx.execute(sql`update subscription_items set product_id = ${to} where product_id = ${from}`);
  await tx.execute(sql`update quote_lines set product_id = ${to} where product_id = ${from}`);
  await tx.execute(
    sql`update quote_lines set substitute_product_id = ${to} where substitute_product_id = ${from}`,
  );
  // The quote desk's search words (space-separated catalogue numbers), word by word.
  await tx.execute(sql`update quotes set catalogue_numbers = array_to_string(array(
      select case when w = ${from} then ${to} else w end
      from unnest(string_to_array(catalogue_numbers, ' ')) with ordinality as t (w, n) order by n), ' ')
    where ${from} = any(string_to_array(catalogue_numbers, ' '))`);
}

/** A promotion renamed: where it is applied. */
export async function ordersFollowPromotion(tx: Db, from: string, to: string): Promise<void> {
  await tx.execute(sql`update order_promotions set promotion_id = ${to} where promotion_id = ${from}`);
}

/** A bundle renamed: the line items and subscription items it added. */
export async function ordersFollowBundle(tx: Db, from: string, to: string): Promise<void> {
  await tx.execute(sql`update line_items set bundle_id = ${to} where bundle_id = ${from}`);
  await tx.execute(sql`update subscription_items set bundle_id = ${to} where bundle_id = ${from}`);
}

/** An approval rule renamed: the approvals it asked for (a buyer's rule on its orders, or the marketplace's). */
export async function ordersFollowApprovalRule(
  tx: Db,
  ownerId: string,
  from: string,
  to: string,
): Promise<void> {
  if (ownerId === '') {
    await tx.execute(sql`update order_approvals set approval_rule_id = ${to}
      where approval_rule_id = ${from} and approver_company_type = 'seller'`);
    await tx.execute(
      sql`update order_return_approvals set approval_rule_id = ${to} where approval_rule_id = ${from}`,
    );
    return;
  }
  await tx.execute(sql`update order_approvals set approval_rule_id = ${to}
    where approval_rule_id = ${from}
      and order_id in (select id from orders where from_company_type = 'buyer' and from_company_id = ${ownerId})
      and coalesce(approver_company_type, 'buyer') = 'buyer'`);
}
