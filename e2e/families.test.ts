import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from './harness/artifacts';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { imageLoaded } from './harness/drawings';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * Family (category) pages in a browser: down to level 6 by clicking, facets, sorting, paging, 404 and
 * accessibility. Paths, titles and texts are read from the content service, never written here.
 */

interface RouteItem {
  path: string;
  kind: string;
  title: string;
}

describe('family pages', () => {
  const data = temporaryDataDir('e2e-families');
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '1500' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  /** Every route of a locale (content service, paged). */
  async function routes(language: string): Promise<RouteItem[]> {
    const all: RouteItem[] = [];
    let endCursor: string | null = null;
    for (;;) {
      const response = await fetch(`${site.url}/content/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query($language: String!, $endCursor: String) { routes(language: $language, limit: 100, endCursor: $endCursor) {
            pageInfo { endCursor hasNext } results { path kind title } } }`,
          variables: { language, endCursor },
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

  async function productCount(page: Page): Promise<number> {
    const text = await page.locator('.family__count').innerText();
    return Number(/\d+/.exec(text.replace(/[\s.,\u202f]/g, ''))?.[0]);
  }

  async function skuNumbers(page: Page): Promise<string[]> {
    return page.locator('.sku-table tbody td.sku-table__number').allInnerTexts();
  }

  for (const locale of [
    { code: 'en-US', prefix: '' },
    { code: 'de-EU', prefix: '/de-eu' },
  ]) {
    it(`leads from the home page down to a level-6 family in ${locale.code} by links`, async () => {
      const all = await routes(locale.code);
      const target = all.find((r) => r.kind === 'variantGroup');
      if (!target) throw new Error(`no level-6 route in ${locale.code}`);
      const segments = target.path.split('/').slice(2);
      expect(segments).toHaveLength(6);
      const page = await browser.newPage();
      await page.goto(`${site.url}${locale.prefix || '/'}`);
      for (let level = 1; level <= 6; level++) {
        // Every range card shows the drawing of a SKU of its range.
        const cards = page.locator('main .category-card');
        expect(await page.locator('main .category-card img.category-card__drawing').count()).toBe(
          await cards.count(),
        );
        if ((await cards.count()) > 0) {
          const drawing = cards.first().locator('img');
          expect(await drawing.getAttribute('src')).toMatch(
            /^\/api\/drawings\/[a-z-]+\/[^/]+\/thumb\.svg\?v=/,
          );
          await drawing.scrollIntoViewIfNeeded();
          await expect.poll(() => imageLoaded(drawing)).toBe(true);
        }
        const href = `${locale.prefix}/products/${segments.slice(0, level).join('/')}`;
        await page.locator(`main a[href="${href}"]`).first().click();
        await page.waitForURL(`${site.url}${href}`);
        const route = all.find((r) => r.path === `/products/${segments.slice(0, level).join('/')}`);
        expect(await page.locator('h1').innerText()).toBe(route?.title);
      }
      const crumbs = page.locator('nav.breadcrumbs li');
      expect(await crumbs.count()).toBe(7);
      expect(await page.locator('nav.breadcrumbs [aria-current="page"]').count()).toBe(1);
      expect(await crumbs.last().locator('[aria-current="page"]').count()).toBe(1);
      // A level-6 family lists its SKUs, each linked to its product page, and the count matches the rows.
      const count = await productCount(page);
      expect(count).toBeGreaterThan(0);
      expect((await skuNumbers(page)).length).toBe(Math.min(count, 24));
      await page.close();
    });
  }

  /** A family (level 3) of en-US with more SKUs than one page holds. */
  async function bigFamily(): Promise<string> {
    for (const route of (await routes('en-US')).filter((r) => r.kind === 'family')) {
      const html = await (await fetch(`${site.url}${route.path}`)).text();
      const count = Number(/class="family__count"[^>]*>(?:<!-- -->)?(\d+)/.exec(html)?.[1] ?? 0);
      if (count > 24) return route.path;
    }
    throw new Error('no family with more than 24 SKUs');
  }

  it('filters by a facet through the URL, and the shared URL shows the same SKUs', async () => {
    const path = await bigFamily();
    const page = await browser.newPage();
    await page.goto(`${site.url}${path}`);
    const before = await productCount(page);
    const option = page.locator('.facets fieldset').first().locator('label').nth(1);
    const expected = Number(/\((\d+)\)/.exec(await option.innerText())?.[1]);
    await option.locator('input').check();
    await page.locator('.facets button[type="submit"]').click();
    await page.waitForURL(/\?xp\./);
    expect(await productCount(page)).toBe(expected);
    expect(expected).toBeLessThan(before);
    const shown = await skuNumbers(page);
    expect(await page.locator('.facets input:checked').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(page.url());
    expect(await productCount(fresh)).toBe(expected);
    expect(await skuNumbers(fresh)).toEqual(shown);
    await fresh.locator('.facets__actions a').click();
    await fresh.waitForURL(`${site.url}${path}`);
    expect(await productCount(fresh)).toBe(before);
    await context.close();
    await page.close();
  });

  it('at 390 px the SKU table stacks without horizontal scrolling, every action in reach, and the filters fold behind a button', async () => {
    const path = await bigFamily();
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    // A visitor who has answered the consent banner, so it does not cover what the screenshots show.
    await context.addCookies([{ name: 'tracking_consent', value: 'off', url: site.url }]);
    const page = await context.newPage();
    await page.goto(`${site.url}${path}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every link and button of the table (sort links, catalogue numbers, hearts, add to project) lies inside
    // the 390 px, none clipped by a scrolling box.
    const boxes = await page.locator('.sku-table').evaluate((table) =>
      [...table.querySelectorAll('a, button')].map((element) => {
        const box = element.getBoundingClientRect();
        // The nearest box around it that scrolls sideways, if any.
        let scroller = element.parentElement;
        while (
          scroller &&
          !(
            ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX) &&
            scroller.scrollWidth > scroller.clientWidth + 1
          )
        )
          scroller = scroller.parentElement;
        return { left: box.left, right: box.right, width: box.width, scrolls: scroller?.className ?? null };
      }),
    );
    expect(boxes.length).toBeGreaterThan(24 * 3);
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
      expect(box.scrolls).toBeNull();
    }
    await page.locator('.sku-table tbody tr').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('mobile-family-table.png') });

    // The filters: folded at first, opened by the keyboard.
    const toggle = page.getByRole('button', { name: 'Filter products', exact: true });
    const form = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await form.isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await form.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await form.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await toggle.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('mobile-family-filters.png') });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('sorts by a column both ways and pages through every SKU', async () => {
    const path = await bigFamily();
    const page = await browser.newPage();
    await page.goto(`${site.url}${path}`);
    const header = page.locator('.sku-table thead th').first();
    await header.locator('a').click();
    await page.waitForURL(/sort=number/);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const ascending = await skuNumbers(page);
    const byCode = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
    expect(ascending).toEqual([...ascending].sort(byCode));
    await page.locator('.sku-table thead th').first().locator('a').click();
    await page.waitForURL(/sort=%21number|sort=!number/);
    expect(await page.locator('.sku-table thead th').first().getAttribute('aria-sort')).toBe('descending');
    const descending = await skuNumbers(page);
    expect(descending).toEqual([...descending].sort(byCode).reverse());
    expect(descending[0]).not.toBe(ascending[0]);

    // Paging: every SKU once, across the pages, in order.
    const total = await productCount(page);
    await page.goto(`${site.url}${path}?sort=number`);
    const seen: string[] = [];
    for (;;) {
      seen.push(...(await skuNumbers(page)));
      const next = page.locator('nav.pagination a[rel="next"]');
      if ((await next.count()) === 0) break;
      await next.click();
      await page.waitForURL(new RegExp(`page=${Math.floor(seen.length / 24) + 1}`));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort(byCode));
    await page.close();
  });

  it('labels made-to-order SKUs with the badge of the content service', async () => {
    const tokenResponse = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=storefront-catalog-us&grant_type=client_credentials&scope=Shopper',
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const listed = await fetch(
      `${site.url}/ordercloud/v1/me/products?catalogID=catalog-us&xp.MadeToOrder=true&pageSize=1`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const product = ((await listed.json()) as { Items: { ID: string; xp: { CategoryID: string } }[] })
      .Items[0];
    if (!product) throw new Error('no made-to-order SKU in the US catalog');
    const labels = await fetch(`${site.url}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ madeToOrderLabels(language: "en-US") { badge } }' }),
    });
    const { badge } = ((await labels.json()) as { data: { madeToOrderLabels: { badge: string } } }).data
      .madeToOrderLabels;
    const page = await browser.newPage();
    // The category id is the slugs joined by dots; its page lists the SKU (sorted by number, size 50).
    await page.goto(`${site.url}/products/${product.xp.CategoryID.split('.').join('/')}?sort=number&size=50`);
    for (let pageNumber = 2; ; pageNumber++) {
      const row = page.locator('.sku-table tbody tr', {
        has: page.locator(`td.sku-table__number a[href="/product/${product.ID}"]`),
      });
      if ((await row.count()) === 1) {
        expect(await row.locator('.badge--made-to-order').innerText()).toBe(badge);
        break;
      }
      await page.locator('nav.pagination a[rel="next"]').click();
      await page.waitForURL(new RegExp(`page=${pageNumber}`));
    }
    await page.close();
  });

  // Issue 22 item 3: a pack of 50 showed 5 pieces' weight, with nothing saying what the weight was of.
  it('shows a pack weighing its pieces, per pack, beside its piece per piece, on the table and product page', async () => {
    const tokenResponse = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=storefront-catalog-us&grant_type=client_credentials&scope=Shopper',
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    type Listed = { ID: string; xp: { CategoryID: string; PackagingQuantity: number } };
    const listed = await fetch(
      `${site.url}/ordercloud/v1/me/products?catalogID=catalog-us&ID=*-P*&pageSize=100`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const items = ((await listed.json()) as { Items: Listed[] }).Items;
    const pack = items.find(
      (p) => p.xp.PackagingQuantity > 1 && p.ID.endsWith(`-P${p.xp.PackagingQuantity}`),
    );
    if (!pack) throw new Error('no pack SKU in the US catalog');
    const pieces = pack.xp.PackagingQuantity;
    const pieceId = pack.ID.slice(0, -`-P${pieces}`.length);
    const page = await browser.newPage();
    await page.goto(`${site.url}/products/${pack.xp.CategoryID.split('.').join('/')}?sort=number&size=100`);
    // The weight cell is the one saying what the weight is of.
    const weightOf = (id: string) =>
      page
        .locator('.sku-table tbody tr', {
          has: page.locator(`td.sku-table__number a[href="/product/${id}"]`),
        })
        .locator('td', { has: page.locator('.sku-table__unit') })
        .innerText();
    const pieceCell = await weightOf(pieceId);
    const packCell = await weightOf(pack.ID);
    expect(pieceCell).toMatch(/ per piece$/);
    expect(packCell).toMatch(new RegExp(` per pack of ${pieces}$`));
    const number = (text: string) => Number(text.replace(/,/g, '').split(/\s/)[0]);
    // Both rounded to two decimals: within 10 % of the pieces' count.
    expect(Math.abs(number(packCell) / number(pieceCell) / pieces - 1)).toBeLessThan(0.1);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${site.url}/product/${pack.ID}`);
    await page.getByText(`Weight per pack of ${pieces}`, { exact: true }).waitFor();
    await page.getByText(`Pack of ${pieces}`, { exact: true }).first().waitFor();
    await page.close();
  });

  it('answers an unknown category path with the not-found page', async () => {
    const target = (await routes('en-US')).find((r) => r.kind === 'category');
    for (const path of [
      `${target?.path}/no-such-range`,
      '/products/a/b/c/d/e/f/g',
      '/de-eu/products/nothing',
    ]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status).toBe(404);
    }
  });
});
