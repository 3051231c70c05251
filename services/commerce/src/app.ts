import type { Database } from '@catalogue/db';
import { loggableError } from '@catalogue/db/errors';
import { defineService, routeTable, type Service, type ServiceOptions } from '@catalogue/service-kit';
import { Hono } from 'hono';
import { KeyStore } from './auth/keys';
import { authenticate } from './auth/middleware';
import { mountOAuthRoutes } from './auth/oauth-routes';
import { mountTokenEndpoint } from './auth/token-endpoint';
import { TokenService } from './auth/tokens';
import { mountBundles } from './catalog/bundles';
import { mountCatalogs } from './catalog/catalogs';
import { mountCategories } from './catalog/categories';
import { mountProductFacets } from './catalog/facets';
import { mountInventoryRecords } from './catalog/inventory-records';
import { mountPriceSchedules } from './catalog/price-schedules';
import { mountProductSuppliers } from './catalog/product-suppliers';
import { mountProducts } from './catalog/products';
import { mountPromotions } from './catalog/promotions';
import { mountSpecs } from './catalog/specs';
import { mountVariants } from './catalog/variants';
import { type CommerceConfig, commerceConfigFromEnv } from './config';
import { ApiError } from './http/api-error';
import type { CommerceEnv } from './http/env';
import { errorResponse } from './http/errors';
import { idempotency } from './http/idempotency';
import { inputGuard } from './http/input-guard';
import { type CachedRoute, cachedReads, ReadCache, readCacheScope } from './http/read-cache';
import { mountAdminUsers } from './identity/admin-users';
import { mountApiClients } from './identity/api-clients';
import { mountApprovalRules } from './identity/approval-rules';
import { mountBuyerResources } from './identity/buyer-resources';
import { mountBuyerUsers } from './identity/buyer-users';
import { mountBuyers } from './identity/buyers';
import { parseLockedXp } from './identity/locked-xp';
import { mountPasswordReset } from './identity/password-reset';
import { mountBuyerProductCollections } from './identity/product-collections';
import { mountSecurityProfiles } from './identity/security-profiles';
import { mountBuyerSellers } from './identity/sellers';
import { mountSuppliers } from './identity/suppliers';
import { mountUserActions } from './identity/user-actions';
import { mountUserGroups } from './identity/user-groups';
import { mountMarketplaceConfig } from './marketplace/config-resources';
import { mountMeCatalogs } from './me/me-catalogs';
import { mountMeProductCollections } from './me/me-productcollections';
import { mountMeProducts } from './me/me-products';
import { mountMePromotions } from './me/me-promotions';
import { mountMeRoutes } from './me/me-routes';
import { mountMeSellers } from './me/me-sellers';
import { mountMeVariants } from './me/me-variants';
import { mountOrderRoutes } from './orders';
import { startSubscriptionJob } from './orders/subscription-job';

export interface CommerceServiceOptions extends ServiceOptions {
  config?: CommerceConfig;
}

/**
 * The OrderCloud-compatible commerce service: `/oauth/token`, `/oauth/certs/{kid}`, `/oauth/userinfo`
 * and `/v1/...`, answering in OrderCloud's error envelope.
 */
export interface CommerceService extends Service {
  /** Every route (method and path pattern), e.g. for the authorisation matrix test. */
  routes: ReadonlyArray<{ method: string; path: string }>;
}

/**
 * The GET routes answered from the read cache: what buyers see of the catalogue (per company and groups)
 * and the hot identity reads. Everything else reads the database every time.
 */
const CACHED_ROUTES: CachedRoute[] = [
  {
    generation: 'catalogue',
    matches: (path) => /^\/v1\/me\/(products|catalogs|categories)(\/|$)/.test(path),
    for: (principal) => principal.companyType === 'buyer',
    perGroups: true,
  },
  { generation: 'identity', matches: (path) => path === '/v1/me', perUser: true },
  { generation: 'identity', matches: (path) => /^\/v1\/buyers\/[^/]+\/users(\/[^/]+)?$/.test(path) },
];

export function createCommerceService(database: Database, options: CommerceServiceOptions): CommerceService {
  const config = options.config ?? commerceConfigFromEnv();
  const db = database.db;
  const keys = new KeyStore(db);
  const tokens = new TokenService(keys, {
    issuer: config.COMMERCE_TOKEN_ISSUER,
    audience: config.COMMERCE_TOKEN_AUDIENCE,
  });

  const app = new Hono<CommerceEnv>().basePath(options.basePath || '/');
  app.use('*', inputGuard(config.COMMERCE_MAX_BODY_BYTES));
  mountTokenEndpoint(app, { db, tokens, config });
  mountOAuthRoutes(app, db, keys, tokens);
  mountPasswordReset(app, db);
  app.use('/v1/*', authenticate(tokens));
  app.use('/v1/*', idempotency(db));
  if (config.COMMERCE_CACHE_MB > 0) {
    const cache = new ReadCache(database, config.COMMERCE_CACHE_MB * 1024 * 1024);
    app.use('/v1/*', readCacheScope(cache));
    app.use('/v1/*', cachedReads(cache, db, CACHED_ROUTES, options.basePath));
  }
  mountUserActions(
    app,
    db,
    tokens,
    config.COMMERCE_REGISTER_RATE_PER_ADDRESS,
    parseLockedXp(config.COMMERCE_SELF_SERVICE_LOCKED_XP),
  );
  const lockedXp = parseLockedXp(config.COMMERCE_SELF_SERVICE_LOCKED_XP);
  mountMeRoutes(app, db, lockedXp);
  mountBuyers(app, db);
  mountBuyerUsers(app, db);
  mountUserGroups(app, db);
  mountAdminUsers(app, db);
  mountSecurityProfiles(app, db);
  mountBuyerResources(app, db);
  mountBuyerProductCollections(app, db);
  mountSuppliers(app, db);
  mountBuyerSellers(app, db);
  mountMarketplaceConfig(app, db);
  mountApiClients(app, db);
  mountApprovalRules(app, db);
  mountBundles(app, db); // before catalogs and categories: /catalogs/bundleassignments is no catalog ID
  mountPromotions(app, db);
  mountCatalogs(app, db);
  mountCategories(app, db);
  mountPriceSchedules(app, db);
  mountSpecs(app, db);
  mountProductFacets(app, db);
  mountProductSuppliers(app, db);
  mountProducts(app, db);
  mountVariants(app, db);
  mountInventoryRecords(app, db);
  mountMeProducts(app, db);
  mountMeVariants(app, db);
  mountMeSellers(app, db);
  mountMeCatalogs(app, db);
  mountMeProductCollections(app, db);
  mountMePromotions(app, db);

  mountOrderRoutes(app, db, tokens);

  app.notFound((c) => {
    const endpoint = `${c.req.method} ${new URL(c.req.url).pathname}`;
    // Data as for any NotFound: the SDK builds its message from ObjectType and ObjectID.
    return errorResponse(404, [
      {
        ErrorCode: 'NotFound',
        Message: `Endpoint ${endpoint} not found`,
        Data: { ObjectType: 'Endpoint', ObjectID: endpoint },
      },
    ]);
  });
  app.onError((error) => {
    if (error instanceof ApiError) return errorResponse(error.status, error.errors);
    console.error('[commerce] unhandled error:', loggableError(error));
    return errorResponse(500, [
      { ErrorCode: 'InternalServerError', Message: 'An unexpected error occurred.' },
    ]);
  });
  const routes = routeTable(app.routes);
  const service = defineService('commerce', options.basePath, app.fetch);
  const stopSubscriptions = startSubscriptionJob(db, config.COMMERCE_SUBSCRIPTION_INTERVAL_S);
  return {
    ...service,
    routes,
    stop: () => {
      stopSubscriptions();
      service.stop();
    },
  };
}
