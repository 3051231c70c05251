import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type Db, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { benchCategories, benchXpValues } from './catalogue';
import { startStandalone, tokenFor } from './commerce';
import { type LoadResult, load } from './load';
import { describeMachine, today } from './machine';
import { BENCHMARKS } from './report';
import { facetedSearches, post, startSearch, US, WORDS } from './search';
import { prepareBenchDatabase, type StandaloneService } from './standalone';

/**
 * Issue 21 item 6: every read of the catalogue and of search with every cache that has a setting turned
 * off (COMMERCE_CACHE_MB=0, SEARCH_CACHE_ENTRIES=0), so each request is answered by the database or the
 * search index — what a visitor sees after any catalogue change, or for a query nobody asked before.
 * Standalone services, 3,000 and 100,000 SKUs (BENCH_SKUS), PGlite and PostgreSQL (default settings, JIT
 * on), 1 and 20 autocannon connections, each cell rotating through ~20 distinct queries with one counter
 * shared by all connections (no query repeats within 20 consecutive requests).
 */
const SIZES = (process.env.BENCH_SKUS ?? '3000,100000').split(',').map(Number);
/** BENCH_DRIVERS=postgres (or pglite) measures one database only, e.g. for 100,000 SKUs on a busy day. */
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres')
  .split(',')
  .filter((d): d is 'pglite' | 'postgres' => d === 'pglite' || d === 'postgres');
/** BENCH_SERVICES=commerce (or search) measures one service only; the other's rows are kept. */
const SERVICES = (process.env.BENCH_SERVICES ?? 'commerce,search').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = [1, 20];
/** A request without an answer after this long is a timeout (an error), so a collapsed cell still ends. */
const TIMEOUT_S = 10;
const QUERIES = 20;

const GOAL = { skus: 100_000, clients: 20, p50: 20, p99: 100 };

interface Rotation {
  path: string;
  body?: string;
}

interface Scenario {
  service: 'commerce' | 'search';
  name: string;
  requests: Rotation[];
}

interface Cell extends LoadResult {
  skus: number;
  driver: string;
  service: string;
  scenario: string;
  clients: number;
}

interface Picked {
  categories: string[];
  xp: { key: string; value: string }[];
  products: string[];
}

async function pick(db: Db): Promise<Picked> {
  const products = await queryRows<{ id: string }>(
    db,
    sql`select a.product_id as id from catalog_product_assignments a join products p on p.id = a.product_id
        where a.catalog_id = 'catalog-us' and p.active order by md5(a.product_id) limit ${QUERIES}`,
  );
  return {
    categories: await benchCategories(db, QUERIES),
    xp: await benchXpValues(db, QUERIES),
    products: products.map((p) => p.id),
  };
}

const LIST = '/v1/me/products?pageSize=24';
const categoryPath = (id: string) =>
  `${LIST}&catalogID=catalog-us&categoryID=${encodeURIComponent(id)}&depth=all`;

/** Asks each path once (checks the answers and serves as the warm-up); returns the answers. */
async function check(base: string, headers: Record<string, string>, paths: string[]): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const path of paths) {
    const response = await fetch(`${base}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    answers.push(await response.json());
  }
  return answers;
}

interface ListAnswer {
  Meta?: { Facets?: { XpPath: string; Values?: { Value: string; Count: number }[] }[] };
}

/**
 * The commerce scenarios, as the storefront asks them: a family page (a category with all its
 * descendants), the same with one facet value selected (the first facet's most frequent value in that
 * category, from the page's own Meta.Facets), one product, an xp filter over the whole catalog, and a
 * search word.
 */
async function commerceScenarios(
  base: string,
  headers: Record<string, string>,
  picked: Picked,
): Promise<Scenario[]> {
  const categoryPaths = picked.categories.map(categoryPath);
  const pages = (await check(base, headers, categoryPaths)) as ListAnswer[];
  const facetPaths = pages.flatMap((page, i) => {
    const facet = page.Meta?.Facets?.find((f) => (f.Values?.length ?? 0) > 0);
    const value = facet?.Values?.[0]?.Value;
    return facet && value !== undefined
      ? [`${categoryPaths[i]}&xp.${facet.XpPath}=${encodeURIComponent(String(value))}`]
      : [];
  });
  const scenarios: [string, string[]][] = [
    ['category page, depth=all', categoryPaths],
    ['category page + one facet value', facetPaths],
    ['one product', picked.products.map((id) => `/v1/me/products/${encodeURIComponent(id)}`)],
    ['xp filter', picked.xp.map((v) => `${LIST}&xp.${v.key}=${encodeURIComponent(v.value)}`)],
    ['search (?search=)', WORDS.slice(0, QUERIES).map((w) => `${LIST}&search=${encodeURIComponent(w)}`)],
  ];
  for (const [name, paths] of scenarios) {
    if (paths.length === 0) throw new Error(`no queries for ${name}`);
    if (name !== 'category page, depth=all') await check(base, headers, paths);
  }
  return scenarios.map(([name, paths]) => ({
    service: 'commerce',
    name,
    requests: paths.map((path) => ({ path })),
  }));
}

/** "Similar products" (rfkid_1, 8 products) on the page of one of 20 products, as the product page asks. */
function recommendations(products: string[]): unknown[] {
  return products.map((id) => ({
    context: { ...US, page: { uri: `/products/${id}` }, ids: { product: [id] } },
    widget: { items: [{ entity: 'product', rfk_id: 'rfkid_1', recommendations: { limit: 8 } }] },
  }));
}

async function searchScenarios(base: string, picked: Picked): Promise<Scenario[]> {
  const faceted = await facetedSearches(base, WORDS);
  const similar = recommendations(picked.products);
  const scenarios: [string, unknown[]][] = [
    ['discover: keyphrase + two facets', faceted],
    ['recommendation widget (similar)', similar],
  ];
  for (const [name, bodies] of scenarios) {
    if (bodies.length === 0) throw new Error(`no requests for ${name}`);
    for (const body of bodies) {
      const answer = await post(base, body);
      if (answer.status !== 200 || answer.json.widgets?.[0]?.errors)
        throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
    }
  }
  return scenarios.map(([name, bodies]) => ({
    service: 'search',
    name,
    requests: bodies.map((body) => ({ path: '/api/discover/v2', body: JSON.stringify(body) })),
  }));
}

/**
 * Waits until the service is idle again: autocannon stops with up to 20 requests still queued in the
 * service (behind PGlite's one connection, seconds of work in a collapsed cell), which would otherwise
 * land on the next cell. Idle = a light request (`probe`) answers within 100 ms; at most 60 s.
 */
async function settle(base: string, headers: Record<string, string>, probe: RequestInit & { path: string }) {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const started = performance.now();
    await fetch(`${base}${probe.path}`, { ...probe, headers }).then((r) => r.arrayBuffer());
    if (performance.now() - started <= 100) return;
  }
}

async function measure(
  service: StandaloneService,
  headers: Record<string, string>,
  scenarios: Scenario[],
  where: { skus: number; driver: string },
  probe: RequestInit & { path: string },
): Promise<Cell[]> {
  const cells: Cell[] = [];
  for (const scenario of scenarios) {
    for (const clients of CLIENTS) {
      const result = await load({
        url: `${service.url}/`,
        method: scenario.service === 'search' ? 'POST' : 'GET',
        headers,
        connections: clients,
        seconds: SECONDS,
        rotate: scenario.requests,
        timeoutSeconds: TIMEOUT_S,
      });
      cells.push({ ...where, service: scenario.service, scenario: scenario.name, clients, ...result });
      console.log(cells.at(-1));
      await settle(service.url, headers, probe);
    }
  }
  return cells;
}

type Prepared = Awaited<ReturnType<typeof prepareCold>>;

function prepareCold(driver: 'pglite' | 'postgres', skus: number) {
  return prepareBenchDatabase('cold', driver, skus, (database) => pick(database.db));
}

async function measureCommerce(prepared: Prepared, where: { skus: number; driver: string }): Promise<Cell[]> {
  const commerce = await startStandalone({ ...prepared.env, COMMERCE_CACHE_MB: '0' });
  try {
    const token = await tokenFor(commerce.url, {
      grant_type: 'password',
      client_id: 'storefront',
      username: 'employee',
      password: 'Buyer#2026',
    });
    const headers = { authorization: `Bearer ${token}` };
    const scenarios = await commerceScenarios(commerce.url, headers, prepared.found);
    return await measure(commerce, headers, scenarios, where, { path: '/v1/me' });
  } finally {
    await commerce.stop();
  }
}

async function measureSearch(prepared: Prepared, where: { skus: number; driver: string }): Promise<Cell[]> {
  // The search service builds its index from the database at start (not timed here).
  const search = await startSearch(prepared.env);
  try {
    const scenarios = await searchScenarios(search.url, prepared.found);
    const probe = {
      path: '/api/discover/v2',
      method: 'POST',
      body: JSON.stringify({ context: US, widget: { items: [{ entity: 'product', rfk_id: 'rfkid_1' }] } }),
    };
    return await measure(search, { 'content-type': 'application/json' }, scenarios, where, probe);
  } finally {
    await search.stop();
  }
}

async function runOn(driver: 'pglite' | 'postgres', skus: number): Promise<Cell[]> {
  console.log(`preparing ${skus} SKUs on ${driver}`);
  const prepared = await prepareCold(driver, skus);
  const where = { skus, driver };
  try {
    return [
      ...(SERVICES.includes('commerce') ? await measureCommerce(prepared, where) : []),
      ...(SERVICES.includes('search') ? await measureSearch(prepared, where) : []),
    ];
  } finally {
    await prepared.cleanup();
  }
}

function failures(cell: Cell): string {
  const failed = cell.errors + cell.non2xx;
  if (failed === 0) return '0';
  const parts = [
    cell.timeouts ? `${cell.timeouts} timeouts` : '',
    cell.errors - cell.timeouts ? `${cell.errors - cell.timeouts} errors` : '',
    cell.non2xx ? `${cell.non2xx} non-2xx` : '',
  ].filter(Boolean);
  return `**${parts.join(', ')}**`;
}

/** A cell of a kept row (`row`'s format), for the goal table. */
function keptCell(line: string): (Cell & { kept: true }) | null {
  const [, skus, driver, service, scenario, clients, p50, p99, failed, rps] = line
    .split('|')
    .map((part) => part.trim());
  if (!skus || !driver || !service || !scenario) return null;
  return {
    skus: Number(skus.replace(/\D/g, '')),
    driver,
    service,
    scenario,
    clients: Number(clients),
    p50: Number(p50),
    p99: Number(p99),
    errors: failed === '0' ? 0 : 1,
    timeouts: 0,
    non2xx: 0,
    answered: 1,
    requestsPerSecond: Number.parseInt(rps ?? '0', 10),
    kept: true,
  };
}

/**
 * The goal's cells, this run's or kept from an earlier one (marked). The issue's goal is PostgreSQL's
 * (issue 21, "Done when"); PGlite's cells are judged the same way and shown beside it.
 */
function goalRows(cells: (Cell & { kept?: true })[]): string[] {
  const rows: string[] = [];
  for (const driver of ['postgres', 'pglite']) {
    const measured = cells.filter(
      (c) => c.skus === GOAL.skus && c.clients === GOAL.clients && c.driver === driver,
    );
    if (measured.length === 0) {
      rows.push(`| every scenario (${driver}) | not measured | **unknown** |`);
      continue;
    }
    for (const c of measured) {
      const met = c.p50 <= GOAL.p50 && c.p99 <= GOAL.p99 && c.errors + c.non2xx === 0;
      const failed = c.kept ? (c.errors === 0 ? '0' : 'some') : failures(c);
      rows.push(
        `| ${c.service}: ${c.scenario} (${driver}${c.kept ? ', kept' : ''}) | p50 ${c.p50} ms · p99 ${c.p99} ms · failed ${failed} | ${met ? 'met' : '**not met**'} |`,
      );
    }
  }
  return rows;
}

function row(c: Cell): string {
  // A cell that got no answer at all has no latency to show (autocannon reports 0).
  const [p50, p99] = c.answered === 0 ? ['no answer', 'no answer'] : [c.p50, c.p99];
  return `| ${c.skus.toLocaleString('en-US')} | ${c.driver} | ${c.service} | ${c.scenario} | ${c.clients} | ${p50} | ${p99} | ${failures(c)} | ${c.requestsPerSecond} |`;
}

/**
 * Rows of SKU counts this run did not measure, kept from the section as it stands (preparing 100,000
 * SKUs takes minutes, so the sizes may be run one at a time), with the date of that run.
 */
function keptRows(): { rows: string[]; note: string } {
  const current = readFileSync(BENCHMARKS, 'utf8');
  const section = /<!-- bench:cold -->([\s\S]*?)<!-- \/bench:cold -->/.exec(current)?.[1] ?? '';
  // A row is replaced only when this run measures its size on its database with its service.
  const measured = new Set(
    SIZES.flatMap((n) =>
      DRIVERS.flatMap((d) => SERVICES.map((service) => `${n.toLocaleString('en-US')}|${d}|${service}`)),
    ),
  );
  const cellOf = (line: string) => {
    const [, skus, driver, service] = line.split('|').map((part) => part.trim());
    return `${skus}|${driver}|${service}`;
  };
  const rows = section
    .split('\n')
    .filter((line) => /^\| [\d,]+ \| (pglite|postgres) \|/.test(line))
    .filter((line) => !measured.has(cellOf(line)))
    .map((line) =>
      line.includes('(kept from') ? line : `${line.trimEnd()} (kept from ${keptDate(section)})`,
    );
  return {
    rows,
    note:
      rows.length > 0
        ? 'Rows marked "kept from" are from an earlier run of this suite (another BENCH_SKUS, BENCH_DRIVERS or BENCH_SERVICES), with that run\'s cell length and machine load.'
        : '',
  };
}

function keptDate(section: string): string {
  return /— (\d{4}-\d{2}-\d{2})/.exec(section)?.[1] ?? 'an earlier run';
}

function verdict(goals: string[]): string {
  const on = (driver: string) => goals.filter((row) => row.includes(`(${driver}`));
  const judged = (rows: string[]) =>
    rows.some((row) => row.endsWith('| **unknown** |'))
      ? 'not measured'
      : rows.every((row) => row.endsWith('| met |'))
        ? 'met'
        : 'not met';
  return `The issue's goal, on PostgreSQL: **${judged(on('postgres'))}**. On PGlite (the embedded database, not the goal's): ${judged(on('pglite'))}.`;
}

export async function coldBench(): Promise<string> {
  const kept = keptRows();
  const cells: Cell[] = [];
  for (const skus of SIZES) {
    for (const driver of DRIVERS) cells.push(...(await runOn(driver, skus)));
  }
  const rows = [...cells.map(row), ...kept.rows].sort(
    (a, b) => Number(a.split('|')[1]?.replace(/\D/g, '')) - Number(b.split('|')[1]?.replace(/\D/g, '')),
  );
  const keptCells = kept.rows.map(keptCell).filter((c) => c !== null);
  const goals = goalRows([...cells, ...keptCells]);
  return `
### Cold caches: catalogue and search reads with every cache off (issue 21) — ${today()}

Machine: ${describeMachine()}, load average ${loadavg()[0]?.toFixed(1)} when the run ended (2 cores: anything else
running shows there; figures vary by tens of percent between runs). Standalone services, each alone in its process, autocannon
on the same machine, ${SECONDS} s per cell (BENCH_SECONDS), 1 or 20 connections each keeping one request in flight; a
request unanswered after ${TIMEOUT_S} s counts as a timeout (an error; its time is not in the percentiles).
Each cell rotates through ~${QUERIES} distinct queries with one counter shared by all connections, so no
query repeats within ${QUERIES} consecutive requests; each query was asked once before the cell (answer
check and warm-up), and after each cell the suite waits until a light request (\`GET /v1/me\`, a
recommendation without a product) answers within 100 ms, so requests left queued by one cell do not
land on the next. PostgreSQL 15 with its default settings (JIT on); PGlite under its DATA_DIR.

Caches off: the commerce catalogue read cache (\`COMMERCE_CACHE_MB=0\`) and the search answer cache
(\`SEARCH_CACHE_ENTRIES=0\`). Left on, having no setting: commerce's verified-token cache (one entry per
token) and the search index itself (in memory by design, built at start), its stem and audience caches.

- **commerce** (US employee's token): \`GET /v1/me/products?pageSize=24\` with \`catalogID=catalog-us&categoryID=…&depth=all\`
  (20 categories holding ≥ 24 products); the same with the first facet's most frequent value in that
  category selected (\`xp.<XpPath>=…\`, from the page's \`Meta.Facets\`, as the family page's facet links);
  \`GET /v1/me/products/{id}\` (20 products); \`xp.Material=…\`/\`xp.Finish=…\` over the whole catalog (20
  values); \`search=\` one of 20 words (steel, conduit, tray, …). Every list also counts \`Meta.Facets\`.
- **search** (\`POST /api/discover/v2\`, public reads): rfkid_7 with a keyphrase and one \`material\` and one
  \`finish\` value selected, all facets, 24 per page (the searches of the search suite); rfkid_1 "similar
  products" (8) on the page of one of 20 products.

| SKUs | database | service | scenario | clients | p50 ms | p99 ms | failed | req/s |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
${kept.note ? `\n${kept.note}\n` : ''}
| goal (issue 21): caches off, ${GOAL.skus.toLocaleString('en-US')} SKUs, ${GOAL.clients} clients — p50 ≤ ${GOAL.p50} ms, p99 ≤ ${GOAL.p99} ms, no errors | measured | |
|---|---|---|
${goals.join('\n')}

${verdict(goals)}
`;
}
