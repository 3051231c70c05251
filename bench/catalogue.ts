import { type Db, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { startStandalone, tokenFor } from './commerce';
import { type LoadResult, load } from './load';
import { describeMachine, today } from './machine';
import { prepareBenchDatabase } from './standalone';

/**
 * Step 3's benchmark: `GET /v1/me/products?pageSize=24` with a category filter, a search term and an xp
 * filter, as the US employee, on 3,000 and 100,000 SKUs, on PGlite and PostgreSQL, standalone. Each
 * scenario rotates through 20 different queries. "Miss" is one client asking each query once with the
 * read cache empty (what the database answers); "hit" is 20 connections for 8 s after that.
 */
const SIZES = (process.env.BENCH_SKUS ?? '3000,100000').split(',').map(Number);
const QUERIES_PER_SCENARIO = 20;

interface Scenario {
  name: string;
  paths: string[];
}

/**
 * Categories of catalog-us at any level holding at least a page of products below them (the dataset's
 * category IDs are dotted paths, so each assignment counts for every prefix of its category).
 */
export async function benchCategories(db: Db, limit = QUERIES_PER_SCENARIO): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select prefix as id from category_product_assignments cp,
          lateral (select array_to_string((string_to_array(cp.category_id, '.'))[1:n], '.') as prefix
                   from generate_series(1, cardinality(string_to_array(cp.category_id, '.'))) n) p
        where cp.catalog_id = 'catalog-us' group by prefix having count(*) >= 24
        order by md5(prefix) limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** String values of the Material and Finish attributes, for `xp.<key>=<value>` filters. */
export async function benchXpValues(
  db: Db,
  limit = QUERIES_PER_SCENARIO,
): Promise<{ key: string; value: string }[]> {
  return queryRows<{ key: string; value: string }>(
    db,
    sql`select key, value from (select distinct k.key, k.value #>> '{}' as value from products p,
        jsonb_each(p.xp) k where k.key in ('Material', 'Finish') and jsonb_typeof(k.value) = 'string') t
        order by md5(key || value) limit ${limit}`,
  );
}

async function scenarios(db: Db): Promise<Scenario[]> {
  const categories = (await benchCategories(db)).map((id) => ({ id }));
  const words = await queryRows<{ word: string }>(
    db,
    sql`select w as word from (select distinct regexp_split_to_table(lower(name), '[^a-z]+') as w
        from products) t where length(w) >= 4 order by md5(w) limit ${QUERIES_PER_SCENARIO}`,
  );
  const values = await benchXpValues(db);
  if (categories.length === 0 || words.length === 0 || values.length === 0)
    throw new Error('the dataset has no categories, words or xp values for the benchmark');
  const base = '/v1/me/products?pageSize=24';
  return [
    {
      name: 'category',
      paths: categories.map((c) => `${base}&catalogID=catalog-us&categoryID=${encodeURIComponent(c.id)}`),
    },
    { name: 'search', paths: words.map((w) => `${base}&search=${encodeURIComponent(w.word)}`) },
    {
      name: 'xp filter',
      paths: values.map((v) => `${base}&xp.${v.key}=${encodeURIComponent(v.value)}`),
    },
  ];
}

interface Measured {
  skus: number;
  driver: string;
  scenario: string;
  miss: { p50: number; p99: number; max: number };
  hit: LoadResult;
}

function percentile(sorted: number[], p: number): number {
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, at)] ?? 0) * 10) / 10;
}

function prepare(driver: 'pglite' | 'postgres', skus: number) {
  return prepareBenchDatabase('catalogue', driver, skus, (database) => scenarios(database.db));
}

export async function catalogueBench(): Promise<string> {
  const results: Measured[] = [];
  for (const skus of SIZES) {
    for (const driver of ['pglite', 'postgres'] as const) {
      console.log(`preparing ${skus} SKUs on ${driver}`);
      const prepared = await prepare(driver, skus);
      const service = await startStandalone(prepared.env);
      try {
        const token = await tokenFor(service.url, {
          grant_type: 'password',
          client_id: 'storefront',
          username: 'employee',
          password: 'Buyer#2026',
        });
        const headers = { authorization: `Bearer ${token}` };
        for (const scenario of prepared.found) {
          const times: number[] = [];
          for (const path of scenario.paths) {
            const started = performance.now();
            const response = await fetch(`${service.url}${path}`, { headers });
            const body = (await response.json()) as { Items?: unknown[] };
            times.push(performance.now() - started);
            if (response.status !== 200 || !Array.isArray(body.Items))
              throw new Error(`${path} answered ${response.status}`);
          }
          times.sort((a, b) => a - b);
          const hit = await load({ url: `${service.url}/`, headers, paths: scenario.paths });
          results.push({
            skus,
            driver,
            scenario: scenario.name,
            miss: { p50: percentile(times, 50), p99: percentile(times, 99), max: percentile(times, 100) },
            hit,
          });
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
      `| ${r.skus.toLocaleString('en-US')} | ${r.driver} | ${r.scenario} | ${r.miss.p50} / ${r.miss.p99} ms | ${r.hit.requestsPerSecond} req/s · p50 ${r.hit.p50} ms · p99 ${r.hit.p99} ms${r.hit.errors + r.hit.non2xx ? ` · ${r.hit.errors + r.hit.non2xx} failed` : ''} |`,
  );
  const goals = results
    .filter((r) => r.skus === 100_000 && r.driver === 'pglite')
    .map((r) => {
      const met = r.hit.p50 <= 10 && r.hit.p99 <= 40;
      return `| ${r.scenario}: p50 ≤ 10 ms, p99 ≤ 40 ms (100,000, PGlite, 20 clients) | p50 ${r.hit.p50} ms, p99 ${r.hit.p99} ms from the cache; ${r.miss.p50} / ${r.miss.p99} ms when the database answers | ${met ? 'met (cached)' : '**not met**'} |`;
    });
  return `
### Catalogue: /me/products (step 3) — ${today()}

Machine: ${describeMachine()}. Standalone commerce service, the US employee's token, \`GET /v1/me/products?pageSize=24\`
with one of 20 category filters (\`catalogID=catalog-us&categoryID=…\`, with descendants), 20 search words or
20 xp filters (\`xp.Material=…\`/\`xp.Finish=…\`). **Miss**: one client asks each query once with the read
cache empty — the database's own answer time (p50 / p99 over the 20). **Hit**: then autocannon, 20
connections, 8 s, rotating through the same 20 queries (answers from the catalogue read cache, which
still reads the committed catalogue generation once per batch of requests).

| SKUs | database | scenario | miss p50 / p99 | hit, 20 connections |
|---|---|---|---|---|
${rows.join('\n')}

| goal (issue: step 3) | measured | |
|---|---|---|
${goals.join('\n')}

Indexes that serve these lists: trigram GIN on \`lower(name)\`, \`lower(id)\`, \`lower(description)\` (search),
\`catalog_product_assignments\` (catalog_id, product_id) and \`category_product_assignments\` primary keys
(category), jsonb_path_ops GIN on \`products.xp\`; the read cache is \`services/commerce/src/http/read-cache.ts\`.
`;
}
