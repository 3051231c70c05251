import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Database, databaseConfigFromEnv, migrateDatabase, openDatabase } from '@catalogue/db';
import { installSafeErrorLogging } from '@catalogue/db/errors';
import { getRequestListener } from '@hono/node-server';
import { z } from 'zod';
import { parseEnv, portSchema } from './env';
import { closeGracefully, listen, onShutdownSignal } from './http-server';
import type { Service, ServiceOptions } from './service';

export interface StandaloneOptions {
  name: string;
  defaultPort: number;
  create: (database: Database, options: ServiceOptions) => Service;
  /**
   * Background work of the process (the outbox worker), started after the service and stopped after the
   * last request, before the database closes.
   */
  background?: (database: Database) => Promise<{ stop(): Promise<void> }>;
}

/**
 * Serves one service on its own port at the root path, against DATABASE_URL (or a PGlite directory
 * under DATA_DIR that no other process may have open). Used for scale-out and for benchmarks.
 */
export async function runStandalone({
  name,
  defaultPort,
  create,
  background,
}: StandaloneOptions): Promise<void> {
  installSafeErrorLogging();
  const env = parseEnv(
    z.object({ PORT: portSchema.default(defaultPort), HOST: z.string().min(1).default('127.0.0.1') }),
  );
  const database = await openDatabase(databaseConfigFromEnv());
  await migrateDatabase(database);
  const service = create(database, { basePath: '' });
  const work = await background?.(database);
  const server = createServer(getRequestListener(service.fetch));
  server.keepAliveTimeout = 65_000;
  await listen(server, env.PORT, env.HOST);
  const { port } = server.address() as AddressInfo;
  console.log(`[${name}] standalone on http://${env.HOST}:${port} (${database.driver})`);
  onShutdownSignal(async () => {
    service.stop();
    await closeGracefully(server, 10_000);
    await work?.stop();
    await database.close();
  });
}
