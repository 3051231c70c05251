import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generateDataset } from '@catalogue/dataset';
import { loadDataset } from '@catalogue/dataset/load';
import { type Database, migrateDatabase, openDatabase } from '@catalogue/db';
import { createTestDatabase } from '@catalogue/db/testing';
import { temporaryDataDir } from '../e2e/harness/site';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Statement timeout while a benchmark database is loaded (the services keep their own setting). */
const LOAD_TIMEOUT_MS = 30 * 60_000;

export interface BenchDatabase<T> {
  /** DATA_DIR and DATABASE_URL for a server started over the prepared database. */
  env: Record<string, string>;
  dataDir: string;
  /** What `inspect` found while the database was open. */
  found: T;
  cleanup(): Promise<void>;
}

/**
 * A database for one benchmark run: PGlite under a temporary DATA_DIR (closed again, for a server
 * process to open) or a fresh PostgreSQL test database, holding the demo dataset with `skus` SKUs;
 * `inspect` runs on it first (extra rows, picking scenarios, timing a reindex).
 */
export async function prepareBenchDatabase<T>(
  label: string,
  driver: 'pglite' | 'postgres',
  skus: number,
  inspect: (database: Database) => Promise<T>,
): Promise<BenchDatabase<T>> {
  const data = temporaryDataDir(`bench-${label}-${driver}`);
  const dataset = generateDataset({ skus });
  if (driver === 'pglite') {
    const database = await openDatabase({ driver: 'pglite', dataDir: `${data.dir}/pglite` });
    try {
      await migrateDatabase(database);
      await loadDataset(database.db, dataset);
      const found = await inspect(database);
      return {
        env: { DATA_DIR: data.dir, DATABASE_URL: '' },
        dataDir: data.dir,
        found,
        cleanup: async () => data.remove(),
      };
    } finally {
      await database.close();
    }
  }
  // Loading 100,000 SKUs ends with an `analyze` that outlasts the 5 s statement timeout on a busy machine.
  const database = await createTestDatabase('postgres', undefined, { statementTimeoutMs: LOAD_TIMEOUT_MS });
  let found: T;
  try {
    await loadDataset(database.db, dataset);
    found = await inspect(database);
  } catch (error) {
    // A failed load would otherwise leave a database of up to 100,000 SKUs behind.
    await database.dispose();
    data.remove();
    throw error;
  }
  return {
    env: { DATA_DIR: data.dir, DATABASE_URL: database.url ?? '' },
    dataDir: data.dir,
    found,
    cleanup: async () => {
      await database.dispose();
      data.remove();
    },
  };
}

export interface StandaloneService {
  url: string;
  stop(): Promise<void>;
}

/**
 * A service alone in its own process (`services/<name>/src/server.ts`) on a free port, resolved when it
 * prints `standalone on <url>`.
 */
export function startStandaloneService(
  name: string,
  env: Record<string, string>,
): Promise<StandaloneService> {
  // BENCH_CPU_PROFILE=<dir>: the service writes a V8 CPU profile there when it stops (chrome://inspect, speedscope).
  const profile = process.env.BENCH_CPU_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', `services/${name}/src/server.ts`], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /standalone on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        resolve({
          url: match[1],
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}):\n${output}`)));
  });
}
