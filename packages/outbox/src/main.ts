import { DatabaseConfigError, databaseConfigFromEnv, migrateDatabase, openDatabase } from '@catalogue/db';
import { installSafeErrorLogging } from '@catalogue/db/errors';
import { ConfigError, onShutdownSignal } from '@catalogue/service-kit';
import { outboxConfigFromEnv } from './config';
import { startOutbox } from './start';

/**
 * `npm run outbox`: the outbox worker as a process of its own, for deployments whose web instances run
 * with OUTBOX_WORKER=off. Several may run against one PostgreSQL (rows are claimed with skip locked and a
 * lease); on PGlite only one process may open the data directory, so there the single server delivers.
 */
async function main(): Promise<void> {
  installSafeErrorLogging();
  const config = { ...outboxConfigFromEnv(), OUTBOX_WORKER: 'on' as const };
  const database = await openDatabase(databaseConfigFromEnv());
  console.log(`[outbox] database: ${database.driver} (${database.location})`);
  await migrateDatabase(database);
  const outbox = await startOutbox(database, config);
  onShutdownSignal(async (signal) => {
    console.log(`[outbox] ${signal}: finishing deliveries in progress`);
    await outbox.stop();
    await database.close();
    console.log('[outbox] stopped cleanly');
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseConfigError) {
    console.error(`[outbox] ${error.message}`);
    process.exit(2);
  }
  console.error('[outbox] failed to start:', error);
  process.exit(1);
});
