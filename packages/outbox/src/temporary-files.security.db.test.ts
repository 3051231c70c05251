import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxConfigFromEnv } from './config';
import { startOutbox } from './start';
import { removeStaleTemporaryFiles, temporaryFileOf } from './temporary-files';
import { memoryLog, temporaryDir } from './testing';

/** A file last written `ageMs` ago. */
async function fileAged(file: string, ageMs: number): Promise<void> {
  await writeFile(file, 'partial');
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
}

describe(`unfinished mail and push files on ${testDriver()}`, () => {
  let database: TestDatabase;
  let data: { dir: string; remove(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
    data = await temporaryDir();
  });
  afterAll(async () => {
    await database?.dispose();
    await data?.remove();
  });

  it('are removed when a worker starts once older than two leases; files in flight and finished ones stay', async () => {
    const config = outboxConfigFromEnv({ DATA_DIR: data.dir, OUTBOX_LEASE_S: '120' });
    await mkdir(config.mailDir, { recursive: true });
    await mkdir(config.marketingPushDir, { recursive: true });
    const crashed = '.20261122T101010101Z-7.eml.4242.tmp';
    await fileAged(path.join(config.mailDir, crashed), 241_000);
    // Another instance's worker writing right now (a younger file, another pid).
    await fileAged(path.join(config.mailDir, '.20261127T101010101Z-9.eml.777.tmp'), 1_000);
    await fileAged(path.join(config.mailDir, '20261122T101010101Z-6.eml'), 10 * 86_400_000);
    await fileAged(path.join(config.mailDir, '.notes.tmp'), 10 * 86_400_000);
    await fileAged(path.join(config.marketingPushDir, '.20261122T101010101Z-8.json.4242.tmp'), 3_600_000);

    const log = memoryLog();
    const outbox = await startOutbox(database, { ...config, OUTBOX_POLL_S: 3600 }, log);
    await outbox.stop();

    expect((await readdir(config.mailDir)).sort()).toEqual([
      '.20261127T101010101Z-9.eml.777.tmp',
      '.notes.tmp',
      '20261122T101010101Z-6.eml',
    ]);
    expect(await readdir(config.marketingPushDir)).toEqual([]);
    expect(log.lines.map((l) => l.text).join('\n')).toContain(
      `removed 1 unfinished file(s) a stopped worker left in ${config.mailDir}: ${crashed}`,
    );
  });

  it('name temporary files so that the clean-up finds them, and leave a missing folder alone', async () => {
    const dir = path.join(data.dir, 'names');
    await mkdir(dir);
    const file = temporaryFileOf(dir, '20261122T101010101Z-1.eml');
    expect(path.basename(file)).toBe(`.20261122T101010101Z-1.eml.${process.pid}.tmp`);
    await fileAged(file, 60_000);
    expect(await removeStaleTemporaryFiles(dir, 120_000)).toEqual([]);
    expect(await removeStaleTemporaryFiles(dir, 30_000)).toEqual([path.basename(file)]);
    expect(await removeStaleTemporaryFiles(path.join(data.dir, 'missing'), 0)).toEqual([]);
  });
});
