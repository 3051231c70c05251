import type { Database } from '@catalogue/db';
import { SearchEngine } from '../services/search/src/engine/engine';
import { describeMachine, today } from './machine';
import { prepareBenchDatabase, type StandaloneService, startStandaloneService } from './standalone';

/**
 * Step 9's benchmark (issue 10 item 5): the standalone search service on 100,000 SKUs, PGlite and
 * PostgreSQL. 20 clients keep one request each in flight for 8 s, rotating through 20 searches with a
 * keyphrase and two facet selections (rfkid_7, facets on, 24 per page) or 20 preview searches (rfkid_6,
 * prefixes of 3–5 letters, 6 products and two suggesters). "Server time" is the `Server-Timing` header
 * (the service's own time for the request, from authentication to the encoded answer); the client time
 * includes queueing in the one Node.js thread. The answer cache is off (SEARCH_CACHE_ENTRIES=0): every request is evaluated.
 * Full reindex: the time to build both indexes from the database (in this process).
 */

const SIZES = (process.env.BENCH_SKUS ?? '100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 20;

// biome-ignore lint/suspicious/noExplicitAny: wire answers
type Json = any;

interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

interface Measured {
  skus: number;
  driver: string;
  scenario: string;
  requests: number;
  perSecond: number;
  /** Mean `total_item` of the answers: how many products the searches found. */
  meanTotal: number;
  server: Percentiles;
  client: Percentiles;
  failed: number;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return Math.round((sorted[i] ?? 0) * 10) / 10;
  };
  return { p50: at(50), p99: at(99), max: at(100) };
}

/** The search service alone, with its answer cache off. */
export function startSearch(env: Record<string, string>): Promise<StandaloneService> {
  return startStandaloneService('search', { ...env, SEARCH_CACHE_ENTRIES: '0' });
}

export const US = { locale: { language: 'en', country: 'us' } };

export async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; json: Json; ms: number; server: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/discover/v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
  return {
    status: response.status,
    json,
    ms: performance.now() - started,
    server: Number(timing?.[1] ?? Number.NaN),
  };
}

/** 20 searches with a word of the catalogue and two facet values that find products together. */
export async function facetedSearches(url: string, words: string[]): Promise<unknown[]> {
  const bodies: unknown[] = [];
  const searchFor = (word: string, types: unknown[], limit: number) => ({
    context: US,
    widget: {
      items: [
        {
          entity: 'product',
          rfk_id: 'rfkid_7',
          search: {
            query: { keyphrase: word },
            limit,
            offset: 0,
            sort: { choices: true },
            facet: { all: true, types },
          },
        },
      ],
    },
  });
  const selected = (name: string, id: string) => ({ name, filter: { type: 'or', values: [id] } });
  for (const word of words) {
    const first = await post(url, searchFor(word, [], 1));
    const material = first.json.widgets?.[0]?.facet?.find((f: Json) => f.name === 'material')?.value[0];
    if (!material) continue;
    // The finish among the products of that material, so the two selections find products together.
    const second = await post(url, searchFor(word, [selected('material', material.id)], 1));
    const finish = second.json.widgets?.[0]?.facet?.find((f: Json) => f.name === 'finish')?.value[0];
    if (!finish || finish.count === 0) continue;
    bodies.push(searchFor(word, [selected('material', material.id), selected('finish', finish.id)], 24));
    if (bodies.length >= 20) break;
  }
  return bodies;
}

function previewSearches(words: string[]): unknown[] {
  return words.slice(0, 20).map((word, i) => ({
    context: US,
    widget: {
      items: [
        {
          entity: 'product',
          rfk_id: 'rfkid_6',
          search: {
            query: { keyphrase: word.slice(0, 3 + (i % 3)) },
            limit: 6,
            suggestion: [
              { name: 'keyphrase', max: 5 },
              { name: 'category', max: 5 },
            ],
          },
        },
      ],
    },
  }));
}

/** 20 clients, each with one request in flight, for SECONDS, rotating through the bodies. */
async function drive(
  url: string,
  bodies: unknown[],
): Promise<Omit<Measured, 'skus' | 'driver' | 'scenario'>> {
  const server: number[] = [];
  const client: number[] = [];
  const totals: number[] = [];
  let failed = 0;
  let next = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const body = bodies[next++ % bodies.length];
        try {
          const answer = await post(url, body);
          if (answer.status !== 200 || answer.json.widgets?.[0]?.errors) failed++;
          else {
            server.push(answer.server);
            client.push(answer.ms);
            totals.push(answer.json.widgets[0].total_item ?? 0);
          }
        } catch {
          failed++;
        }
      }
    }),
  );
  return {
    requests: server.length,
    perSecond: Math.round(server.length / SECONDS),
    meanTotal: Math.round(totals.reduce((a, b) => a + b, 0) / Math.max(1, totals.length)),
    server: percentiles(server),
    client: percentiles(client),
    failed,
  };
}

/** Full reindex: the build at start (cold process) and a second one (warm, as after a bulk change). */
async function reindexTime(database: Database): Promise<Reindex> {
  const engine = new SearchEngine(database, {
    feedIntervalMs: 60_000,
    log: (message) => console.log(`[bench] ${message}`),
  });
  await engine.ready;
  engine.stop();
  const cold = engine.lastReindex?.ms ?? 0;
  const warm = await engine.reindex();
  return { cold, warm: warm.ms, products: warm.products, content: warm.content };
}

interface Reindex {
  cold: number;
  warm: number;
  products: number;
  content: number;
}

/** Words of the catalogue's product names, for keyphrases and `?search=`. */
export const WORDS = [
  'conduit',
  'tray',
  'steel',
  'strap',
  'box',
  'cable',
  'connector',
  'channel',
  'rod',
  'clamp',
  'galvanized',
  'fitting',
  'ladder',
  'coupling',
  'bracket',
  'nut',
  'aluminium',
  'elbow',
  'wire',
  'cover',
  'support',
  'hanger',
  'bolt',
  'plate',
  'fire',
];

function prepare(driver: 'pglite' | 'postgres', skus: number) {
  return prepareBenchDatabase('search', driver, skus, reindexTime);
}

export async function searchBench(): Promise<string> {
  const results: Measured[] = [];
  const reindexes: ({ skus: number; driver: string } & Reindex)[] = [];
  for (const skus of SIZES) {
    for (const driver of ['pglite', 'postgres'] as const) {
      console.log(`preparing ${skus} SKUs on ${driver}`);
      const prepared = await prepare(driver, skus);
      reindexes.push({ skus, driver, ...prepared.found });
      console.log(reindexes.at(-1));
      const service = await startSearch(prepared.env);
      try {
        const faceted = await facetedSearches(service.url, WORDS);
        if (faceted.length === 0) throw new Error('no search with two facets found');
        const previews = previewSearches(WORDS);
        // Warm-up: the first evaluations compile the code paths.
        await drive(service.url, [...faceted, ...previews]);
        for (const [scenario, bodies] of [
          ['search, keyphrase + two facets', faceted],
          ['preview search', previews],
        ] as const) {
          results.push({ skus, driver, scenario, ...(await drive(service.url, bodies)) });
          console.log(results.at(-1));
        }
      } finally {
        await service.stop();
        await prepared.cleanup();
      }
    }
  }
  const rows = results.map(
    (r) =>
      `| ${r.skus.toLocaleString('en-US')} | ${r.driver} | ${r.scenario} | ${r.server.p50} / ${r.server.p99} / ${r.server.max} ms | ${r.client.p50} / ${r.client.p99} ms | ${r.perSecond} req/s${r.failed ? ` · ${r.failed} failed` : ''} | ${r.meanTotal.toLocaleString('en-US')} |`,
  );
  const goal = (r: Measured) =>
    r.scenario === 'preview search' ? r.server.p99 <= 15 : r.server.p50 <= 10 && r.server.p99 <= 40;
  const goals = results
    .filter((r) => r.skus === 100_000)
    .map(
      (r) =>
        `| ${r.scenario === 'preview search' ? 'preview search p99 ≤ 15 ms' : 'search with two facets p50 ≤ 10 ms, p99 ≤ 40 ms'} (${r.driver}, 20 clients) | server p50 ${r.server.p50} ms, p99 ${r.server.p99} ms | ${goal(r) ? 'met' : '**not met**'} |`,
    );
  const reindexRows = reindexes.map(
    (r) =>
      `| ${r.skus.toLocaleString('en-US')} | ${r.driver} | ${(r.cold / 1000).toFixed(1)} s | ${(r.warm / 1000).toFixed(1)} s | ${r.products.toLocaleString('en-US')} products, ${r.content.toLocaleString('en-US')} pages |`,
  );
  return `
### Search: /api/discover/v2 (step 9) — ${today()}

Machine: ${describeMachine()}. Standalone search service (\`services/search/src/server.ts\`), answer cache
off, 20 clients each keeping one request in flight for ${SECONDS} s after a warm-up round. **Search**: rfkid_7 on product,
en-US, one of 20 keyphrases with one \`material\` and one \`finish\` facet value selected (\`or\`), all facets
counted, 24 per page. **Preview**: rfkid_6, a 3–5 letter prefix, 6 products plus keyphrase and category
suggestions. Server time is the service's own time per request from its \`Server-Timing\` header —
authentication, parsing, the search and the JSON encoding of the answer (p50 / p99 / max); client time
adds the queue in the service's one thread, HTTP and this client (same machine).

| SKUs | database | scenario | server time | client time p50 / p99 | throughput | products found (mean) |
|---|---|---|---|---|---|---|
${rows.join('\n')}

| goal (issue 10) | measured | |
|---|---|---|
${goals.join('\n')}

Full reindex (both indexes built from the database; at start, and a second build in the same process):

| SKUs | database | at start | again | documents |
|---|---|---|---|---|
${reindexRows.join('\n')}
`;
}
