export {
  AUDITED_TABLES,
  type AuditActor,
  currentAuditActor,
  setActorStatement,
  withAuditActor,
} from './audit-actor';
export type { Database, Db, DriverName, Schema } from './client';
export {
  liftStatementTimeout,
  openDatabase,
  queryRows,
  queryRowsPrepared,
  redactUrl,
  refreshStatistics,
} from './client';
export type { DatabaseConfig, DatabaseLimits } from './config';
export { DatabaseConfigError, DEFAULT_LIMITS, databaseConfigFromEnv, dataDirFromEnv } from './config';
export { migrateDatabase, migrationsFolder } from './migrate';
export { type Preparable, placeholders, preparedStatement, queryRowsNamed } from './prepared-statement';
export { getSharedDatabase, setSharedDatabase } from './shared';
export type { UnavailableReason } from './unavailable';
export { DatabaseUnavailableError, databaseUnavailable } from './unavailable';
