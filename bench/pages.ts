import { loadavg } from 'node:os';
import { type RunningSite, startSite, temporaryDataDir } from '../e2e/harness/site';
import { load } from './load';
import { describeMachine, median, today } from './machine';

/**
 * Storefront pages as a visitor gets them from the single server (PGlite, the default 3,000-SKU dataset):
 * server time of cached pages (page cache hits) and of first renders (misses), and Lighthouse's mobile
 * run of each page (`lighthouse.ts`). Paths: see `benchPages`; more with BENCH_PATHS (comma-separated,
 * e.g. `BENCH_PATHS=/product/X npm run bench -- lighthouse`).
 */

export interface BenchPage {
  label: string;
  path: string;
}

interface RouteItem {
  path: string;
  kind: string;
}

async function routes(site: RunningSite): Promise<RouteItem[]> {
  const all: RouteItem[] = [];
  let endCursor: string | null = null;
  for (;;) {
    const response = await fetch(`${site.url}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query($endCursor: String) { routes(language: "en-US", limit: 100, endCursor: $endCursor) {
          pageInfo { endCursor hasNext } results { path kind } } }`,
        variables: { endCursor },
      }),
    });
    const answer = (await response.json()) as {
      data: { routes: { pageInfo: { endCursor: string | null; hasNext: boolean }; results: RouteItem[] } };
    };
    all.push(...answer.data.routes.results);
    if (!answer.data.routes.pageInfo.hasNext) return all;
    endCursor = answer.data.routes.pageInfo.endCursor;
  }
}

/**
 * The pages measured: home, a level-3 family, a level-3 family that shows a calculator, a level-6 family,
 * a product page (the first SKU of the level-3 family) and BENCH_PATHS.
 */
export async function benchPages(site: RunningSite): Promise<BenchPage[]> {
  const all = await routes(site);
  const families = all.filter((r) => r.kind === 'family');
  const family = families[0];
  const level6 = all.find((r) => r.kind === 'variantGroup');
  if (!family || !level6) throw new Error('the dataset has no level-3 or level-6 family route');
  const html = async (path: string) => (await fetch(`${site.url}${path}`)).text();
  let withCalculator: RouteItem | undefined;
  for (const candidate of families) {
    if ((await html(candidate.path)).includes('family__calculators')) {
      withCalculator = candidate;
      break;
    }
  }
  // The number cell's link to the product page (it may hold the drawing's thumbnail before the number).
  const sku = /class="sku-table__number"[^>]*>\s*<a [^>]*href="[^"]*\/product\/([^"?#]+)"/.exec(
    await html(family.path),
  )?.[1];
  const extra = (process.env.BENCH_PATHS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.startsWith('/'));
  return [
    { label: 'home', path: '/' },
    { label: 'family, level 3', path: family.path },
    ...(withCalculator ? [{ label: 'family with a calculator', path: withCalculator.path }] : []),
    { label: 'family, level 6', path: level6.path },
    ...(sku ? [{ label: 'product', path: `/product/${sku}` }] : []),
    ...extra.map((path) => ({ label: path, path })),
  ];
}

export async function withBenchSite<T>(run: (site: RunningSite) => Promise<T>): Promise<T> {
  const data = temporaryDataDir('bench-pages');
  const site = await startSite({ dataDir: data.dir });
  try {
    return await run(site);
  } finally {
    await site.stop();
    data.remove();
  }
}

/** Milliseconds from sending a request to its response headers, and to its last byte. */
async function timeRequest(url: string): Promise<{ headers: number; total: number; cache: string | null }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
  const headers = performance.now() - started;
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { headers, total: performance.now() - started, cache: response.headers.get('x-nextjs-cache') };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** `npm run bench -- pages`: server time of cached pages and of first renders. */
export async function pagesBench(): Promise<string> {
  return withBenchSite(async (site) => {
    const pages = await benchPages(site);
    const rows: string[] = [];
    for (const page of pages) {
      // Misses: distinct table views of the page (or the page itself once), each rendered for the first time.
      const misses: number[] = [];
      for (let n = 2; n <= 11; n++) {
        const miss = await timeRequest(`${site.url}${page.path}?page=${n}&size=50`);
        if (page.path.startsWith('/products/')) misses.push(miss.total);
      }
      await timeRequest(`${site.url}${page.path}`);
      const hits: number[] = [];
      const totals: number[] = [];
      for (let i = 0; i < 300; i++) {
        const hit = await timeRequest(`${site.url}${page.path}`);
        if (hit.cache !== 'HIT') throw new Error(`${page.path} was not served from the page cache`);
        if (i >= 50) {
          hits.push(hit.headers);
          totals.push(hit.total);
        }
      }
      // As a browser asks (Chromium's Accept-Encoding): the stored answers are gzip, Next's path Brotli.
      const loaded = await load({
        url: `${site.url}${page.path}`,
        connections: 20,
        seconds: 8,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      rows.push(
        `| ${page.label} | ${round(median(hits))} ms · p95 ${round(percentile(hits, 95))} ms | ${round(median(totals))} ms | ${loaded.requestsPerSecond} req/s · p50 ${loaded.p50} ms · p99 ${loaded.p99} ms | ${misses.length > 0 ? `${round(median(misses))} ms` : '–'} |`,
      );
    }
    return [
      `### Storefront pages (issue 7) — ${today()}`,
      '',
      `Machine: ${describeMachine()}, load average ${loadavg()[0]?.toFixed(1)} when it ended. Single server on PGlite, 3,000 SKUs, \`NODE_ENV=production\`, client on the same machine.`,
      '',
      '| page | cached: server time to headers (median of 250 sequential requests) | cached: whole response | cached: 20 connections for 8 s | first render (miss), median of 10 table views |',
      '|---|---|---|---|---|',
      ...rows,
      '',
      'Goal (issue 7, item 6): server time ≤ 20 ms for a cached page. "Cached" is a page-cache hit',
      "(`x-nextjs-cache: HIT`): Next's route cache answering from `server/src/page-cache/` (on PGlite the tag",
      'feed is read only after a commit; on PostgreSQL once per request); "first render" is a view of the page',
      'never requested before (`?page=N&size=50`).',
    ].join('\n');
  });
}
