import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@catalogue/db/testing';
import { type RunningSite, startSite, temporaryDataDir } from '../e2e/harness/site';
import { buildStorefront, ensureStorefrontBuild } from '../server/src/build';
import { describeMachine, median, residentMiB, today } from './machine';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Wall time of a whole dataset-generation CLI run (a fresh process, as a user would run it). */
function timeDatasetCli(skus: number): number {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/dataset/src/cli.ts', '--skus', String(skus), '--out', '/dev/null'],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (result.status !== 0) throw new Error(`dataset CLI failed: ${result.stderr.toString()}`);
  return (performance.now() - started) / 1000;
}

async function timedStart(dataDir: string, env: Record<string, string> = {}): Promise<[RunningSite, number]> {
  const started = performance.now();
  const site = await startSite({ dataDir, env });
  return [site, (performance.now() - started) / 1000];
}

async function loadPages(site: RunningSite, count: number): Promise<void> {
  const paths = ['/', '/fr-ca', '/de-eu', '/en-gb', '/nl-eu'];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${site.url}${paths[i % paths.length]}`);
    await response.arrayBuffer();
  }
}

interface StartFigures {
  cold: number;
  warm: number;
  rssReady: number;
  rssAfterPages: number;
}

async function startFigures(env: Record<string, string>): Promise<StartFigures> {
  const data = temporaryDataDir('bench');
  try {
    const [first, cold] = await timedStart(data.dir, env);
    await first.stop();
    const [second, warm] = await timedStart(data.dir, env);
    const rssReady = await residentMiB(second.pid);
    await loadPages(second, 200);
    const rssAfterPages = await residentMiB(second.pid);
    await second.stop();
    return { cold, warm, rssReady, rssAfterPages };
  } finally {
    data.remove();
  }
}

/** A full storefront build from nothing, as the first `npm start` of a fresh clone runs it. */
async function timeCleanBuild(): Promise<number> {
  rmSync(path.join(repoRoot, 'apps/storefront/.next'), { recursive: true, force: true });
  const started = performance.now();
  await buildStorefront();
  return (performance.now() - started) / 1000;
}

export async function foundationBench(): Promise<string> {
  const build = await timeCleanBuild();
  await ensureStorefrontBuild('auto');
  const gen3k = median([timeDatasetCli(3000), timeDatasetCli(3000), timeDatasetCli(3000)]);
  const gen100k = median([timeDatasetCli(100_000), timeDatasetCli(100_000)]);
  const pglite = await startFigures({});
  const database = await createTestDatabase('postgres');
  let postgres: StartFigures;
  try {
    postgres = await startFigures({ DATABASE_URL: database.url ?? '' });
  } finally {
    await database.dispose();
  }
  const s = (n: number) => `${n.toFixed(2)} s`;
  return `
### Foundation (step 1) — ${today()}

Machine: ${describeMachine()}.

| measure | PGlite | PostgreSQL 15 |
|---|---|---|
| cold start, empty data directory / database (migrate + generate + load 3,000 SKUs + Next ready) | ${s(pglite.cold)} | ${s(postgres.cold)} |
| warm restart (data present) | ${s(pglite.warm)} | ${s(postgres.warm)} |
| resident memory when ready | ${pglite.rssReady} MiB | ${postgres.rssReady} MiB |
| resident memory after 200 home-page requests in 5 locales | ${pglite.rssAfterPages} MiB | ${postgres.rssAfterPages} MiB |

| measure | time |
|---|---|
| storefront build from nothing (\`next build\`, part of the first \`npm start\` of a fresh clone) | ${s(build)} |
| dataset generation, whole CLI process writing JSON to /dev/null: | |
| 3,000 SKUs (median of 3) | ${s(gen3k)} |
| 100,000 SKUs (median of 2) | ${s(gen100k)} |

Start times are from spawning \`node --import tsx server/src/main.ts\` to its "ready" line, with the
storefront already built (\`npm run build\` is a one-off, not part of a start).
`;
}
