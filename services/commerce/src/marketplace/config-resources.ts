import type { Db } from '@catalogue/db';
import {
  buyers,
  impersonationConfigs,
  incrementors,
  localeAssignments,
  locales,
  openIdConnects,
  userGroups,
  webhooks,
  xpIndices,
} from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { API_ROLES, requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertSeller } from '../identity/scopes';
import { pageOfRows } from '../list/run';
import { mountAssignments } from '../resources/assignments';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameLocale } from '../resources/renames';

const name = z.string().trim().min(1, 'must not be empty').max(100);
const optional = z.string().max(2000).nullish();
const url = z.url({ error: 'must be an absolute URL' });

const impersonationConfigResource = new Resource({
  objectType: 'ImpersonationConfig',
  table: impersonationConfigs,
  id: impersonationConfigs.id,
  columns: {
    ID: impersonationConfigs.id,
    ImpersonationBuyerID: impersonationConfigs.impersonationBuyerId,
    ImpersonationGroupID: impersonationConfigs.impersonationGroupId,
    ImpersonationUserID: impersonationConfigs.impersonationUserId,
    BuyerID: impersonationConfigs.buyerId,
    GroupID: impersonationConfigs.groupId,
    UserID: impersonationConfigs.userId,
    SecurityProfileID: impersonationConfigs.securityProfileId,
    ClientID: impersonationConfigs.clientId,
  },
  body: z.object({
    ID: idSchema.optional(),
    ImpersonationBuyerID: idSchema.nullish(),
    ImpersonationGroupID: idSchema.nullish(),
    ImpersonationUserID: idSchema.nullish(),
    BuyerID: idSchema.nullish(),
    GroupID: idSchema.nullish(),
    UserID: idSchema.nullish(),
    SecurityProfileID: idSchema,
    ClientID: idSchema,
  }),
  searchOn: ['ID'],
  roles: rolesFor('BuyerImpersonation'),
  sellerOnly: true,
});

const openIdConnectResource = new Resource({
  objectType: 'OpenIdConnect',
  table: openIdConnects,
  id: openIdConnects.id,
  columns: {
    ID: openIdConnects.id,
    OrderCloudApiClientID: openIdConnects.orderCloudApiClientId,
    ConnectClientID: openIdConnects.connectClientId,
    ConnectClientSecret: openIdConnects.connectClientSecret,
    AppStartUrl: openIdConnects.appStartUrl,
    AuthorizationEndpoint: openIdConnects.authorizationEndpoint,
    TokenEndpoint: openIdConnects.tokenEndpoint,
    UrlEncoded: openIdConnects.urlEncoded,
    IntegrationEventID: openIdConnects.integrationEventId,
    CallSyncUserIntegrationEvent: openIdConnects.callSyncUserIntegrationEvent,
    AdditionalIdpScopes: openIdConnects.additionalIdpScopes,
    CustomErrorUrl: openIdConnects.customErrorUrl,
  },
  body: z.object({
    ID: idSchema.optional(),
    OrderCloudApiClientID: idSchema,
    ConnectClientID: name,
    ConnectClientSecret: name,
    AppStartUrl: url,
    AuthorizationEndpoint: url,
    TokenEndpoint: url,
    UrlEncoded: z.boolean().optional(),
    IntegrationEventID: idSchema.nullish(),
    CallSyncUserIntegrationEvent: z.boolean().optional(),
    AdditionalIdpScopes: z.array(z.string().max(100)).nullish(),
    CustomErrorUrl: url.nullish(),
  }),
  searchOn: ['ID', 'ConnectClientID'],
  roles: rolesFor('OpenIDConnectAdmin', 'OpenIDConnectReader'),
  sellerOnly: true,
  extend: () => ({ IntegrationEventName: null }),
});

const incrementorResource = new Resource({
  objectType: 'Incrementor',
  table: incrementors,
  id: incrementors.id,
  columns: {
    ID: incrementors.id,
    Name: incrementors.name,
    LastNumber: incrementors.lastNumber,
    LeftPaddingCount: incrementors.leftPaddingCount,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: z.string().max(100).nullish(),
    LastNumber: z.number().int('must be a whole number').min(0).max(2_147_483_647),
    LeftPaddingCount: z.number().int('must be a whole number').min(0).max(20),
  }),
  searchOn: ['ID', 'Name'],
  roles: rolesFor('IncrementorAdmin', 'IncrementorReader'),
  sellerOnly: true,
});

const webhookResource = new Resource({
  objectType: 'Webhook',
  table: webhooks,
  id: webhooks.id,
  columns: {
    ID: webhooks.id,
    Name: webhooks.name,
    Description: webhooks.description,
    Url: webhooks.url,
    HashKey: webhooks.hashKey,
    ElevatedRoles: webhooks.elevatedRoles,
    ConfigData: webhooks.configData,
    BeforeProcessRequest: webhooks.beforeProcessRequest,
    ApiClientIDs: webhooks.apiClientIds,
    WebhookRoutes: webhooks.webhookRoutes,
    DeliveryConfigID: webhooks.deliveryConfigId,
    CustomAuthHeaderName: webhooks.customAuthHeaderName,
    CustomAuthHeaderValue: webhooks.customAuthHeaderValue,
    xp: webhooks.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: name,
    Description: optional,
    Url: url.nullish(),
    HashKey: z.string().max(200).nullish(),
    ElevatedRoles: z.array(z.enum(API_ROLES, { error: 'must be OrderCloud roles' })).nullish(),
    ConfigData: z.unknown().optional(),
    BeforeProcessRequest: z.boolean().optional(),
    ApiClientIDs: z.array(idSchema).nullish(),
    WebhookRoutes: z
      .array(
        z.object({
          Route: z.string().min(1).max(300),
          Verb: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], { error: 'must be an HTTP verb' }),
        }),
      )
      .nullish(),
    DeliveryConfigID: idSchema.nullish(),
    CustomAuthHeaderName: z.string().max(100).nullish(),
    CustomAuthHeaderValue: z.string().max(1000).nullish(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name', 'Url'],
  roles: rolesFor('WebhookAdmin', 'WebhookReader'),
  sellerOnly: true,
});

const localeResource = new Resource({
  objectType: 'Locale',
  table: locales,
  id: locales.id,
  columns: {
    ID: locales.id,
    OwnerID: locales.ownerId,
    Currency: locales.currency,
    Language: locales.language,
  },
  body: z.object({
    ID: idSchema.optional(),
    Currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code'),
    Language: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language tag like en or fr-CA')
      .nullish(),
  }),
  searchOn: ['ID'],
  roles: rolesFor('LocaleAdmin', 'LocaleReader'),
  sellerOnly: true,
  // Its assignments follow (renames.ts).
  renamed: (tx, before, after) => renameLocale(tx, String(before.id), String(after.id)),
});

export const XP_THING_TYPES = [
  'Address',
  'Variant',
  'Order',
  'OrderReturn',
  'LineItem',
  'CostCenter',
  'CreditCard',
  'Payment',
  'Spec',
  'SpecOption',
  'UserGroup',
  'Company',
  'Category',
  'PriceSchedule',
  'Shipment',
  'SpendingAccount',
  'User',
  'Promotion',
  'ApprovalRule',
  'SellerApprovalRule',
  'Catalog',
  'ProductFacet',
  'MessageSender',
  'InventoryRecord',
  'ProductCollection',
  'Subscription',
  'GroupOrderInvitation',
] as const;

/** Marketplace configuration: impersonation configs, OpenID Connects, incrementors, webhooks, locales, xp indices. */
export function mountMarketplaceConfig(app: Hono<CommerceEnv>, db: Db): void {
  mountCrud(app, db, '/v1/impersonationconfig', impersonationConfigResource);
  mountCrud(app, db, '/v1/openidconnects', openIdConnectResource);
  mountCrud(app, db, '/v1/incrementors', incrementorResource);
  mountCrud(app, db, '/v1/webhooks', webhookResource);

  const localeRoles = rolesFor('LocaleAdmin', 'LocaleReader');
  mountAssignments(app, db, '/v1/locales/assignments', '/v1/locales/:localeID/assignments', {
    table: localeAssignments,
    roles: localeRoles,
    body: z.object({ LocaleID: idSchema, BuyerID: idSchema, UserGroupID: idSchema.nullish() }),
    scope: async (c) => {
      assertSeller(c.get('principal'), 'assign locales');
      return { where: undefined, values: {} };
    },
    sides: [
      {
        wire: 'LocaleID',
        param: 'localeID',
        column: localeAssignments.localeId,
        key: 'localeId',
        mustExist: async (_s, id) => {
          if ((await db.$count(locales, eq(locales.id, id))) === 0) throw ApiError.notFound('Locale', id);
        },
      },
      {
        wire: 'BuyerID',
        param: 'buyerID',
        column: localeAssignments.buyerId,
        key: 'buyerId',
        mustExist: async (_s, id) => {
          if ((await db.$count(buyers, eq(buyers.id, id))) === 0) throw ApiError.notFound('Buyer', id);
        },
      },
      {
        wire: 'UserGroupID',
        param: 'userGroupID',
        column: localeAssignments.userGroupId,
        key: 'userGroupId',
        optional: true,
        mustExist: async (_s, id) => {
          if (
            (await db.$count(userGroups, and(eq(userGroups.companyType, 'buyer'), eq(userGroups.id, id)))) ===
            0
          ) {
            throw ApiError.notFound('UserGroup', id);
          }
        },
      },
    ],
  });
  mountCrud(app, db, '/v1/locales', localeResource, {
    cascade: async (tx, row) => {
      await tx.delete(localeAssignments).where(eq(localeAssignments.localeId, String(row.id)));
    },
  });

  const xpRoles = rolesFor('XpIndexAdmin');
  app.get('/v1/xpindices', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'read xp indices');
    requireAnyRole(principal.roles, xpRoles.read);
    const q = new URL(c.req.url).searchParams;
    return c.json(
      await pageOfRows(db, xpIndices, undefined, [xpIndices.thingType, xpIndices.key], q, (r) => ({
        ThingType: r.thingType,
        Key: r.key,
      })),
    );
  });
  app.put('/v1/xpindices', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'define xp indices');
    requireAnyRole(principal.roles, xpRoles.write);
    const body = await readBody(
      c.req.raw,
      z.object({
        ThingType: z.enum(XP_THING_TYPES, { error: 'must be an xp thing type' }),
        Key: z.string().regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'must be a dotted xp path'),
      }),
    );
    await db.insert(xpIndices).values({ thingType: body.ThingType, key: body.Key }).onConflictDoNothing();
    return c.body(null, 204);
  });
  app.delete('/v1/xpindices/:thingType/:key', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'remove xp indices');
    requireAnyRole(principal.roles, xpRoles.write);
    const deleted = await db
      .delete(xpIndices)
      .where(and(eq(xpIndices.thingType, c.req.param('thingType')), eq(xpIndices.key, c.req.param('key'))))
      .returning();
    if (deleted.length === 0)
      throw ApiError.notFound('XpIndex', `${c.req.param('thingType')}/${c.req.param('key')}`);
    return c.body(null, 204);
  });
}
