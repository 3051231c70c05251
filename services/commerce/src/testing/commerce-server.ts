import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { datasetContent } from '@catalogue/dataset/testing';
import type { Database } from '@catalogue/db';
import { createTestDatabase, type TestConnectionOptions, type TestDatabase } from '@catalogue/db/testing';
import { closeGracefully } from '@catalogue/service-kit';
import { getRequestListener } from '@hono/node-server';
import { createCommerceService } from '../app';
import { type CommerceConfig, commerceConfigFromEnv } from '../config';

export interface CommerceUnderTest {
  baseUrl: string;
  routes: ReadonlyArray<{ method: string; path: string }>;
  database: TestDatabase;
  close(): Promise<void>;
}

/** One more instance of the service, on its own port, over an already prepared database. */
export async function serveCommerce(
  database: Database,
  config: Partial<CommerceConfig> = {},
): Promise<{ baseUrl: string; routes: CommerceUnderTest['routes']; close(): Promise<void> }> {
  const service = createCommerceService(database, {
    basePath: '',
    config: { ...commerceConfigFromEnv({}), ...config },
  });
  const server: Server = createServer(getRequestListener(service.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    routes: service.routes,
    close: () => {
      // Stops the service's background work (the subscription job) before the database goes away.
      service.stop();
      return closeGracefully(server, 1000);
    },
  };
}

/**
 * The commerce service on its own port, on a fresh test database holding the demo identities and a
 * small demo catalogue — what a client of the standalone service sees.
 */
export async function startCommerce(
  options: { skus?: number; config?: Partial<CommerceConfig>; connection?: TestConnectionOptions } = {},
): Promise<CommerceUnderTest> {
  const database = await createTestDatabase(
    undefined,
    datasetContent(options.skus ?? 60),
    options.connection,
  );
  const instance = await serveCommerce(database, options.config);
  return {
    ...instance,
    database,
    async close() {
      await instance.close();
      await database.dispose();
    },
  };
}
