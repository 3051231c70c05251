import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * Favourites in a browser: a logged-in buyer (token from the commerce service's password grant, set as
 * the UserToken cookie as the login will) hearts a SKU on a family page, finds it on the favourites page
 * and removes it; a visitor who clicks a heart gets the login dialog. No axe-core violations on either page.
 */

describe('favourites', () => {
  const data = temporaryDataDir('e2e-favourites');
  let site: RunningSite;
  let browser: Browser;
  let familyPath: string;

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '600' } });
    browser = await launchBrowser();
    familyPath = await familyWithSkus();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  /** The first en-US family (level 3) route whose page lists SKUs. */
  async function familyWithSkus(): Promise<string> {
    const response = await fetch(`${site.url}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ routes(language: "en-US", limit: 100) { results { path kind } } }',
      }),
    });
    const { data: answer } = (await response.json()) as {
      data: { routes: { results: { path: string; kind: string }[] } };
    };
    for (const route of answer.routes.results.filter((r) => r.kind === 'family')) {
      const html = await (await fetch(`${site.url}${route.path}`)).text();
      if (html.includes('sku-table__number')) return route.path;
    }
    throw new Error('no family page with SKUs');
  }

  async function login(username: string): Promise<string> {
    const response = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username,
        password: 'Buyer#2026',
        scope: 'Shopper',
      }),
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    return token;
  }

  async function loggedInContext(username: string): Promise<{ context: BrowserContext; token: string }> {
    const token = await login(username);
    const context = await browser.newContext();
    await context.addCookies([
      { name: 'UserToken', value: encodeURIComponent(token), url: site.url, sameSite: 'Lax' },
    ]);
    return { context, token };
  }

  /** Opens a page and waits until its favourites are loaded (the one GetFavoriteProducts call). */
  async function openWithFavourites(page: Page, path: string): Promise<void> {
    const loaded = page.waitForResponse((r) => r.url().endsWith('/api/ordercloud/Buyer/GetFavoriteProducts'));
    await page.goto(`${site.url}${path}`);
    expect((await loaded).status()).toBe(200);
  }

  async function commerceFavourites(token: string): Promise<string[]> {
    const response = await fetch(
      `${site.url}/ordercloud/v1/me/productcollections/favourites-engineer/products`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    if (response.status === 404) return [];
    return ((await response.json()) as { Items: { ID: string }[] }).Items.map((p) => p.ID);
  }

  it('favourites a SKU on a family page, lists it on the favourites page and removes it there', async () => {
    const { context, token } = await loggedInContext('engineer');
    const page = await context.newPage();
    const favouriteCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ordercloud/Buyer/'))
        favouriteCalls.push(new URL(request.url()).pathname);
    });
    await openWithFavourites(page, familyPath);
    const rows = page.locator('.sku-table tbody tr');
    const hearts = page.locator('.sku-table tbody .favourite-heart__button');
    const rowCount = await rows.count();
    expect(rowCount).toBeGreaterThan(1);
    expect(await hearts.count()).toBe(rowCount);
    // One request for every heart of the page.
    expect(favouriteCalls).toEqual(['/api/ordercloud/Buyer/GetFavoriteProducts']);

    const row = rows.nth(1);
    const sku = await row.locator('td.sku-table__number').innerText();
    const heart = row.locator('.favourite-heart__button');
    const name = await heart.getAttribute('aria-label');
    expect(name).toMatch(/^Keep .+ in favorites$/);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await row.locator('.favourite-heart__button[aria-pressed="true"]').waitFor();
    expect(await heart.getAttribute('aria-label')).toBe(name);
    expect(await page.locator('.sku-table tbody [aria-pressed="true"]').count()).toBe(1);
    expect(await commerceFavourites(token)).toEqual([sku]);
    // The header's link counts it.
    await expect.poll(() => page.locator('.site-header .favourites-link__count').innerText()).toBe('1');

    // A fresh load of the family page shows the heart pressed (once React has the loaded list).
    await openWithFavourites(page, familyPath);
    await expect
      .poll(() =>
        page
          .locator('.sku-table tbody tr')
          .nth(1)
          .locator('.favourite-heart__button')
          .getAttribute('aria-pressed'),
      )
      .toBe('true');

    // The product page's heart shows the same list.
    await openWithFavourites(page, `/product/${sku}`);
    const productHeart = page.locator('.product__header .favourite-heart__button');
    await expect.poll(() => productHeart.getAttribute('aria-pressed')).toBe('true');
    expect(await productHeart.getAttribute('aria-label')).toBe(name);

    await openWithFavourites(page, '/favourites');
    const listed = page.locator('.favourites__table tbody tr');
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    expect(await listed.locator('td.sku-table__number').innerText()).toBe(sku);
    expect(await listed.locator('a').getAttribute('href')).toBe(`/product/${sku}`);
    expect(await page.locator('h1').innerText()).toBe('My favorites');
    expect(await axeViolations(page)).toEqual([]);

    // A favourite goes into a project from the list (issue 22 item 8).
    await listed.getByRole('button', { name: /^Add to project/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to project' });
    await dialog.getByRole('radio', { name: 'New project' }).check();
    await dialog.getByRole('textbox', { name: /name/i }).fill('From favourites');
    await dialog.getByLabel('Quantity').fill('4');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `4 × ${sku} added to From favourites.` })
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    const remove = listed.getByRole('button', { name: /^Remove / });
    expect(await remove.getAttribute('aria-label')).toMatch(/^Remove .+ from favorites$/);
    await remove.click();
    await page.locator('.favourites__status', { hasText: 'You have no favorites yet' }).waitFor();
    expect(await page.locator('.favourites__table').count()).toBe(0);
    expect(await commerceFavourites(token)).toEqual([]);
    await expect.poll(() => page.locator('.site-header .favourites-link__count').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The keyboard toggles a heart too (Space, then Enter).
    await openWithFavourites(page, familyPath);
    const first = page.locator('.sku-table tbody .favourite-heart__button').first();
    await first.focus();
    await page.keyboard.press('Space');
    await page
      .locator('.sku-table tbody .favourite-heart__button[aria-pressed="true"]:not([aria-busy])')
      .waitFor();
    await page.keyboard.press('Enter');
    await page
      .locator('.sku-table tbody .favourite-heart__button[aria-pressed="true"]')
      .waitFor({ state: 'detached' });
    expect(await commerceFavourites(token)).toEqual([]);
    await context.close();
  });

  it('adds all favourites to a project at once from the favourites page', async () => {
    const { context, token } = await loggedInContext('employee');
    const page = await context.newPage();
    await openWithFavourites(page, familyPath);
    const rows = page.locator('.sku-table tbody tr');
    const skus: string[] = [];
    for (const index of [0, 1]) {
      const row = rows.nth(index);
      skus.push(await row.locator('td.sku-table__number').innerText());
      await row.locator('.favourite-heart__button').click();
      await row.locator('.favourite-heart__button[aria-pressed="true"]').waitFor();
    }
    await openWithFavourites(page, '/favourites');
    await page.locator('.favourites__table tbody tr').nth(1).waitFor();
    await page.getByRole('button', { name: 'Add all to a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to project' });
    await dialog.getByText('2 products').waitFor();
    await dialog.getByRole('radio', { name: 'New project' }).check();
    await dialog.getByRole('textbox', { name: /name/i }).fill('All favourites');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: '2 products added to All favourites.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const href = (await dialog.getByRole('link').getAttribute('href')) ?? '';
    const projectId = decodeURIComponent(href.split('/').at(-1) ?? '');
    const sheet = await fetch(`${site.url}/api/ordercloud/Buyer/orderWorksheet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: projectId, token: encodeURIComponent(token) }),
    });
    const { LineItems } = (await sheet.json()) as { LineItems: { ProductID: string; Quantity: number }[] };
    expect(LineItems.map((l) => [l.ProductID, l.Quantity]).sort()).toEqual(
      skus.map((sku) => [sku, 1]).sort(),
    );
    await context.close();
  });

  it('refuses a change sent from another site through the real server', async () => {
    const token = await login('engineer');
    const response = await fetch(`${site.url}/api/ordercloud/Buyer/CreateFavoriteProducts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ data: { token: encodeURIComponent(token) } }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe('Cross-site requests are not allowed.');
  });

  it('asks a visitor who clicks a heart to log in, in an accessible dialog', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const buyerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ordercloud/Buyer/')) buyerCalls.push(request.url());
    });
    await page.goto(`${site.url}${familyPath}?sort=number`);
    const heart = page.locator('.sku-table tbody .favourite-heart__button').first();
    await heart.click();
    const dialog = page.getByRole('dialog', { name: 'Log in to continue' });
    await dialog.waitFor();
    expect(await dialog.locator('a').getAttribute('href')).toBe(
      `/login?redirectURI=${encodeURIComponent(`${familyPath}?sort=number`)}`,
    );
    expect(await dialog.locator('p').innerText()).toMatch(/^Favorites are kept in your business account/);
    // Focus moved into the dialog (its login link); the page behind it is inert.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await heart.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    // The close button works as well, and nothing was asked of the buyer API.
    await heart.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(buyerCalls).toEqual([]);

    // "Log in" leads to the login page and back to this page, where the heart now works.
    await heart.click();
    await dialog.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirectURI')).toBe(`${familyPath}?sort=number`);
    await page.locator('#login-username').fill('newbie');
    await page.locator('#login-password').fill('Buyer#2026');
    const loaded = page.waitForResponse((r) => r.url().endsWith('/api/ordercloud/Buyer/GetFavoriteProducts'));
    await page.locator('form.login-form button[type="submit"]').click();
    await page.waitForURL(`${site.url}${familyPath}?sort=number`);
    expect((await loaded).status()).toBe(200);
    const loggedInHeart = page.locator('.sku-table tbody .favourite-heart__button').first();
    await loggedInHeart.click();
    await page.locator('.sku-table tbody .favourite-heart__button[aria-pressed="true"]').waitFor();
    await loggedInHeart.click();
    await page
      .locator('.sku-table tbody .favourite-heart__button[aria-pressed="true"]')
      .waitFor({ state: 'detached' });
    await context.clearCookies();

    await page.goto(`${site.url}/favourites`);
    await page.getByText('Log in to see the products you keep as favorites.').waitFor();
    expect(await page.locator('.favourites__visitor a').getAttribute('href')).toBe(
      `/login?redirectURI=${encodeURIComponent('/favourites')}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the favourites page in other locales with their texts', async () => {
    const { context } = await loggedInContext('eu-buyer');
    const page = await context.newPage();
    await openWithFavourites(page, '/de-eu/favourites');
    await page.getByText('Sie haben noch keine Favoriten.', { exact: false }).waitFor();
    expect(await page.locator('h1').innerText()).toBe('Meine Favoriten');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
