import { hashPassword } from '@catalogue/commerce/passwords';
import type { Database } from '@catalogue/db';
import { buyers, users } from '@catalogue/db/schema';
import { sql } from 'drizzle-orm';
import { startSite } from '../e2e/harness/site';
import { ensureStorefrontBuild } from '../server/src/build';
import { type LoadResult, load } from './load';
import { describeMachine, today } from './machine';
import { prepareBenchDatabase, type StandaloneService, startStandaloneService } from './standalone';

export const UNLIMITED = {
  COMMERCE_TOKEN_RATE_PER_ADDRESS: '1000000000',
  // Logins are counted before the password is checked: the benchmark's parallel logins of one user from
  // one address would otherwise wait like parallel guesses.
  COMMERCE_LOGIN_FREE_ATTEMPTS: '100',
  COMMERCE_LOGIN_LIMIT_PER_USERNAME: '100000',
};
const SURNAMES = [
  'Smith',
  'Martin',
  'Meyer',
  'Moreau',
  'Müller',
  'Nguyen',
  'Novak',
  'Murphy',
  'Silva',
  'Tremblay',
  'Dubois',
  'Jansen',
  'Brown',
  'Wilson',
  'Taylor',
  'Schmidt',
  'Roux',
  'Visser',
  'Walsh',
  'Kowalski',
];
const FIRST = [
  'Ann',
  'Ben',
  'Chloé',
  'David',
  'Emma',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kai',
  'Lena',
];

/** 10,000 buyer users in one buyer, for the filtered list. */
async function addBenchUsers(database: Database): Promise<void> {
  const hash = await hashPassword('Bench#2026x');
  await database.db.insert(buyers).values({ id: 'BENCH', name: 'Benchmark buyer' });
  const rows = Array.from({ length: 10_000 }, (_, i) => ({
    companyType: 'buyer',
    companyId: 'BENCH',
    id: `bench-${String(i).padStart(5, '0')}`,
    username: `bench-${i}`,
    firstName: FIRST[(i * 7) % FIRST.length] ?? 'X',
    lastName: `${SURNAMES[(i * 13) % SURNAMES.length]}${i % 3 === 0 ? '-Lee' : ''}`,
    email: `bench-${i}@bench.example`,
    active: i % 10 !== 0,
    passwordHash: hash,
    xp: { Team: `team-${i % 25}` },
  }));
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(users).values(rows.slice(i, i + 1000));
  await database.db.execute(sql`analyze`);
}

function prepare(driver: 'pglite' | 'postgres') {
  return prepareBenchDatabase('commerce', driver, 300, addBenchUsers);
}

/** The commerce service alone, in its own process, without its request limits. */
export function startStandalone(env: Record<string, string>): Promise<StandaloneService> {
  return startStandaloneService('commerce', { ...env, ...UNLIMITED });
}

export async function tokenFor(base: string, form: Record<string, string>): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

const LIST_QUERY = 'LastName=M*&Active=true&sortBy=LastName,!FirstName&page=2&pageSize=20';

async function scenarios(base: string): Promise<Record<string, LoadResult>> {
  const login = {
    grant_type: 'password',
    client_id: 'storefront',
    username: 'engineer',
    password: 'Buyer#2026',
  };
  const buyerToken = await tokenFor(base, login);
  const adminToken = await tokenFor(base, {
    grant_type: 'password',
    client_id: 'admin-console',
    client_secret: 'admin-console-secret',
    username: 'admin',
    password: 'Admin#2026',
  });
  const listCheck = await fetch(`${base}/v1/buyers/BENCH/users?${LIST_QUERY}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const page = (await listCheck.json()) as { Items: unknown[]; Meta: { TotalCount: number } };
  if (page.Items.length !== 20 || page.Meta.TotalCount < 100)
    throw new Error('the filtered list is not what the benchmark expects');
  return {
    tokens: await load({
      url: `${base}/oauth/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(login).toString(),
    }),
    me: await load({ url: `${base}/v1/me`, headers: { authorization: `Bearer ${buyerToken}` } }),
    list: await load({
      url: `${base}/v1/buyers/BENCH/users?${LIST_QUERY}`,
      headers: { authorization: `Bearer ${adminToken}` },
    }),
  };
}

type Row = { target: string; results: Record<string, LoadResult> };

export async function commerceBench(): Promise<string> {
  await ensureStorefrontBuild('auto');
  const rows: Row[] = [];
  for (const driver of ['pglite', 'postgres'] as const) {
    const prepared = await prepare(driver);
    try {
      const standalone = await startStandalone(prepared.env);
      rows.push({ target: `standalone, ${driver}`, results: await scenarios(standalone.url) });
      await standalone.stop();
      const site = await startSite({ dataDir: prepared.dataDir, env: { ...prepared.env, ...UNLIMITED } });
      rows.push({ target: `single server, ${driver}`, results: await scenarios(`${site.url}/ordercloud`) });
      await site.stop();
    } finally {
      await prepared.cleanup();
    }
  }
  const cell = (r: LoadResult | undefined) =>
    r
      ? `${r.requestsPerSecond} req/s · p50 ${r.p50} ms · p99 ${r.p99} ms${r.errors + r.non2xx ? ` · ${r.errors + r.non2xx} failed` : ''}`
      : '';
  const find = (target: string) => rows.find((r) => r.target === target)?.results;
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  const goals: string[] = [];
  const meStandalone = find('standalone, pglite')?.me?.requestsPerSecond ?? 0;
  goals.push(
    `| standalone GET /v1/me on PGlite ≥ 2,000 req/s | ${meStandalone} req/s | ${verdict(meStandalone >= 2000)} |`,
  );
  for (const driver of ['pglite', 'postgres']) {
    const a = find(`standalone, ${driver}`)?.me?.requestsPerSecond ?? 0;
    const b = find(`single server, ${driver}`)?.me?.requestsPerSecond ?? 0;
    const gap = a > 0 ? Math.round(((a - b) / a) * 100) : 100;
    goals.push(
      `| single server within 15 % of standalone (GET /v1/me, ${driver}) | ${gap} % slower | ${verdict(gap <= 15)} |`,
    );
  }
  for (const row of rows) {
    const p99 = row.results.list?.p99 ?? Number.POSITIVE_INFINITY;
    goals.push(`| filtered list p99 ≤ 20 ms (${row.target}) | ${p99} ms | ${verdict(p99 <= 20)} |`);
  }
  const lines = rows.map(
    (row) =>
      `| ${row.target} | ${cell(row.results.tokens)} | ${cell(row.results.me)} | ${cell(row.results.list)} |`,
  );
  return `
### Commerce core (step 2) — ${today()}

Machine: ${describeMachine()}. autocannon, 20 connections, 8 s per cell, load generator on the same machine.

| target | POST /oauth/token (password grant) | GET /v1/me | filtered, sorted page of 20 of 10,000 buyer users |
|---|---|---|---|
${lines.join('\n')}

| goal (issue: step 2) | measured | |
|---|---|---|
${goals.join('\n')}

The list is \`GET /v1/buyers/BENCH/users?${LIST_QUERY}\` as the seller administrator. Token issuing is
bound by scrypt (N=16384), by design. "Single server" is \`server/src/main.ts\` with the service under
\`/ordercloud\`; "standalone" is \`services/commerce/src/server.ts\`.
`;
}
