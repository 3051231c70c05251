import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness/browser';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * Cached pages are never stale after an edit: family pages are served from the page cache (Next's
 * `x-nextjs-cache: HIT`), and the next load after a product, category or content change — through the
 * commerce API, on another instance, or by SQL — shows the new text, while pages the change does not touch
 * stay cached.
 */

interface Sku {
  ID: string;
  xp: { CategoryID: string };
}

async function adminToken(site: RunningSite): Promise<string> {
  const response = await fetch(`${site.url}/ordercloud/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'admin-console',
      client_secret: 'admin-console-secret',
      grant_type: 'password',
      username: 'admin',
      password: 'Admin#2026',
      scope: 'FullAccess',
    }).toString(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A SKU of the US catalog with the category path its family page has (category id = slugs with dots). */
async function someSku(
  site: RunningSite,
  token: string,
  /** HTML of a page the SKU must not appear on (the home page shows a few SKUs' drawings). */
  notOn = '',
): Promise<{ id: string; path: string }> {
  const response = await fetch(`${site.url}/ordercloud/v1/products?pageSize=20&sortBy=ID`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const sku = ((await response.json()) as { Items: Sku[] }).Items.find(
    (item) => !notOn.includes(`/${encodeURIComponent(item.ID)}/`),
  );
  if (!sku) throw new Error('no SKU in a level-6 family');
  return { id: sku.ID, path: `/products/${sku.xp.CategoryID.split('.').join('/')}` };
}

async function patch(site: RunningSite, token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${site.url}/ordercloud/v1${path}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Loads a page over HTTP: its HTML and whether it came from the page cache. */
async function load(
  site: RunningSite,
  path: string,
): Promise<{ html: string; cache: string | null; cacheControl: string | null; etag: string | null }> {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status).toBe(200);
  return {
    html: await response.text(),
    cache: response.headers.get('x-nextjs-cache'),
    cacheControl: response.headers.get('cache-control'),
    // Only answers of the response cache in front of Next carry one (server/src/response-cache/).
    etag: response.headers.get('etag'),
  };
}

/**
 * A page loaded three times: the second load is the page cache's answer, which the response cache keeps,
 * and the third the response cache's — so the changes below must get past both.
 */
async function cached(site: RunningSite, path: string): Promise<string> {
  await load(site, path);
  const again = await load(site, path);
  expect(again.cache).toBe('HIT');
  // A CDN in front must not keep the page: only the page cache knows when it changes.
  expect(again.cacheControl).toBe('public, max-age=0, must-revalidate');
  await expect.poll(async () => (await load(site, path)).etag).toMatch(/^W\//);
  return again.html;
}

describe('page cache on PGlite: edits through the commerce API', () => {
  const data = temporaryDataDir('e2e-page-cache');
  let site: RunningSite;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '300' } });
    browser = await launchBrowser();
    token = await adminToken(site);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  it('shows a renamed product in its family table on the next load, and keeps untouched pages cached', async () => {
    const sku = await someSku(site, token, await cached(site, '/'));
    const familyPath = `${sku.path}?sort=number&size=50`;
    expect(await cached(site, familyPath)).toContain(sku.id);
    const name = `Renamed SKU ${Date.now()}`;
    await patch(site, token, `/products/${encodeURIComponent(sku.id)}`, { xp: { Names: { en: name } } });

    const page = await browser.newPage();
    await page.goto(`${site.url}${familyPath}`);
    const row = page.locator('.sku-table tbody tr', {
      has: page.getByRole('link', { name: sku.id, exact: true }),
    });
    expect(await row.innerText()).toContain(name);
    await page.close();
    // The home page does not show this SKU (only its range cards' drawings of other SKUs): the product's
    // tags are not among its tags.
    expect((await load(site, '/')).cache).toBe('HIT');
  });

  it('shows a renamed category on its parent page and in the breadcrumbs of its own', async () => {
    const sku = await someSku(site, token);
    const slugs = sku.path.split('/').slice(2);
    const parentPath = `/products/${slugs.slice(0, -1).join('/')}`;
    expect(await cached(site, parentPath)).toContain(`href="${sku.path}"`);
    await cached(site, sku.path);
    const name = `Renamed range ${Date.now()}`;
    await patch(site, token, `/catalogs/catalog-us/categories/${encodeURIComponent(slugs.join('.'))}`, {
      xp: { Names: { en: name } },
    });

    const page = await browser.newPage();
    await page.goto(`${site.url}${parentPath}`);
    expect(await page.locator(`a.category-card__link[href="${sku.path}"]`).innerText()).toContain(name);
    await page.goto(`${site.url}${sku.path}`);
    expect(await page.locator('nav.breadcrumbs').innerText()).toContain(name);
    await page.close();
  });

  it('replaces the cached 404 of a category path when a category is created there', async () => {
    const sku = await someSku(site, token);
    const top = sku.path.split('/')[2] ?? '';
    const path = `/products/${top}/brand-new-range`;
    for (const expected of [null, 'HIT']) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-nextjs-cache')).toBe(expected ?? 'MISS');
    }
    const created = await fetch(`${site.url}/ordercloud/v1/catalogs/catalog-us/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ID: `${top}.brand-new-range`,
        ParentID: top,
        Name: 'Brand new range',
        Active: true,
        xp: { Slug: 'brand-new-range', Level: 2 },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const page = await browser.newPage();
    const response = await page.goto(`${site.url}${path}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toContain('Brand new range');
    await page.close();
  });

  it('caches each table view of a family page once, whatever tracking parameters the URL carries', async () => {
    const sku = await someSku(site, token);
    await load(site, `${sku.path}?sort=!number&utm_source=mail`);
    const again = await load(site, `${sku.path}?utm_campaign=x&sort=!number`);
    expect(again.cache).toBe('HIT');
    const first = await load(site, `${sku.path}?sort=number`);
    expect(first.html).not.toBe(again.html);
  });
});

describe('page cache on PostgreSQL: two instances and a SQL edit', () => {
  const dataA = temporaryDataDir('e2e-page-cache-a');
  const dataB = temporaryDataDir('e2e-page-cache-b');
  let database: TestDatabase;
  let siteA: RunningSite;
  let siteB: RunningSite;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { DATABASE_URL: database.url ?? '', DATASET_SKUS: '300' };
    siteA = await startSite({ dataDir: dataA.dir, env });
    siteB = await startSite({ dataDir: dataB.dir, env });
  });
  afterAll(async () => {
    await siteA?.stop();
    await siteB?.stop();
    await database?.dispose();
    dataA.remove();
    dataB.remove();
  });

  it('shows on instance B a product renamed through instance A on the next load', async () => {
    const token = await adminToken(siteA);
    const sku = await someSku(siteA, token);
    const familyPath = `${sku.path}?sort=number&size=50`;
    await cached(siteB, familyPath);
    const name = `Renamed on A ${Date.now()}`;
    await patch(siteA, token, `/products/${encodeURIComponent(sku.id)}`, { xp: { Names: { en: name } } });
    const after = await load(siteB, familyPath);
    expect(after.cache).not.toBe('HIT');
    expect(after.html).toContain(name);
  });

  it('shows a route title changed by a SQL script on both instances', async () => {
    const token = await adminToken(siteA);
    const sku = await someSku(siteA, token);
    await cached(siteA, sku.path);
    await cached(siteB, sku.path);
    const title = `Edited heading ${Date.now()}`;
    await database.db.execute(
      sql`update content_items set data = jsonb_set(data, '{title}', to_jsonb(${title}::text))
          where type = 'route' and locale = 'en-US' and id = ${sku.path}`,
    );
    for (const site of [siteA, siteB]) {
      const after = await load(site, sku.path);
      expect(after.html).toContain(title);
    }
  });
});
