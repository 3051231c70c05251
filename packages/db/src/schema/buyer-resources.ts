import { boolean, index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { xp } from './columns';

/**
 * What a company keeps for its users: addresses, cost centers, credit cards, spending accounts and
 * approval rules, plus one assignment table that gives any of them to a whole company, a user group or a
 * user. `company_type`/`company_id` follow users ('seller' with '' for the marketplace owner).
 */
const created = () => timestamp('date_created', { withTimezone: true }).notNull().defaultNow();

export const addresses = pgTable(
  'addresses',
  {
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    /** For personal addresses (/me/addresses): the owning user; '' for company addresses. */
    ownerUserId: text('owner_user_id').notNull().default(''),
    id: text('id').notNull(),
    companyName: text('company_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    street1: text('street1').notNull(),
    street2: text('street2'),
    city: text('city').notNull(),
    state: text('state'),
    zip: text('zip'),
    country: text('country').notNull(),
    phone: text('phone'),
    addressName: text('address_name'),
    dateCreated: created(),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.companyType, t.companyId, t.id] })],
);

export const costCenters = pgTable(
  'cost_centers',
  {
    buyerId: text('buyer_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.id] })],
);

export const creditCards = pgTable(
  'credit_cards',
  {
    buyerId: text('buyer_id').notNull(),
    /** Personal cards (/me/creditcards) belong to one user; '' for company cards. */
    ownerUserId: text('owner_user_id').notNull().default(''),
    id: text('id').notNull(),
    token: text('token'),
    cardType: text('card_type'),
    partialAccountNumber: text('partial_account_number'),
    cardholderName: text('cardholder_name'),
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    dateCreated: created(),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.id] })],
);

export const spendingAccounts = pgTable(
  'spending_accounts',
  {
    buyerId: text('buyer_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    balance: numeric('balance', { precision: 14, scale: 4 }).notNull().default('0'),
    allowAsPaymentMethod: boolean('allow_as_payment_method').notNull().default(false),
    redemptionCode: text('redemption_code'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.id] })],
);

export const approvalRules = pgTable(
  'approval_rules',
  {
    /** The buyer whose orders the rule applies to, or '' for marketplace-wide (seller) rules. */
    ownerId: text('owner_id').notNull(),
    id: text('id').notNull(),
    name: text('name'),
    description: text('description'),
    /** Seller rules apply to `Order` or `OrderReturn`; buyer rules always to orders. */
    approvalType: text('approval_type').notNull().default('Order'),
    approvingGroupId: text('approving_group_id').notNull(),
    ruleExpression: text('rule_expression').notNull(),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.id] })],
);

/**
 * `kind` is address | costcenter | creditcard | spendingaccount. Company level has user_group_id and
 * user_id both ''. Addresses add IsShipping/IsBilling; spending accounts add AllowExceed.
 */
export const buyerAssignments = pgTable(
  'buyer_assignments',
  {
    kind: text('kind').notNull(),
    buyerId: text('buyer_id').notNull(),
    objectId: text('object_id').notNull(),
    userGroupId: text('user_group_id').notNull().default(''),
    userId: text('user_id').notNull().default(''),
    isShipping: boolean('is_shipping'),
    isBilling: boolean('is_billing'),
    allowExceed: boolean('allow_exceed'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.buyerId, t.objectId, t.userGroupId, t.userId] }),
    index('buyer_assignments_user_idx').on(t.kind, t.buyerId, t.userId),
  ],
);
