import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDataset } from '@catalogue/dataset';
import { type Database, openDatabase, queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, startupChunks } from '../server/src/compile-hints';
import { storefrontDir } from '../server/src/paths';
import { launchBrowser } from './harness/browser';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

const artifacts = path.join(import.meta.dirname, 'artifacts');
const dataset = generateDataset({ skus: 3000 });

/** Top-level category names of a region's assortment, in the page's language, in list order. */
function topCategoryNames(region: string, language: 'en' | 'fr' | 'de' | 'nl'): string[] {
  return dataset.categories
    .filter((c) => c.level === 1 && c.regions.includes(region as never))
    .sort((a, b) => a.listOrder - b.listOrder)
    .map((c) => c.name[language]);
}

function decodeEntities(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

async function countRows(database: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    );
    counts[table_name] = row?.n ?? -1;
  }
  return counts;
}

describe('the site on the embedded database', () => {
  const data = temporaryDataDir('e2e-site');
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    site = await startSite({ dataDir: data.dir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  it('reports PGlite and every service on /healthz', async () => {
    const response = await fetch(`${site.url}/healthz`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: { driver: 'pglite', ok: true } });
    expect(body.services).toEqual({
      storefront: 'ready',
      commerce: 'ready',
      search: 'ready',
      content: 'ready',
    });
    expect(site.output()).toContain('first run: generating the demo dataset (3000 SKUs');
  });

  it('shows the US top-level categories on the English home page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const response = await page.goto(`${site.url}/`);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    const expected = topCategoryNames('US', 'en');
    expect(expected.length).toBe(6);
    const main = page.locator('main');
    for (const name of expected) {
      const link = main
        .getByRole('link', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first();
      await expect.poll(() => link.isVisible()).toBe(true);
      expect(await link.getAttribute('href')).toMatch(/^\/products\/[a-z0-9-]+$/);
    }
    await expect.poll(() => page.locator('header').isVisible()).toBe(true);
    await expect.poll(() => page.locator('footer').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(artifacts, 'home-en-us.png'), fullPage: true });
    await page.close();
  });

  it('shows the Canadian assortment in French on /fr-ca', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const response = await page.goto(`${site.url}/fr-ca`);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    const expected = topCategoryNames('CA', 'fr');
    for (const name of expected) {
      const link = page.locator('main').getByText(name, { exact: true }).first();
      await expect.poll(() => link.isVisible()).toBe(true);
    }
    const hrefs = await page
      .locator('main a[href*="/products/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThanOrEqual(expected.length);
    for (const href of hrefs) expect(href).toMatch(/^\/fr-ca\/products\//);
    await page.screenshot({ path: path.join(artifacts, 'home-fr-ca.png'), fullPage: true });
    await page.close();
  });

  it('loads no third-party script and no verification tag when none is configured', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${site.url}/`);
    await page.waitForLoadState('load');
    expect(requested.filter((url) => !url.startsWith(site.url))).toEqual([]);
    expect(await page.locator('script[src^="http"]').count()).toBe(0);
    expect(await page.locator('meta[name="google-site-verification"]').count()).toBe(0);
    await page.close();
  });

  it('paints the server-rendered page before it fetches the framework, then hydrates', async () => {
    const family = `${site.url}/products/cable-tray/ladder-tray/ladder-tray-nema`;
    // As sent: no framework chunk is a <script src> of the HTML; the loader inserts them (server/src/paint-first.ts).
    const html = await (await fetch(family)).text();
    expect(html).toContain('self.__paintFirst=');
    expect(html).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
    expect(html).not.toMatch(/<link rel="preload" as="script"[^>]+\/_next\/static\//);

    const context = await browser.newContext();
    const page = await context.newPage();
    // When the loader inserts each framework chunk (old browsers' noModule polyfills aside): had the first
    // contentful paint been reported, and how many animation frames had begun since the load event? The
    // loader waits for the one or for two frames after the other (Chromium reports the paint when the
    // frame is presented, which can come later). A mutation observer's callback runs in the inserting task.
    await page.addInitScript(() => {
      const seen: { painted: boolean; framesAfterLoad: number }[] = [];
      let framesAfterLoad = 0;
      Object.assign(window, { chunkInsertions: seen });
      addEventListener('load', () => {
        const tick = () => {
          framesAfterLoad++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (
              node instanceof HTMLScriptElement &&
              !node.noModule &&
              node.src.includes('/_next/static/chunks/')
            ) {
              const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
              seen.push({ painted, framesAfterLoad });
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(family);
    // Hydrated: the units toggle (a client component) answers a click.
    const toggle = page.getByRole('group', { name: 'Units' });
    await toggle.getByRole('button', { name: 'Metric' }).click();
    await expect
      .poll(() => toggle.getByRole('button', { name: 'Metric' }).getAttribute('aria-pressed'))
      .toBe('true');
    const insertions = await page.evaluate(
      () =>
        (window as unknown as { chunkInsertions: { painted: boolean; framesAfterLoad: number }[] })
          .chunkInsertions,
    );
    expect(insertions.length).toBeGreaterThan(3);
    for (const insertion of insertions) {
      expect(insertion.painted || insertion.framesAfterLoad >= 2, JSON.stringify(insertion)).toBe(true);
    }
    await context.close();
  });

  it("sends every chunk a page starts with V8's compile hint first, and lazily loaded chunks as built", async () => {
    const html = await (await fetch(`${site.url}/products/cable-tray/ladder-tray/ladder-tray-nema`)).text();
    const started = [...html.matchAll(/__paintFirst\("(\/_next\/static\/chunks\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    );
    expect(started.length).toBeGreaterThan(5);
    for (const chunk of started) {
      const body = await (
        await fetch(`${site.url}${chunk}`, { headers: { 'accept-encoding': 'br' } })
      ).text();
      expect(body.startsWith(COMPILE_HINT), chunk).toBe(true);
    }
    const nextDir = path.join(storefrontDir, '.next');
    const startup = new Set(startupChunks(nextDir));
    const lazy = readdirSync(path.join(nextDir, 'static/chunks')).find(
      (name) => name.endsWith('.js') && !startup.has(`static/chunks/${name}`),
    );
    expect(lazy).toBeDefined();
    const body = await (await fetch(`${site.url}/_next/static/chunks/${lazy}`)).text();
    expect(body.startsWith(COMPILE_HINT)).toBe(false);
  });

  it('mails a password-reset code as an .eml file under $DATA_DIR/mail', async () => {
    const response = await fetch(`${site.url}/ordercloud/v1/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ClientID: 'storefront',
        Email: 'newbie@acme-electrical.example',
        URL: `${site.url}/nl-eu/reset-password`,
      }),
    });
    expect(response.status).toBe(204);
    expect(site.output()).toContain(`[outbox] worker on: mail → ${path.join(data.dir, 'mail')}`);
    // The worker wakes on the insert's NOTIFY; look until the file is there (the test's timeout bounds it).
    const mailDir = path.join(data.dir, 'mail');
    let files: string[] = [];
    while (files.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      files = existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : [];
    }
    const mail = await simpleParser(readFileSync(path.join(mailDir, files[0] as string)));
    expect(mail.to).toMatchObject({ value: [{ address: 'newbie@acme-electrical.example' }] });
    expect(mail.subject).toBe(
      'Uw code om uw wachtwoord voor Northfield Infrastructure Products opnieuw in te stellen',
    );
    expect(mail.messageId).toMatch(/^<outbox-\d+-[0-9a-z]+@catalogue\.localhost>$/);
    expect(mail.text).toContain(`${site.url}/nl-eu/reset-password?code=`);
  });

  it('stops cleanly on SIGTERM and keeps every row across a restart', async () => {
    expect(await site.stop('SIGTERM')).toBe(0);
    expect(site.output()).toContain('[server] stopped cleanly');
    expect(site.output()).not.toContain('[outbox] #'); // nothing failed to deliver

    const pgliteDir = path.join(data.dir, 'pglite');
    const before = await openDatabase({ driver: 'pglite', dataDir: pgliteDir });
    const countsBefore = await countRows(before);
    await before.close();
    expect(countsBefore.products).toBe(3000);

    site = await startSite({ dataDir: data.dir });
    expect(site.output()).toContain('dataset present: 3000 SKUs');
    expect(site.output()).not.toContain('first run');
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    expect(await site.stop('SIGINT')).toBe(0);

    const after = await openDatabase({ driver: 'pglite', dataDir: pgliteDir });
    const countsAfter = await countRows(after);
    await after.close();
    expect(countsAfter).toEqual(countsBefore);
    site = await startSite({ dataDir: data.dir });
  });
});

describe('the site on PostgreSQL', () => {
  const data = temporaryDataDir('e2e-pg');
  let database: TestDatabase;
  let site: RunningSite;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    site = await startSite({ dataDir: data.dir, env: { DATABASE_URL: database.url ?? '' } });
  });
  afterAll(async () => {
    await site?.stop();
    await database?.dispose();
    data.remove();
  });

  it('loads the dataset into the server and serves the home page from it', async () => {
    const health = await (await fetch(`${site.url}/healthz`)).json();
    expect(health.database).toMatchObject({ driver: 'postgres', ok: true });
    expect(health.database.location).not.toContain('password');
    const html = decodeEntities(await (await fetch(`${site.url}/de-eu`)).text());
    expect(html).toContain('lang="de-EU"');
    for (const name of topCategoryNames('EU', 'de')) expect(html).toContain(name);
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`);
    expect(row?.n).toBe(3000);
  });
});
