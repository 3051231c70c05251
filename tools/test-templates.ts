import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropTestTemplates } from '@catalogue/db/testing';

/**
 * Vitest global setup: names this run (`TEST_RUN_ID`) and gives it a directory for PGlite template
 * dumps (`TEST_TEMPLATE_DIR`), so `createTestDatabase` builds each kind of test database once per run
 * and copies it after that. The returned teardown drops the run's template databases and files.
 */
export default function setup(): () => Promise<void> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-test-templates-'));
  process.env.TEST_RUN_ID = runId;
  process.env.TEST_TEMPLATE_DIR = dir;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTestTemplates(runId);
  };
}
