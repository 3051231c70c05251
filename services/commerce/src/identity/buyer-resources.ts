import type { Db } from '@catalogue/db';
import {
  addresses,
  buyerAssignments,
  costCenters,
  creditCards,
  spendingAccounts,
} from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Hono } from 'hono';
import { z } from 'zod';
import { rolesFor } from '../auth/roles';
import type { CommerceEnv } from '../http/env';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameAddress, renameBuyerObject } from '../resources/renames';
import { type AssignmentKind, mountBuyerAssignments } from './buyer-assignments';
import { assertSeller, routeBuyer } from './scopes';

const text = (max = 100) => z.string().max(max, `must be at most ${max} characters`);
const required = (max = 100) => z.string().trim().min(1, 'must not be empty').max(max);
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });
const toDate = (v: unknown) => (v === null || v === undefined ? v : new Date(String(v)));

export const addressBody = z.object({
  ID: idSchema.optional(),
  CompanyName: text().nullish(),
  FirstName: text().nullish(),
  LastName: text().nullish(),
  Street1: required(),
  Street2: text().nullish(),
  City: required(),
  State: text().nullish(),
  Zip: text(20).nullish(),
  Country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code'),
  Phone: text().nullish(),
  AddressName: text().nullish(),
  xp: xpSchema.optional(),
});

export const addressColumns = {
  ID: addresses.id,
  DateCreated: addresses.dateCreated,
  CompanyName: addresses.companyName,
  FirstName: addresses.firstName,
  LastName: addresses.lastName,
  Street1: addresses.street1,
  Street2: addresses.street2,
  City: addresses.city,
  State: addresses.state,
  Zip: addresses.zip,
  Country: addresses.country,
  Phone: addresses.phone,
  AddressName: addresses.addressName,
  xp: addresses.xp,
};

export const addressResource = (roles: ReturnType<typeof rolesFor>, sellerOnly = false) =>
  new Resource({
    objectType: 'Address',
    table: addresses,
    id: addresses.id,
    columns: addressColumns,
    body: addressBody,
    searchOn: ['ID', 'AddressName', 'CompanyName', 'City', 'Street1'],
    roles,
    sellerOnly,
    // Assignments, products shipping from it and inventory records stocked at it follow (renames.ts).
    renamed: (tx, before, after) =>
      renameAddress(
        tx,
        before.companyType as 'seller' | 'buyer' | 'supplier',
        String(before.companyId),
        String(before.id),
        String(after.id),
      ),
  });

/** A renamed cost center, credit card or spending account takes its assignments along. */
function renamedWithAssignments(kind: AssignmentKind) {
  return (tx: Db, before: Record<string, unknown>, after: Record<string, unknown>) =>
    renameBuyerObject(tx, kind, String(before.buyerId), String(before.id), String(after.id));
}

export const costCenterResource = new Resource({
  objectType: 'CostCenter',
  table: costCenters,
  id: costCenters.id,
  columns: {
    ID: costCenters.id,
    Name: costCenters.name,
    Description: costCenters.description,
    xp: costCenters.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: required(),
    Description: text(2000).nullish(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name', 'Description'],
  roles: rolesFor('CostCenterAdmin', 'CostCenterReader'),
  renamed: renamedWithAssignments('costcenter'),
});

export const creditCardBody = z.object({
  ID: idSchema.optional(),
  Token: text(200).nullish(),
  CardType: text(50).nullish(),
  PartialAccountNumber: z
    .string()
    .regex(/^\d{4,5}$/, 'must be the last 4 or 5 digits only')
    .nullish(),
  CardholderName: text().nullish(),
  ExpirationDate: isoDate.nullish(),
  xp: xpSchema.optional(),
});

export const creditCardColumns = {
  ID: creditCards.id,
  Token: creditCards.token,
  DateCreated: creditCards.dateCreated,
  CardType: creditCards.cardType,
  PartialAccountNumber: creditCards.partialAccountNumber,
  CardholderName: creditCards.cardholderName,
  ExpirationDate: creditCards.expirationDate,
  xp: creditCards.xp,
};

export const prepareCreditCard = async (v: Record<string, unknown>) =>
  'ExpirationDate' in v ? { ...v, ExpirationDate: toDate(v.ExpirationDate) } : v;

export const creditCardResource = new Resource({
  objectType: 'CreditCard',
  table: creditCards,
  id: creditCards.id,
  columns: creditCardColumns,
  body: creditCardBody,
  searchOn: ['ID', 'CardholderName', 'CardType'],
  roles: rolesFor('CreditCardAdmin', 'CreditCardReader'),
  prepare: prepareCreditCard,
  renamed: renamedWithAssignments('creditcard'),
});

export const spendingAccountResource = new Resource({
  objectType: 'SpendingAccount',
  table: spendingAccounts,
  id: spendingAccounts.id,
  columns: {
    ID: spendingAccounts.id,
    Name: spendingAccounts.name,
    Balance: spendingAccounts.balance,
    AllowAsPaymentMethod: spendingAccounts.allowAsPaymentMethod,
    RedemptionCode: spendingAccounts.redemptionCode,
    StartDate: spendingAccounts.startDate,
    EndDate: spendingAccounts.endDate,
    xp: spendingAccounts.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: required(),
    Balance: z.number({ error: 'must be a number' }).finite().min(-1e9).max(1e9),
    AllowAsPaymentMethod: z.boolean().optional(),
    RedemptionCode: text().nullish(),
    StartDate: isoDate.nullish(),
    EndDate: isoDate.nullish(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name'],
  roles: rolesFor('SpendingAccountAdmin', 'SpendingAccountReader'),
  prepare: async (v) => ({
    ...v,
    ...('Balance' in v ? { Balance: String(v.Balance) } : {}),
    ...('StartDate' in v ? { StartDate: toDate(v.StartDate) } : {}),
    ...('EndDate' in v ? { EndDate: toDate(v.EndDate) } : {}),
  }),
  extend: (row) => ({ Balance: Number(row.balance) }),
  renamed: renamedWithAssignments('spendingaccount'),
});

/** Removes a deleted object's assignments in the delete's transaction. */
const cascadeAssignments = (kind: AssignmentKind) => async (tx: Db, row: Record<string, unknown>) => {
  await tx
    .delete(buyerAssignments)
    .where(
      and(
        eq(buyerAssignments.kind, kind),
        eq(buyerAssignments.buyerId, String(row.buyerId ?? row.companyId)),
        eq(buyerAssignments.objectId, String(row.id)),
      ),
    );
};

/** Addresses, cost centers, credit cards and spending accounts of buyers, and the marketplace's addresses. */
export function mountBuyerResources(app: Hono<CommerceEnv>, db: Db): void {
  const buyerScoped = (buyerColumn: PgColumn) => async (c: Parameters<typeof routeBuyer>[1]) => {
    const buyerId = await routeBuyer(db, c);
    return { where: eq(buyerColumn, buyerId), values: { buyerId } };
  };

  const addressRoles = rolesFor('AddressAdmin', 'AddressReader');
  mountBuyerAssignments(app, db, {
    kind: 'address',
    segment: 'addresses',
    objectType: 'Address',
    objectTable: addresses,
    objectBuyer: addresses.companyId,
    objectId: addresses.id,
    toUsers: true,
    flags: ['IsShipping', 'IsBilling'],
    roles: addressRoles,
  });
  mountCrud(app, db, '/v1/buyers/:buyerID/addresses', addressResource(addressRoles), {
    scope: async (c) => {
      const buyerId = await routeBuyer(db, c);
      return {
        where: and(
          eq(addresses.companyType, 'buyer'),
          eq(addresses.companyId, buyerId),
          eq(addresses.ownerUserId, ''),
        ),
        values: { companyType: 'buyer', companyId: buyerId, ownerUserId: '' },
      };
    },
    cascade: cascadeAssignments('address'),
  });
  mountCrud(
    app,
    db,
    '/v1/addresses',
    addressResource(rolesFor('AdminAddressAdmin', 'AdminAddressReader'), true),
    {
      scope: (c) => {
        assertSeller(c.get('principal'), 'manage marketplace addresses');
        return {
          where: and(eq(addresses.companyType, 'seller'), eq(addresses.companyId, '')),
          values: { companyType: 'seller', companyId: '', ownerUserId: '' },
        };
      },
    },
  );

  const resources = [
    {
      kind: 'costcenter',
      segment: 'costcenters',
      resource: costCenterResource,
      table: costCenters,
      toUsers: false,
    },
    {
      kind: 'creditcard',
      segment: 'creditcards',
      resource: creditCardResource,
      table: creditCards,
      toUsers: true,
    },
    {
      kind: 'spendingaccount',
      segment: 'spendingaccounts',
      resource: spendingAccountResource,
      table: spendingAccounts,
      toUsers: true,
    },
  ] as const;
  for (const { kind, segment, resource, table, toUsers } of resources) {
    mountBuyerAssignments(app, db, {
      kind,
      segment,
      objectType: resource.def.objectType,
      objectTable: table,
      objectBuyer: table.buyerId,
      objectId: table.id,
      toUsers,
      flags: kind === 'spendingaccount' ? ['AllowExceed'] : [],
      roles: resource.def.roles,
    });
    mountCrud(app, db, `/v1/buyers/:buyerID/${segment}`, resource, {
      scope: async (c) => {
        const base = await buyerScoped(table.buyerId)(c);
        return kind === 'creditcard'
          ? { where: and(base.where, eq(creditCards.ownerUserId, '')), values: base.values }
          : base;
      },
      cascade: cascadeAssignments(kind),
    });
  }
}
