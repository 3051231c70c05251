import { defineConfig } from 'vitest/config';
import SpreadBrowserTests from './tools/test-sequencer.ts';

const exclude = ['**/node_modules/**', '**/.next/**', '**/.data/**'];

/**
 * Four projects: plain unit tests; database tests (`*.db.test.ts`) once on PGlite and once on
 * PostgreSQL; and end-to-end tests (`e2e/`) that start the real server and drive Chromium.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tools/summary-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two cores. The
    // database tests wait on PostgreSQL and the browser tests on their server and Chromium, so two
    // workers keep both cores busy.
    maxWorkers: 2,
    globalSetup: ['./tools/test-templates.ts'],
    sequence: { sequencer: SpreadBrowserTests },
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
          // The browser polls wait for the page, not a fixed second: on two busy cores a client-side
          // navigation or a server action can take several seconds.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // On CI's two shared cores a browser test can lose a race with the machine. One retry there;
          // tests that needed it are listed by the summary line's reporter, never hidden.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
