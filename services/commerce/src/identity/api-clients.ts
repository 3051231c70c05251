import type { Db } from '@catalogue/db';
import { apiClientAssignments, apiClients, buyers, suppliers } from '@catalogue/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { mountAssignments } from '../resources/assignments';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameApiClient } from '../resources/renames';
import { assertSeller } from './scopes';

const roles = rolesFor('ApiClientAdmin', 'ApiClientReader');
const minutes = z.number().int('must be a whole number of minutes').min(0).max(525_600);

/** An origin (`https://shop.example.com[:port]`), stored as the URL's own origin. */
const origin = z
  .url({ protocol: /^https?$/, error: 'must be http(s) origins such as https://shop.example.com' })
  .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), {
    error: 'must be origins only (scheme, host and port, no path, query or user)',
  })
  .transform((value) => new URL(value).origin);

export const apiClientResource = new Resource({
  objectType: 'ApiClient',
  table: apiClients,
  id: apiClients.id,
  columns: {
    ID: apiClients.id,
    ClientSecret: apiClients.clientSecret,
    AccessTokenDuration: apiClients.accessTokenDuration,
    Active: apiClients.active,
    AppName: apiClients.appName,
    RefreshTokenDuration: apiClients.refreshTokenDuration,
    DefaultContextUserName: apiClients.defaultContextUsername,
    xp: apiClients.xp,
    AllowAnyBuyer: apiClients.allowAnyBuyer,
    AllowAnySupplier: apiClients.allowAnySupplier,
    AllowSeller: apiClients.allowSeller,
    IsAnonBuyer: apiClients.isAnonBuyer,
    // Our extension: where links in this client's mails (password reset) may point.
    LinkOrigins: apiClients.linkOrigins,
  },
  body: z.object({
    ID: idSchema.optional(),
    ClientSecret: z.string().min(16, 'must be at least 16 characters').max(200).nullish(),
    AccessTokenDuration: minutes.min(10, 'must be at least 10 minutes'),
    Active: z.boolean().optional(),
    AppName: z.string().trim().min(1, 'must not be empty').max(100),
    RefreshTokenDuration: minutes.optional(),
    DefaultContextUserName: z.string().max(100).nullish(),
    xp: xpSchema.optional(),
    AllowAnyBuyer: z.boolean().optional(),
    AllowAnySupplier: z.boolean().optional(),
    AllowSeller: z.boolean().optional(),
    IsAnonBuyer: z.boolean().optional(),
    LinkOrigins: z.array(origin).max(20, 'must list at most 20 origins').optional(),
  }),
  searchOn: ['ID', 'AppName'],
  roles,
  sellerOnly: true,
  enrich: async (db, rows) => {
    if (rows.length === 0) return rows;
    const ids = rows.map((r) => String(r.id));
    const counts = await db
      .select({
        id: apiClientAssignments.apiClientId,
        buyers: sql<number>`count(*) filter (where ${apiClientAssignments.buyerId} <> '')`.mapWith(Number),
        suppliers: sql<number>`count(*) filter (where ${apiClientAssignments.supplierId} <> '')`.mapWith(
          Number,
        ),
      })
      .from(apiClientAssignments)
      .where(inArray(apiClientAssignments.apiClientId, ids))
      .groupBy(apiClientAssignments.apiClientId);
    const byId = new Map(counts.map((c) => [c.id, c]));
    return rows.map((r) => ({
      ...r,
      assignedBuyerCount: byId.get(String(r.id))?.buyers ?? 0,
      assignedSupplierCount: byId.get(String(r.id))?.suppliers ?? 0,
    }));
  },
  extend: (row) => ({
    AssignedBuyerCount: Number(row.assignedBuyerCount ?? 0),
    AssignedSupplierCount: Number(row.assignedSupplierCount ?? 0),
  }),
  // Assignments, OpenID Connects, impersonation configs, webhooks and refresh tokens follow (renames.ts).
  renamed: (tx, before, after) => renameApiClient(tx, String(before.id), String(after.id)),
});

/** /v1/apiclients and which buyers they serve. */
export function mountApiClients(app: Hono<CommerceEnv>, db: Db): void {
  const sellerScope = (c: Context<CommerceEnv>) => {
    assertSeller(c.get('principal'), 'manage API clients');
    return { where: undefined, values: {} };
  };
  mountAssignments(
    app,
    db,
    '/v1/apiclients/assignments',
    '/v1/buyers/:buyerID/ApiClients/Assignments/:apiClientID',
    {
      table: apiClientAssignments,
      roles,
      body: z.object({ ApiClientID: idSchema, BuyerID: idSchema.nullish(), SupplierID: idSchema.nullish() }),
      scope: async (c) => sellerScope(c),
      sides: [
        {
          wire: 'ApiClientID',
          param: 'apiClientID',
          column: apiClientAssignments.apiClientId,
          key: 'apiClientId',
          mustExist: async (_s, id) => {
            if ((await db.$count(apiClients, eq(apiClients.id, id))) === 0)
              throw ApiError.notFound('ApiClient', id);
          },
        },
        {
          wire: 'BuyerID',
          param: 'buyerID',
          column: apiClientAssignments.buyerId,
          key: 'buyerId',
          optional: true,
          mustExist: async (_s, id) => {
            if ((await db.$count(buyers, eq(buyers.id, id))) === 0) throw ApiError.notFound('Buyer', id);
          },
        },
        {
          wire: 'SupplierID',
          param: 'supplierID',
          column: apiClientAssignments.supplierId,
          key: 'supplierId',
          optional: true,
          mustExist: async (_s, id) => {
            if ((await db.$count(suppliers, eq(suppliers.id, id))) === 0)
              throw ApiError.notFound('Supplier', id);
          },
        },
      ],
    },
  );
  mountCrud(app, db, '/v1/apiclients', apiClientResource, {
    scope: (c) => sellerScope(c),
    cascade: async (tx, row) => {
      await tx.delete(apiClientAssignments).where(eq(apiClientAssignments.apiClientId, String(row.id)));
    },
  });
}
