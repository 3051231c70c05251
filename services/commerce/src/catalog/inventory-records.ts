import type { Db } from '@catalogue/db';
import {
  addresses,
  inventoryRecordAssignments,
  inventoryRecords,
  suppliers,
  variants,
} from '@catalogue/db/schema';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { addressResource } from '../identity/buyer-resources';
import { assertSeller, buyerAndGroup } from '../identity/scopes';
import { parseListParams } from '../list/params';
import { pageOfRows, runList } from '../list/run';
import { inMyGroups } from '../me/assigned';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import type { ResourceDef, Scope } from '../resources/resource';
import { ownerAddress } from './product-inventory';
import { routeProduct, variantKey } from './variants';

type C = Context<CommerceEnv>;
/** OrderCloud guards inventory records with the product roles. */
const roles = rolesFor('ProductAdmin', 'ProductReader');
const t = inventoryRecords;
const a = inventoryRecordAssignments;

const quantity = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(-1_000_000_000)
  .max(1_000_000_000);

const addressWire = addressResource(rolesFor('AdminAddressAdmin'));

/**
 * The Address of each record, expanded in one query: the owning supplier's address when the record has an
 * owner and it has one by that ID, else the marketplace's.
 */
async function withAddresses(db: Db, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return rows;
  const owners = [...new Set(rows.map((r) => String(r.ownerId ?? '')).filter(Boolean))];
  const found = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.ownerUserId, ''),
        inArray(
          addresses.id,
          rows.map((r) => String(r.addressId)),
        ),
        or(
          and(eq(addresses.companyType, 'seller'), eq(addresses.companyId, '')),
          owners.length > 0
            ? and(eq(addresses.companyType, 'supplier'), inArray(addresses.companyId, owners))
            : undefined,
        ),
      ),
    );
  const key = (type: string, company: string, id: string) => `${type}|${company}|${id}`;
  const byKey = new Map(found.map((f) => [key(f.companyType, f.companyId, f.id), f]));
  return Promise.all(
    rows.map(async (r) => {
      const id = String(r.addressId);
      const address =
        (r.ownerId ? byKey.get(key('supplier', String(r.ownerId), id)) : undefined) ??
        byKey.get(key('seller', '', id));
      return {
        ...r,
        address: address ? await addressWire.wireOne(db, address as Record<string, unknown>) : null,
      };
    }),
  );
}

const recordDef: ResourceDef = {
  objectType: 'InventoryRecord',
  table: t,
  id: t.id,
  columns: {
    ID: t.id,
    OwnerID: t.ownerId,
    AllowAllBuyers: t.allowAllBuyers,
    AddressID: t.addressId,
    OrderCanExceed: t.orderCanExceed,
    QuantityAvailable: t.quantityAvailable,
    NotificationPoint: t.notificationPoint,
    LastUpdated: t.lastUpdated,
    xp: t.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    OwnerID: idSchema.nullish(),
    AllowAllBuyers: z.boolean().optional(),
    AddressID: idSchema,
    OrderCanExceed: z.boolean().optional(),
    QuantityAvailable: quantity.optional(),
    NotificationPoint: quantity.nullish(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'AddressID'],
  roles,
  /**
   * OwnerID: '' (the marketplace) or an existing supplier; the product's owner when a new record leaves it
   * out. AddressID: one of the marketplace's addresses or the owner's.
   */
  prepare: async (v, { db, scope, routeId, operation }) => {
    const out: Record<string, unknown> = { ...v, lastUpdated: new Date() };
    let owner = v.OwnerID as string | null | undefined;
    if (typeof owner === 'string' && (await db.$count(suppliers, eq(suppliers.id, owner))) === 0) {
      throw ApiError.notFound('Supplier', owner);
    }
    if (owner === null) out.OwnerID = '';
    if (owner === undefined) {
      const productId = String(scope.values.productId);
      const [existing] =
        operation === 'patch' && routeId
          ? await db
              .select({ owner: t.ownerId })
              .from(t)
              .where(and(scope.where, eq(t.id, routeId)))
          : [];
      owner = existing?.owner ?? String((await routeProduct(db, productId)).ownerId ?? '');
      if (operation !== 'patch') out.OwnerID = owner;
    }
    if (
      typeof v.AddressID === 'string' &&
      (await db.$count(addresses, ownerAddress(v.AddressID, owner))) === 0
    ) {
      throw ApiError.notFound('Address', v.AddressID);
    }
    if (routeId) await liftAssignments(db, scope, routeId, v.ID);
    return out;
  },
  extend: (row) => ({ Address: row.address ?? null }),
};

/** Records with their Address expanded; lists expand it only on `includeAddress=true`. */
export const inventoryRecordResource = new Resource({ ...recordDef, enrich: withAddresses });
const listedRecord = new Resource(recordDef);

/** `?includeAddress=` of a list. */
function includeAddress(query: URLSearchParams): boolean {
  const entry = [...query].find(([k]) => k.toLowerCase() === 'includeaddress');
  if (!entry) return false;
  const value = entry[1].toLowerCase();
  if (value !== 'true' && value !== 'false') {
    throw ApiError.invalidRequest('includeAddress must be true or false.', { Property: 'includeAddress' });
  }
  return value === 'true';
}

/** One page of inventory records within `scope`, OrderCloud's list parameters plus includeAddress. */
export async function listInventoryRecords(db: Db, c: C, scope: SQL | undefined) {
  const query = new URL(c.req.url).searchParams;
  const expand = includeAddress(query);
  const params = parseListParams(query, ['includeAddress']);
  const page = await runList(db, t, listedRecord.list, params, scope);
  const resource = expand ? inventoryRecordResource : listedRecord;
  return { Items: await resource.wireAll(db, page.Items), Meta: page.Meta };
}

/** Records a buyer user may see: open to all buyers, or assigned to their company or one of their groups. */
export function recordsForBuyer(principal: Principal): SQL {
  const assigned = and(
    eq(a.productId, t.productId),
    eq(a.variantId, t.variantId),
    eq(a.inventoryRecordId, t.id),
    eq(a.buyerId, principal.companyId),
    or(eq(a.userGroupId, ''), inMyGroups(principal, a.userGroupId)),
  );
  return sql`(${t.allowAllBuyers} or exists (select 1 from ${a} where ${assigned}))`;
}

/**
 * A PUT or PATCH that renames a record takes its assignments along: `prepare` lifts them (their foreign
 * key would block the new ID), `afterWrite` puts them back under the new ID, in the same transaction.
 */
const liftedAssignments = new WeakMap<Scope, (typeof a.$inferSelect)[]>();

async function liftAssignments(db: Db, scope: Scope, from: string, to: unknown): Promise<void> {
  if (typeof to !== 'string' || to === from) return;
  const { productId, variantId } = scope.values as { productId: string; variantId: string };
  const lifted = await db
    .delete(a)
    .where(and(eq(a.productId, productId), eq(a.variantId, variantId), eq(a.inventoryRecordId, from)))
    .returning();
  if (lifted.length > 0) liftedAssignments.set(scope, lifted);
}

async function restoreAssignments(tx: Db, row: Record<string, unknown>, scope: Scope): Promise<void> {
  const lifted = liftedAssignments.get(scope);
  if (!lifted) return;
  liftedAssignments.delete(scope);
  await tx.insert(a).values(lifted.map((x) => ({ ...x, inventoryRecordId: String(row.id) })));
}

/**
 * Inventory records of a product (`variantID` absent) or of one of its variants:
 * CRUD under /v1/products/{productID}[/variants/{variantID}]/inventoryrecords and their assignments to
 * buyers and user groups.
 */
export function mountInventoryRecords(app: Hono<CommerceEnv>, db: Db): void {
  for (const base of [
    '/v1/products/:productID/inventoryrecords',
    '/v1/products/:productID/variants/:variantID/inventoryrecords',
  ]) {
    /** The product (and variant) of the route; every record and assignment of the request is theirs. */
    const routeScope = async (c: C): Promise<Scope> => {
      assertSeller(c.get('principal'), 'manage inventory records');
      const productId = c.req.param('productID') ?? '';
      await routeProduct(db, productId);
      const variantId = c.req.param('variantID') ?? '';
      if (variantId && (await db.$count(variants, variantKey(productId, variantId))) === 0) {
        throw ApiError.notFound('Variant', variantId);
      }
      return {
        where: and(eq(t.productId, productId), eq(t.variantId, variantId)),
        values: { productId, variantId },
      };
    };

    app.get(`${base}/assignments`, async (c) => {
      requireAnyRole(c.get('principal').roles, roles.read);
      const { values } = await routeScope(c);
      const q = new URL(c.req.url).searchParams;
      const param = (name: string) => [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
      const level = param('level');
      if (level && level !== 'Company' && level !== 'Group') {
        throw ApiError.invalidRequest('level must be Company or Group.', { Property: 'level' });
      }
      const where = and(
        eq(a.productId, String(values.productId)),
        eq(a.variantId, String(values.variantId)),
        param('inventoryRecordID')
          ? eq(a.inventoryRecordId, param('inventoryRecordID') as string)
          : undefined,
        param('buyerID') ? eq(a.buyerId, param('buyerID') as string) : undefined,
        param('userGroupID') ? eq(a.userGroupId, param('userGroupID') as string) : undefined,
        level === 'Company' ? eq(a.userGroupId, '') : undefined,
        level === 'Group' ? ne(a.userGroupId, '') : undefined,
      );
      return c.json(
        await pageOfRows(db, a, where, [a.inventoryRecordId, a.buyerId, a.userGroupId], q, (r) => ({
          InventoryRecordID: r.inventoryRecordId,
          BuyerID: r.buyerId,
          UserGroupID: r.userGroupId || null,
        })),
      );
    });

    app.post(`${base}/assignments`, async (c) => {
      requireAnyRole(c.get('principal').roles, roles.write);
      const { values, where } = await routeScope(c);
      const input = await readBody(
        c.req.raw,
        z.object({ InventoryRecordID: idSchema, BuyerID: idSchema, UserGroupID: idSchema.nullish() }),
      );
      if ((await db.$count(t, and(where, eq(t.id, input.InventoryRecordID)))) === 0) {
        throw ApiError.notFound('InventoryRecord', input.InventoryRecordID);
      }
      const groupId = await buyerAndGroup(db, input.BuyerID, input.UserGroupID);
      await db
        .insert(a)
        .values({
          productId: String(values.productId),
          variantId: String(values.variantId),
          inventoryRecordId: input.InventoryRecordID,
          buyerId: input.BuyerID,
          userGroupId: groupId,
        })
        .onConflictDoNothing();
      return c.body(null, 204);
    });

    app.delete(`${base}/:inventoryRecordID/assignments`, async (c) => {
      requireAnyRole(c.get('principal').roles, roles.write);
      const { values } = await routeScope(c);
      const q = new URL(c.req.url).searchParams;
      const param = (name: string) => [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
      const recordId = c.req.param('inventoryRecordID') ?? '';
      const buyerId = param('buyerID');
      if (!buyerId) throw ApiError.invalidRequest('buyerID is required.', { Property: 'buyerID' });
      if (param('userID')) {
        throw ApiError.invalidRequest(
          'Inventory records are assigned to buyers and user groups, not users.',
          {
            Property: 'userID',
          },
        );
      }
      const deleted = await db
        .delete(a)
        .where(
          and(
            eq(a.productId, String(values.productId)),
            eq(a.variantId, String(values.variantId)),
            eq(a.inventoryRecordId, recordId),
            eq(a.buyerId, buyerId),
            eq(a.userGroupId, param('userGroupID') ?? ''),
          ),
        )
        .returning();
      if (deleted.length === 0)
        throw ApiError.notFound('InventoryRecordAssignment', `${recordId}/${buyerId}`);
      return c.body(null, 204);
    });

    app.get(base, async (c) => {
      requireAnyRole(c.get('principal').roles, roles.read);
      const { where } = await routeScope(c);
      return c.json(await listInventoryRecords(db, c, where));
    });

    mountCrud(app, db, base, inventoryRecordResource, {
      only: ['get', 'create', 'put', 'patch', 'delete'],
      scope: routeScope,
      afterWrite: async (tx, row, _body, scope) => restoreAssignments(tx, row, scope),
    });
  }
}
