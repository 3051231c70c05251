import type { Database } from '@catalogue/db';
import { loggableError } from '@catalogue/db/errors';
import { defineService, routeTable, type Service, type ServiceOptions } from '@catalogue/service-kit';
import { Hono } from 'hono';
import { recordActor } from './audit/actor';
import { mountAudit } from './audit/routes';
import { ADDRESS_LIMITED_PATHS, clientAddressResolver } from './auth/client-address';
import { KeyStore } from './auth/keys';
import { LoginThrottle } from './auth/login-throttle';
import { authenticate } from './auth/middleware';
import { mountOAuthRoutes } from './auth/oauth-routes';
import { RateLimiter } from './auth/rate-limit';
import { mountTokenEndpoint } from './auth/token-endpoint';
import { TokenState } from './auth/token-state';
import { TokenService } from './auth/tokens';
import { mountBundles } from './catalog/bundles';
import { mountCatalogs } from './catalog/catalogs';
import { mountCategories } from './catalog/categories';
import { mountProductFacets } from './catalog/facets';
import { mountInventoryRecords } from './catalog/inventory-records';
import { ListingIndex } from './catalog/listing-index/listing-index';
import { mountPriceSchedules } from './catalog/price-schedules';
import { mountProductSuppliers } from './catalog/product-suppliers';
import { mountProducts } from './catalog/products';
import { mountPromotions } from './catalog/promotions';
import { mountSpecs } from './catalog/specs';
import { mountVariants } from './catalog/variants';
import { type CommerceConfig, commerceConfigFromEnv, loginBackoff } from './config';
import { mountEmailVerification } from './email-verification/routes';
import { verificationSettings } from './email-verification/settings';
import { ApiError } from './http/api-error';
import type { CommerceEnv } from './http/env';
import { errorResponse } from './http/errors';
import { idempotency } from './http/idempotency';
import { inputGuard } from './http/input-guard';
import { type CachedRoute, cachedReads, ReadCache, readCacheScope } from './http/read-cache';
import { unavailableResponse } from './http/unavailable';
import { mountAdminUsers } from './identity/admin-users';
import { mountApiClients } from './identity/api-clients';
import { mountApprovalRules } from './identity/approval-rules';
import { mountBuyerResources } from './identity/buyer-resources';
import { mountBuyerUsers } from './identity/buyer-users';
import { mountBuyers } from './identity/buyers';
import { parseLockedXp } from './identity/locked-xp';
import { mountBuyerProductCollections } from './identity/product-collections';
import { mountSecurityProfiles } from './identity/security-profiles';
import { mountBuyerSellers } from './identity/sellers';
import { mountSuppliers } from './identity/suppliers';
import { mountUserActions } from './identity/user-actions';
import { mountUserGroups } from './identity/user-groups';
import { mountMarketplaceConfig } from './marketplace/config-resources';
import { mountMeCatalogs } from './me/me-catalogs';
import { mountMeProductCollections } from './me/me-productcollections';
import { foldsTokenCheck, mountMeProducts } from './me/me-products';
import { mountMePromotions } from './me/me-promotions';
import { mountMeRoutes } from './me/me-routes';
import { mountMeSellers } from './me/me-sellers';
import { mountMeVariants } from './me/me-variants';
import { mountOrderRoutes } from './orders';
import { startAnonymousCartRetention } from './orders/anonymous-carts';
import { startSubscriptionJob } from './orders/subscription-job';
import { mountPasswordReset } from './password-reset/routes';
import { startQuoteExpiryJob } from './quotes/expiry-job';
import { buyerQuoteRoutes } from './quotes/me-routes';
import { sellerQuoteRoutes } from './quotes/routes';
import { mountRegistration } from './registration/routes';
import { mountSessionRoutes } from './sessions/routes';

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

  const cache =
    config.COMMERCE_CACHE_MB > 0 ? new ReadCache(database, config.COMMERCE_CACHE_MB * 1024 * 1024) : null;
  const tokenState = new TokenState(db, cache);
  const logins = new LoginThrottle(db, {
    pair: loginBackoff(config),
    perUsername: config.COMMERCE_LOGIN_LIMIT_PER_USERNAME,
    perAddress: config.COMMERCE_LOGIN_LIMIT_PER_ADDRESS,
    windowS: config.COMMERCE_LOGIN_WINDOW_MINUTES * 60,
  });

  const app = new Hono<CommerceEnv>().basePath(options.basePath || '/');
  const addresses = clientAddressResolver(config.TRUST_PROXY === 'true');
  for (const path of ADDRESS_LIMITED_PATHS) app.use(path, addresses);
  app.use('*', inputGuard(config.COMMERCE_MAX_BODY_BYTES));
  mountTokenEndpoint(app, { db, tokens, config, logins });
  mountOAuthRoutes(app, db, keys, tokens, tokenState);
  mountPasswordReset(
    app,
    db,
    {
      codeMinutes: config.COMMERCE_RESET_CODE_MINUTES,
      perEmailPerHour: config.COMMERCE_RESET_LIMIT_PER_EMAIL,
      perAddressPerHour: config.COMMERCE_RESET_LIMIT_PER_ADDRESS,
      // The single server publishes the address it listens on once it does (server/src/main.ts).
      siteOrigin: () => config.SITE_ORIGIN ?? process.env.CATALOGUE_LISTEN_ORIGIN ?? null,
    },
    logins,
  );
  const verification = verificationSettings(config);
  // Self-registrations and requests for a new verification link, per client address and hour.
  const visitors = new RateLimiter(config.COMMERCE_REGISTER_RATE_PER_ADDRESS, 60 * 60_000);
  mountEmailVerification(app, db, verification, visitors);
  app.use('/v1/*', authenticate(tokens, tokenState, foldsTokenCheck));
  app.use('/v1/*', recordActor());
  app.use('/v1/*', idempotency(db));
  if (cache) {
    app.use('/v1/*', readCacheScope(cache));
    app.use('/v1/*', cachedReads(cache, db, CACHED_ROUTES, options.basePath));
  }
  const lockedXp = parseLockedXp(config.COMMERCE_SELF_SERVICE_LOCKED_XP);
  mountUserActions(app, db, tokens);
  mountSessionRoutes(app, db, tokens, tokenState, logins);
  mountRegistration(app, db, tokens, { settings: verification, visitors, lockedXp });
  mountMeRoutes(app, db, lockedXp, verification);
  mountBuyers(app, db);
  mountBuyerUsers(app, db, verification);
  mountUserGroups(app, db);
  mountAdminUsers(app, db, verification);
  mountSecurityProfiles(app, db);
  mountBuyerResources(app, db);
  mountBuyerProductCollections(app, db);
  mountSuppliers(app, db, verification);
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
  mountMeProducts(app, db, config.COMMERCE_LISTING_INDEX === 'on' ? new ListingIndex(db) : undefined);
  mountMeVariants(app, db);
  mountMeSellers(app, db);
  mountMeCatalogs(app, db);
  mountMeProductCollections(app, db);
  mountMePromotions(app, db);

  mountAudit(app, db);
  mountOrderRoutes(app, db, tokens);
  app.route('/v1/quotes', sellerQuoteRoutes(db, { validityDays: config.COMMERCE_QUOTE_VALIDITY_DAYS }));
  app.route('/v1/me/quotes', buyerQuoteRoutes(db));

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
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(error.status, error.errors, error.headers);
    const unavailable = unavailableResponse(error, c.req.method, new URL(c.req.url).pathname);
    if (unavailable) return unavailable;
    console.error('[commerce] unhandled error:', loggableError(error));
    return errorResponse(500, [
      { ErrorCode: 'InternalServerError', Message: 'An unexpected error occurred.' },
    ]);
  });
  const routes = routeTable(app.routes);
  const service = defineService('commerce', options.basePath, app.fetch);
  const stopSubscriptions = startSubscriptionJob(db, config.COMMERCE_SUBSCRIPTION_INTERVAL_S);
  const stopCartRetention = startAnonymousCartRetention(db, config.COMMERCE_ANONYMOUS_CART_DAYS);
  const stopQuoteExpiry = startQuoteExpiryJob(db, config.COMMERCE_QUOTE_EXPIRY_INTERVAL_S);
  return {
    ...service,
    routes,
    stop: () => {
      stopSubscriptions();
      stopCartRetention();
      stopQuoteExpiry();
      service.stop();
    },
  };
}
