import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createCommerceService } from '@catalogue/commerce';
import { createContentService } from '@catalogue/content';
import {
  DatabaseConfigError,
  databaseConfigFromEnv,
  migrateDatabase,
  openDatabase,
  refreshStatistics,
  setSharedDatabase,
} from '@catalogue/db';
import { installSafeErrorLogging } from '@catalogue/db/errors';
import { outboxConfigFromEnv, startOutbox } from '@catalogue/outbox';
import { createSearchService } from '@catalogue/search';
import { ConfigError, closeGracefully, listen, onShutdownSignal } from '@catalogue/service-kit';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { StorefrontConfigError, storefrontConfig } from '@catalogue/storefront/config';
import { API_POLICY, pageScriptPolicy } from '@catalogue/storefront/content-security-policy';
import { refusedPagePath } from '@catalogue/storefront/refused-request';
import { createRenderNonce } from '@catalogue/storefront/render-nonce';
import { ensureStorefrontBuild } from './build';
import { serverConfigFromEnv } from './config';
import { PageCache, setSharedPageCache } from './page-cache/page-cache';
import { TagVersions, touchTags } from './page-cache/tag-feed';
import { storefrontDir } from './paths';
import { ResponseCache } from './response-cache/response-cache';
import { seedOnFirstRun } from './seed';
import { createSiteServer } from './site';
import { StaticAssets } from './static-assets';

/**
 * `npm start`: build the storefront if needed, open and migrate the database, load the demo dataset on
 * the first run, start the outbox worker, and serve pages and every service from one process on PORT.
 */
async function main(): Promise<void> {
  // No log line of this process prints SQL or its parameters, Next's own included (issue 20 item 8).
  installSafeErrorLogging();
  const config = serverConfigFromEnv();
  const databaseConfig = databaseConfigFromEnv();
  const outboxConfig = outboxConfigFromEnv();
  const storefront = storefrontConfig(); // checked here so a bad script or origin setting stops the start
  const env: Record<string, string | undefined> = process.env;
  env.NODE_ENV ??= 'production';
  env.NEXT_TELEMETRY_DISABLED = '1';

  await ensureStorefrontBuild(config.STOREFRONT_BUILD);

  const database = await openDatabase(databaseConfig);
  console.log(`[server] database: ${database.driver} (${database.location})`);
  await migrateDatabase(database);
  await seedOnFirstRun(database, config.DATASET_SKUS, config.DATASET_SEED);
  // PGlite has no autovacuum daemon: refresh planner statistics at every start (PostgreSQL keeps its own).
  if (database.driver === 'pglite') await refreshStatistics(database);
  setSharedDatabase(database);

  const services = [
    createCommerceService(database, { basePath: '/ordercloud' }),
    createSearchService(database, { basePath: '/discover' }),
    createContentService(database, { basePath: '/content' }),
  ];
  setSharedServices(services);
  // Emails and marketing pushes queued in the outbox (by this or any other instance) go out from here.
  const outbox = await startOutbox(database, outboxConfig);
  const renderNonce = createRenderNonce();
  let responseCache: ResponseCache | undefined;
  if (config.PAGE_CACHE_MB > 0) {
    const tagVersions = await TagVersions.forDatabase(database);
    await tagVersions.sync();
    const pageCacheBytes = config.PAGE_CACHE_MB * 1024 * 1024;
    const pageCache = new PageCache(tagVersions, pageCacheBytes, (tags) => touchTags(database, tags));
    setSharedPageCache(pageCache);
    // Finished answers of cached pages (text + gzip, ≈ 1.2× the HTML): half the page cache's budget again.
    responseCache = new ResponseCache(pageCache, renderNonce, pageCacheBytes / 2);
  }

  const { default: next } = await import('next');
  const pagesApp = next({ dev: false, dir: storefrontDir, hostname: 'localhost', port: config.PORT });
  await pagesApp.prepare();
  let pagesState = 'ready';

  const staticAssets = new StaticAssets(path.join(storefrontDir, '.next', 'static'));
  // In the background: until a file is compressed, Next serves it (gzip).
  staticAssets
    .prepare()
    .catch((error: unknown) => console.error('[server] compressing assets failed:', error));
  const server = createSiteServer({
    database,
    services,
    pages: pagesApp.getRequestHandler(),
    pagesState: () => pagesState,
    trustProxy: config.TRUST_PROXY === 'true',
    staticAssets,
    refusedPagePath,
    ...(responseCache ? { responseCache } : {}),
    contentSecurityPolicy: {
      renderNonce,
      scriptPolicy: pageScriptPolicy(storefront.tracking),
      apiPolicy: API_POLICY,
    },
  });
  await listen(server, config.PORT, config.HOST);
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const { port } = server.address() as AddressInfo;
  // Canonical links without SITE_ORIGIN use this address (apps/storefront/src/data/site-origin.ts).
  process.env.CATALOGUE_LISTEN_ORIGIN = `http://${shownHost}:${port}`;
  console.log(`[server] ready on http://${shownHost}:${port} (APP_ENV=${config.APP_ENV})`);

  onShutdownSignal(async (signal) => {
    console.log(`[server] ${signal}: finishing in-flight requests`);
    pagesState = 'stopping';
    for (const service of services) service.stop();
    await closeGracefully(server, config.SHUTDOWN_TIMEOUT_MS);
    // After the last request (which may have queued mail), before the database closes.
    await outbox.stop();
    await pagesApp.close();
    await database.close();
    setSharedDatabase(null);
    setSharedServices(null);
    setSharedPageCache(null);
    console.log('[server] stopped cleanly');
  });
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseConfigError ||
    error instanceof StorefrontConfigError
  ) {
    console.error(`[server] ${error.message}`);
    process.exit(2);
  }
  console.error('[server] failed to start:', error);
  process.exit(1);
});
