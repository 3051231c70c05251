export type { Database, Db, DriverName, Schema } from './client';
export { openDatabase, queryRows, redactUrl, refreshStatistics } from './client';
export type { DatabaseConfig } from './config';
export { DatabaseConfigError, databaseConfigFromEnv, dataDirFromEnv } from './config';
export { migrateDatabase, migrationsFolder } from './migrate';
export { getSharedDatabase, setSharedDatabase } from './shared';
