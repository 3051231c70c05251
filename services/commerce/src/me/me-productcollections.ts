import { randomBytes } from 'node:crypto';
import { type Db, queryRows } from '@catalogue/db';
import {
  priceSchedules,
  productCollectionEntries,
  productCollectionInvitations,
  productCollections,
  products,
} from '@catalogue/db/schema';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { requireAnyRole, wrongUserType } from '../auth/roles';
import { facetCounts } from '../catalog/facets';
import { priceScheduleResource } from '../catalog/price-schedules';
import { productResource } from '../catalog/products';
import { effectivePriceScheduleIds, visibleProductIds } from '../catalog/visibility';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { collectionProductsPage, productCollectionResource } from '../identity/product-collections';
import { whereClause } from '../list/compile';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import type { ListSchema } from '../list/schema';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import type { WriteContext } from '../resources/resource';
import { reservedForSomeoneElse } from './favourites-ids';
import { visibleProduct } from './me-products';

type C = Context<CommerceEnv>;
const pc = productCollections;
const inv = productCollectionInvitations;
const entries = productCollectionEntries;
const ROLES = { read: ['Shopper'], write: ['Shopper'] } as const;
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });

/** A signed-in buyer user (not an anonymous shopper: collections belong to one person). */
function collector(c: C): Principal {
  const principal = c.get('principal');
  requireAnyRole(principal.roles, [...ROLES.read]);
  if (principal.companyType !== 'buyer') {
    throw wrongUserType(principal.userType, ['buyer'], 'Only buyer users have product collections.');
  }
  if (principal.anonymous) {
    throw wrongUserType(
      'anonymous',
      ['buyer'],
      'Anonymous shoppers cannot keep product collections: register first.',
    );
  }
  return principal;
}

/** The user accepted an invitation to the collection (an admin one when `admin`). */
function memberOf(principal: Principal, admin: boolean): SQL {
  return sql`exists (select 1 from ${inv} where ${inv.buyerId} = ${pc.buyerId} and ${inv.collectionId} = ${pc.id}
    and ${inv.acceptedByUserId} = ${principal.userId} ${admin ? sql`and ${inv.admin}` : sql``})`;
}

/** Collections the user sees: their own, the Public ones of their company, Shareable ones they joined. */
export function visibleCollections(principal: Principal): SQL {
  return and(
    eq(pc.buyerId, principal.companyId),
    or(
      eq(pc.ownerUserId, principal.userId),
      eq(pc.accessLevel, 'Public'),
      and(eq(pc.accessLevel, 'Shareable'), memberOf(principal, false)),
    ),
  ) as SQL;
}

/** Collections the user may change: their own, and Shareable ones they joined as an admin member. */
function changeableCollections(principal: Principal): SQL {
  return and(
    eq(pc.buyerId, principal.companyId),
    or(eq(pc.ownerUserId, principal.userId), and(eq(pc.accessLevel, 'Shareable'), memberOf(principal, true))),
  ) as SQL;
}

type CollectionRow = typeof productCollections.$inferSelect;

/**
 * Refuses a collection ID reserved for another user's favourites (`favourites-ids.ts`): whoever took it
 * first would lock that user out of their favourites for good.
 */
function refuseReserved(id: string | undefined, ownerUserId: string): void {
  if (id === undefined || !reservedForSomeoneElse(id, ownerUserId)) return;
  throw ApiError.of(
    403,
    'ProductCollection.ReservedID',
    `The ID ${id} is reserved for a user's favourites: choose another ID.`,
    { ObjectType: 'ProductCollection', ObjectID: id },
  );
}

/**
 * The collection of the route for a write: NotFound unless the user sees it, 403 when they see it but
 * may not change it (only the owner, or an admin member, may; `ownerOnly` for the owner alone).
 */
async function collectionFor(
  db: Db,
  principal: Principal,
  id: string,
  access: 'read' | 'change' | 'own',
): Promise<CollectionRow> {
  const [row] = await db
    .select()
    .from(pc)
    .where(and(eq(pc.id, id), visibleCollections(principal)))
    .limit(1);
  if (!row) throw ApiError.notFound('ProductCollection', id);
  if (access === 'read' || row.ownerUserId === principal.userId) return row;
  if (access === 'change') {
    const [member] = await db
      .select({ id: inv.id })
      .from(inv)
      .where(
        and(
          eq(inv.buyerId, row.buyerId),
          eq(inv.collectionId, row.id),
          eq(inv.acceptedByUserId, principal.userId),
          eq(inv.admin, true),
        ),
      )
      .limit(1);
    if (member && row.accessLevel === 'Shareable') return row;
  }
  throw ApiError.of(
    403,
    'ProductCollection.AccessDenied',
    access === 'own'
      ? `Only the owner may do this to product collection ${id}.`
      : `Only the owner or an admin member may change product collection ${id}.`,
    { ObjectType: 'ProductCollection', ObjectID: id },
  );
}

/** The price schedule each product costs this buyer user, as /me/products shows it. */
async function priceSchedulesFor(
  db: Db,
  principal: Principal,
  productIds: string[],
): Promise<Map<string, Record<string, unknown> | null>> {
  if (productIds.length === 0) return new Map();
  const effective = await queryRows<{ product_id: string; price_schedule_id: string | null }>(
    db,
    effectivePriceScheduleIds(principal, productIds),
  );
  const scheduleIds = [...new Set(effective.map((e) => e.price_schedule_id).filter((x): x is string => !!x))];
  const schedules =
    scheduleIds.length > 0
      ? await priceScheduleResource.wireAll(
          db,
          (await db.select().from(priceSchedules).where(inArray(priceSchedules.id, scheduleIds))) as Record<
            string,
            unknown
          >[],
        )
      : [];
  const byId = new Map(schedules.map((s) => [String(s.ID), s]));
  return new Map(
    effective.map((e) => [
      e.product_id,
      e.price_schedule_id ? (byId.get(e.price_schedule_id) ?? null) : null,
    ]),
  );
}

const invitationBody = z.object({
  Name: z.string().trim().min(1, 'must not be empty').max(100),
  Admin: z.boolean().optional(),
  ExpirationDate: isoDate.nullish(),
  xp: xpSchema.optional(),
});

type InvitationRow = typeof productCollectionInvitations.$inferSelect;
const invitationToWire = (row: InvitationRow) => ({
  ID: row.id,
  Name: row.name,
  Admin: row.admin,
  Accepted: row.acceptedByUserId !== null,
  ExpirationDate: row.expirationDate ? row.expirationDate.toISOString() : null,
  xp: row.xp ?? {},
});

const invitationList: ListSchema = {
  objectType: 'ProductCollectionInvitation',
  fields: {
    ID: { expr: sql`${inv.id}`, type: 'string' },
    Name: { expr: sql`${inv.name}`, type: 'string' },
    Admin: { expr: sql`${inv.admin}`, type: 'boolean' },
    Accepted: { expr: sql`(${inv.acceptedByUserId} is not null)`, type: 'boolean' },
    ExpirationDate: { expr: sql`${inv.expirationDate}`, type: 'date' },
  },
  xp: sql`${inv.xp}`,
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
  keys: [sql`${inv.id}`],
};

/** Invitation IDs are bearer secrets: 192 random bits. */
const invitationId = () => randomBytes(24).toString('base64url');

function checkFuture(date: Date | null | undefined): void {
  if (date && date.getTime() <= Date.now()) {
    throw ApiError.of(400, 'ValidationFailure', 'ExpirationDate must be in the future.', {
      Property: 'ExpirationDate',
    });
  }
}

/**
 * /v1/me/productcollections: a buyer user's collections (favourites, lists), their entries and the
 * invitations that share a Shareable collection with other users of the same company.
 */
export function mountMeProductCollections(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/me/productcollections';
  const productWire = productResource();

  // --- Entries ---------------------------------------------------------------------------------------
  app.get(`${base}/:id/products`, async (c) => {
    const principal = collector(c);
    const id = c.req.param('id');
    await collectionFor(db, principal, id, 'read');
    const params = parseListParams(new URL(c.req.url).searchParams);
    // Only products the user may still see (visibility can change after a product was added).
    const visible = and(eq(products.active, true), inArray(products.id, visibleProductIds(principal))) as SQL;
    const { page, schema, scope, entryOf } = await collectionProductsPage(
      db,
      principal.companyId,
      id,
      params,
      visible,
    );
    const wire = await productWire.wireAll(db, page.Items);
    const schedules = await priceSchedulesFor(
      db,
      principal,
      wire.map((p) => String(p.ID)),
    );
    const facets = await facetCounts(db, and(scope, whereClause(schema, params)) as SQL);
    return c.json({
      Items: wire.map((p) => ({
        ...entryOf(String(p.ID)),
        ...p,
        PriceSchedule: schedules.get(String(p.ID)) ?? null,
      })),
      Meta: { ...page.Meta, Facets: facets },
    });
  });

  /** Adds a visible product (at the end, unless a ListOrder is given); an existing entry keeps its place. */
  const addEntry = async (
    principal: Principal,
    collectionId: string,
    productId: string,
    listOrder?: number,
  ) => {
    await collectionFor(db, principal, collectionId, 'change');
    await visibleProduct(db, principal, productId);
    const key = and(eq(entries.buyerId, principal.companyId), eq(entries.collectionId, collectionId));
    const order =
      listOrder ?? sql`(select coalesce(max(${entries.listOrder}) + 1, 0) from ${entries} where ${key})`;
    const insert = db
      .insert(entries)
      .values({ buyerId: principal.companyId, collectionId, productId, listOrder: order as number });
    if (listOrder === undefined) await insert.onConflictDoNothing();
    else
      await insert.onConflictDoUpdate({
        target: [entries.buyerId, entries.collectionId, entries.productId],
        set: { listOrder },
      });
  };

  app.post(`${base}/:id/products`, async (c) => {
    const principal = collector(c);
    const input = await readBody(
      c.req.raw,
      z.object({
        ProductID: idSchema,
        ListOrder: z.number().int('must be a whole number').min(0).max(1e6).optional(),
      }),
    );
    await addEntry(principal, c.req.param('id'), input.ProductID, input.ListOrder);
    return c.body(null, 204);
  });

  app.put(`${base}/:id/:productID`, async (c) => {
    const principal = collector(c);
    await addEntry(principal, c.req.param('id'), c.req.param('productID'));
    return c.body(null, 204);
  });

  app.delete(`${base}/:id/:productID`, async (c) => {
    const principal = collector(c);
    const id = c.req.param('id');
    const productId = c.req.param('productID');
    await collectionFor(db, principal, id, 'change');
    const deleted = await db
      .delete(entries)
      .where(
        and(
          eq(entries.buyerId, principal.companyId),
          eq(entries.collectionId, id),
          eq(entries.productId, productId),
        ),
      )
      .returning();
    if (deleted.length === 0) throw ApiError.notFound('ProductCollectionEntry', `${id}/${productId}`);
    return c.body(null, 204);
  });

  // --- Invitations -----------------------------------------------------------------------------------
  /** An invitation the user holds (by its secret ID): same company, the route's collection. */
  const heldInvitation = async (principal: Principal, collectionId: string, invitation: string) => {
    const [row] = await db
      .select()
      .from(inv)
      .where(
        and(eq(inv.id, invitation), eq(inv.buyerId, principal.companyId), eq(inv.collectionId, collectionId)),
      )
      .limit(1);
    // Someone else's accepted invitation is not theirs to hold any more.
    if (!row || (row.acceptedByUserId !== null && row.acceptedByUserId !== principal.userId)) {
      throw ApiError.notFound('ProductCollectionInvitation', invitation);
    }
    return row;
  };

  app.post(`${base}/:id/invitations/accept/:invitationID`, async (c) => {
    const principal = collector(c);
    const id = c.req.param('id');
    const row = await heldInvitation(principal, id, c.req.param('invitationID'));
    if (row.acceptedByUserId === principal.userId) return c.body(null, 204);
    if (row.expirationDate && row.expirationDate.getTime() <= Date.now()) {
      throw ApiError.of(400, 'ProductCollection.InvitationExpired', 'This invitation has expired.', {
        ObjectType: 'ProductCollectionInvitation',
        ObjectID: row.id,
      });
    }
    const [collection] = await db
      .select()
      .from(pc)
      .where(and(eq(pc.buyerId, principal.companyId), eq(pc.id, id)))
      .limit(1);
    if (collection?.accessLevel !== 'Shareable') {
      throw ApiError.of(
        400,
        'ProductCollection.NotShareable',
        `Product collection ${id} is no longer shared by invitation.`,
      );
    }
    if (collection.ownerUserId === principal.userId) {
      throw ApiError.of(400, 'ProductCollection.OwnInvitation', 'You own this product collection already.');
    }
    // Only an open invitation is taken (two users racing for one: the second finds it gone).
    const taken = await db
      .update(inv)
      .set({ acceptedByUserId: principal.userId })
      .where(and(eq(inv.key, row.key), isNull(inv.acceptedByUserId)))
      .returning();
    if (taken.length === 0) throw ApiError.notFound('ProductCollectionInvitation', row.id);
    return c.body(null, 204);
  });

  app.post(`${base}/:id/invitations/decline/:invitationID`, async (c) => {
    const principal = collector(c);
    const row = await heldInvitation(principal, c.req.param('id'), c.req.param('invitationID'));
    await db.delete(inv).where(eq(inv.key, row.key));
    return c.body(null, 204);
  });

  const invitationOf = async (principal: Principal, collectionId: string, invitation: string) => {
    await collectionFor(db, principal, collectionId, 'change');
    const [row] = await db
      .select()
      .from(inv)
      .where(
        and(eq(inv.buyerId, principal.companyId), eq(inv.collectionId, collectionId), eq(inv.id, invitation)),
      )
      .limit(1);
    if (!row) throw ApiError.notFound('ProductCollectionInvitation', invitation);
    return row;
  };

  app.get(`${base}/:id/invitations`, async (c) => {
    const principal = collector(c);
    const id = c.req.param('id');
    await collectionFor(db, principal, id, 'change');
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(
      db,
      inv,
      invitationList,
      params,
      and(eq(inv.buyerId, principal.companyId), eq(inv.collectionId, id)),
    );
    return c.json({ Items: page.Items.map(invitationToWire), Meta: page.Meta });
  });

  app.post(`${base}/:id/invitations`, async (c) => {
    const principal = collector(c);
    const id = c.req.param('id');
    const collection = await collectionFor(db, principal, id, 'change');
    const input = await readBody(c.req.raw, invitationBody);
    if (collection.accessLevel !== 'Shareable') {
      throw ApiError.of(
        400,
        'ProductCollection.NotShareable',
        `Product collection ${id} is ${collection.accessLevel}: only Shareable collections take invitations.`,
      );
    }
    const expiration = input.ExpirationDate ? new Date(input.ExpirationDate) : null;
    checkFuture(expiration);
    const [row] = await db
      .insert(inv)
      .values({
        buyerId: principal.companyId,
        collectionId: id,
        id: invitationId(),
        name: input.Name,
        admin: input.Admin ?? false,
        expirationDate: expiration,
        xp: input.xp ?? {},
      })
      .returning();
    return c.json(invitationToWire(row as InvitationRow), 201);
  });

  app.get(`${base}/:id/invitations/:invitationID`, async (c) => {
    const principal = collector(c);
    return c.json(
      invitationToWire(await invitationOf(principal, c.req.param('id'), c.req.param('invitationID'))),
    );
  });

  app.patch(`${base}/:id/invitations/:invitationID`, async (c) => {
    const principal = collector(c);
    const row = await invitationOf(principal, c.req.param('id'), c.req.param('invitationID'));
    const input = await readBody(c.req.raw, patchBody(invitationBody));
    const set: Partial<typeof inv.$inferInsert> = {};
    if (input.Name !== undefined) set.name = input.Name;
    if (input.Admin !== undefined) set.admin = input.Admin;
    if (input.ExpirationDate !== undefined) {
      set.expirationDate = input.ExpirationDate ? new Date(input.ExpirationDate) : null;
      checkFuture(set.expirationDate);
    }
    if (input.xp !== undefined) set.xp = mergePatch(row.xp ?? {}, input.xp) as Record<string, unknown>;
    if (Object.keys(set).length === 0) return c.json(invitationToWire(row));
    const [updated] = await db.update(inv).set(set).where(eq(inv.key, row.key)).returning();
    return c.json(invitationToWire(updated as InvitationRow));
  });

  app.delete(`${base}/:id/invitations/:invitationID`, async (c) => {
    const principal = collector(c);
    const row = await invitationOf(principal, c.req.param('id'), c.req.param('invitationID'));
    // Deleting an accepted invitation takes the member's access away.
    await db.delete(inv).where(eq(inv.key, row.key));
    return c.body(null, 204);
  });

  // --- Collections -----------------------------------------------------------------------------------
  /**
   * Writes by someone other than the owner (an admin member) keep the owner's AccessLevel. A renamed
   * collection keeps its entries and invitations (ON UPDATE CASCADE). Nobody takes an ID reserved for
   * another user's favourites, by creating or by renaming.
   */
  const prepare = async (values: Record<string, unknown>, context: WriteContext) => {
    const { principal, routeId, db: reader } = context;
    const target = typeof values.ID === 'string' ? values.ID : routeId;
    if (routeId === undefined) {
      refuseReserved(target, principal.userId);
      return values;
    }
    const [existing] = await reader
      .select()
      .from(pc)
      .where(and(eq(pc.buyerId, principal.companyId), eq(pc.id, routeId)))
      .limit(1);
    // A PUT that creates, or a rename: the ID is being taken (by the new collection's owner).
    if (!existing || target !== routeId) refuseReserved(target, existing?.ownerUserId ?? principal.userId);
    if (!existing || existing.ownerUserId === principal.userId) return values;
    if (values.AccessLevel !== undefined && values.AccessLevel !== existing.accessLevel) {
      throw ApiError.of(
        403,
        'ProductCollection.AccessDenied',
        `Only the owner may change the AccessLevel of product collection ${routeId}.`,
        { ObjectType: 'ProductCollection', ObjectID: routeId, Property: 'AccessLevel' },
      );
    }
    return { ...values, AccessLevel: existing.accessLevel };
  };
  const withPrepare = new Resource({ ...productCollectionResource.def, prepare });

  const scope = async (c: C, access: 'change' | 'own') => {
    const principal = collector(c);
    const id = c.req.param('id');
    // A visible collection the user may not change is refused as such (not as missing, nor as taken).
    if (id !== undefined) {
      const [row] = await db
        .select({ id: pc.id })
        .from(pc)
        .where(and(eq(pc.id, id), visibleCollections(principal)))
        .limit(1);
      if (row) await collectionFor(db, principal, id, access);
    }
    return {
      where:
        access === 'own'
          ? and(eq(pc.buyerId, principal.companyId), eq(pc.ownerUserId, principal.userId))
          : changeableCollections(principal),
      values: { buyerId: principal.companyId, ownerUserId: principal.userId },
    };
  };

  // Deleting belongs to the owner alone; entries and invitations go with the collection (foreign keys).
  mountCrud(app, db, base, withPrepare, {
    only: ['delete'],
    roles: { read: [...ROLES.read], write: [...ROLES.write] },
    scope: (c) => scope(c, 'own'),
  });
  mountCrud(app, db, base, withPrepare, {
    only: ['list', 'get', 'create', 'put', 'patch'],
    roles: { read: [...ROLES.read], write: [...ROLES.write] },
    scope: (c) => scope(c, 'change'),
    readScope: (c) => ({ where: visibleCollections(collector(c)), values: {} }),
  });
}
