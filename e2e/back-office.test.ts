import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from './harness/artifacts';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { submitLoginForm } from './harness/project-journey';
import { passwordToken, type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * The back office (issue 24) in the browser, one site for all its journeys: staff log in with their own
 * accounts and see the areas their roles open; a catalogue editor renames a product in German and the
 * German storefront page shows the new name on its next load (page cache on); a refusal is shown next to
 * its field and changes nothing; a content editor may read products but not change them; a buyer gets
 * no console. Zero axe-core violations at 1366 and 390 px.
 */

const STAFF_PASSWORD = 'Staff#2026';

describe('back office', () => {
  const data = temporaryDataDir('e2e-back-office');
  let site: RunningSite;
  let browser: Browser;
  let productId = '';

  async function staffPage(
    username: string,
    password = STAFF_PASSWORD,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/admin`);
    await page.waitForURL(/\/login\?/);
    await submitLoginForm(page, username, password);
    await page.waitForURL((url) => url.pathname === '/admin');
    const decline = page.getByRole('button', { name: 'Decline analytics' });
    if (await decline.isVisible()) await decline.click();
    return { context, page };
  }

  async function axeAtBothWidths(page: Page, name: string): Promise<void> {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
      await page.screenshot({ path: artifactPath(`back-office-${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '600', SMTP_URL: '' } });
    browser = await launchBrowser();
    // A product of the European catalogue, so its German page exists.
    const token = await passwordToken(site, 'catalogue', STAFF_PASSWORD, 'sales-inbox');
    const listed = await fetch(
      `${site.url}/ordercloud/v1/products?catalogID=catalog-eu&pageSize=5&sortBy=ID`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(listed.status).toBe(200);
    productId = ((await listed.json()) as { Items: { ID: string }[] }).Items[0]?.ID ?? '';
    expect(productId).not.toBe('');
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  it('renames a product in German and the German storefront page shows it on the next load', async () => {
    // The German page is rendered (and cached) before the change.
    const shopper = await browser.newPage();
    await shopper.goto(`${site.url}/de-eu/product/${encodeURIComponent(productId)}`);
    const before = await shopper.locator('h1').innerText();

    const { context, page } = await staffPage('catalogue');
    expect(await page.locator('h1').innerText()).toBe('Back office');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Back office', 'Products']);
    await axeAtBothWidths(page, 'home');

    await nav.getByRole('link', { name: 'Products' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/products');
    await page.getByLabel('Search ID, name or description').fill(productId);
    await page.getByRole('button', { name: 'Show products' }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === productId);
    const row = page.locator(`tr[data-product="${productId}"]`);
    await row.waitFor();
    await axeAtBothWidths(page, 'products');

    await row.getByRole('link', { name: productId }).click();
    await page.waitForURL((url) => url.pathname === `/admin/products/${productId}`);
    const german = page.getByLabel('Name (de)');
    expect(await german.inputValue()).toBe(before);
    await axeAtBothWidths(page, 'product');

    // A bad value is refused next to its field, and nothing is saved.
    await page.getByLabel('Name (en)').fill('');
    await german.fill(`${before} (refused)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('#product-name\\.en-error').waitFor();
    expect(await page.locator('#product-name\\.en-error').innerText()).toContain('English name');
    expect(await page.getByLabel('Name (de)').inputValue()).toBe(`${before} (refused)`);
    await page.reload();
    expect(await page.getByLabel('Name (de)').inputValue()).toBe(before);

    const renamed = `${before} – Neu`;
    await page.getByLabel('Name (de)').fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. The storefront shows the change now.').waitFor();
    expect(await page.getByLabel('Name (de)').inputValue()).toBe(renamed);
    // The product's history names who changed what, before and after.
    const latest = page.locator('.admin-history li').first();
    expect(await latest.innerText()).toContain('Changed by catalogue');
    expect(await latest.locator('dt').allInnerTexts()).toEqual(['xp.Names.de']);
    expect(await latest.locator('del').innerText()).toBe(before);
    expect(await latest.locator('ins').innerText()).toBe(renamed);

    await shopper.goto(`${site.url}/de-eu/product/${encodeURIComponent(productId)}`);
    expect(await shopper.locator('h1').innerText()).toBe(renamed);
    // English pages keep the English name.
    await shopper.goto(`${site.url}/product/${encodeURIComponent(productId)}`);
    expect(await shopper.locator('h1').innerText()).not.toBe(renamed);
    await shopper.close();
    await context.close();
  });

  it("verifies a user's job role from the queue, and the prefab button opens for that user", async () => {
    // The newbie says they are a prefab user (as the account page lets them); nobody has verified it.
    const admin = await passwordToken(site, 'admin', 'Admin#2026', 'sales-inbox');
    const patched = await fetch(`${site.url}/ordercloud/v1/buyers/ACME-US/users/newbie`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ xp: { JobTitle: 'PreFab3DUser' } }),
    });
    expect(patched.status).toBe(200);
    const newbieToken = await passwordToken(site, 'newbie');
    const listed = await fetch(`${site.url}/ordercloud/v1/me/products?catalogID=catalog-us&pageSize=50`, {
      headers: { authorization: `Bearer ${newbieToken}` },
    });
    const items = (
      (await listed.json()) as { Items: { ID: string; xp: { Downloads?: { kind: string }[] } }[] }
    ).Items;
    const bim = items.find((p) => p.xp.Downloads?.some((d) => d.kind === 'bim'));
    if (!bim) throw new Error('no US product with BIM files');

    const buyer = await browser.newContext();
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`${site.url}/login`);
    await submitLoginForm(buyerPage, 'newbie', 'Buyer#2026');
    await buyerPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    await buyerPage.goto(`${site.url}/product/${encodeURIComponent(bim.ID)}`);
    await buyerPage.locator('#prefab-toolbar-button').click();
    const verifyDialog = buyerPage.getByRole('dialog');
    await verifyDialog.waitFor();
    await buyerPage.keyboard.press('Escape');
    await verifyDialog.waitFor({ state: 'detached' });

    const { context, page } = await staffPage('service');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Back office', 'Customers']);
    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/customers');
    await page.locator('tr[data-buyer="ACME-US"]').waitFor();
    await axeAtBothWidths(page, 'customers');
    await page.getByRole('link', { name: 'Job roles waiting for verification' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/customers/verification');
    const row = page.locator('tr[data-user="newbie"]');
    expect(await row.innerText()).toContain('PreFab3DUser');
    await axeAtBothWidths(page, 'verification');
    await row.getByRole('button', { name: 'Verify role: Tyler Brooks' }).click();
    await page.getByText('The job role of newbie is verified.').waitFor();
    expect(await page.locator('tr[data-user="newbie"]').count()).toBe(0);
    await context.close();

    // The newbie's next click opens the prefab tool.
    await buyerPage.reload();
    const [tab] = await Promise.all([
      buyer.waitForEvent('page'),
      buyerPage.locator('#prefab-toolbar-button').click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${site.url}/product/${encodeURIComponent(bim.ID)}/prefab`);
    await buyer.close();
  });

  it('lets a content editor read a product but not change it, and keeps buyers out', async () => {
    const { context, page } = await staffPage('editor');
    await page.goto(`${site.url}/admin/products/${encodeURIComponent(productId)}`);
    expect(await page.getByLabel('Name (de)').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    await context.close();

    const buyer = await browser.newContext();
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`${site.url}/login`);
    await submitLoginForm(buyerPage, 'employee', 'Buyer#2026');
    await buyerPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    await buyerPage.goto(`${site.url}/admin/products`);
    expect(await buyerPage.locator('.admin__forbidden').innerText()).toContain(
      "for the manufacturer's staff",
    );
    expect(await buyerPage.locator('.admin-table').count()).toBe(0);
    await buyer.close();
  });
});
