import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/.next/**', '**/.data/**'];

/**
 * Four projects: plain unit tests; database tests (`*.db.test.ts`) once on PGlite and once on
 * PostgreSQL; and end-to-end tests (`e2e/`) that start the real server and drive Chromium.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tools/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,services,packages,server}/**/*.test.{ts,tsx}'],
          exclude: [...exclude, '**/*.db.test.ts'],
          // Generous: some unit tests generate thousands of SKUs while the database projects share the cores.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db-pglite',
          include: ['{apps,services,packages,server}/**/*.db.test.ts'],
          exclude,
          env: { TEST_DB_DRIVER: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'db-postgres',
          include: ['{apps,services,packages,server}/**/*.db.test.ts'],
          exclude,
          env: { TEST_DB_DRIVER: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude,
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
