import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from './harness/artifacts';
import { axeViolations } from './harness/axe';
import { gotoWithoutReact, launchBrowser } from './harness/browser';
import { submitLoginForm } from './harness/project-journey';
import { passwordToken, type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * The sales quote desk (issue 23 item 4) in the browser: a buyer's project is submitted through the
 * project routes (as the sales inbox test does); the seller's administrator logs in, finds it in the
 * queue with a filter, assigns it to themselves, prices two lines (a discount and a net price), sets
 * freight and validity, sends it and sees the revision; a second send shows the diff. Bad input is
 * refused next to its field. Zero axe-core violations on the queue and the quote at 1366 and 390 px;
 * a buyer gets no desk.
 */

interface QuoteWire {
  ID: string;
  Status: string;
  Revision: number;
  AssignedUserID: string | null;
  FreightAmount: number;
  Total: number;
  ValidUntil: string | null;
  LineItems: {
    ID: string;
    ProductID: string;
    Quantity: number;
    ListUnitPrice: number;
    UnitPrice: number;
    PriceType: string;
  }[];
}

describe('sales quote desk', () => {
  const data = temporaryDataDir('e2e-quote-desk');
  let site: RunningSite;
  let browser: Browser;
  let projectId = '';
  const projectName = `Desk clinic ${Date.now()}`;

  async function buyerRoute(name: string, body: Record<string, unknown>) {
    const response = await fetch(`${site.url}/api/ordercloud/Buyer/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A project of the engineer with two lines (2 and 5 pieces), submitted for a quote. */
  async function submittedProject(name = projectName): Promise<string> {
    const engineer = await passwordToken(site, 'engineer');
    const token = encodeURIComponent(engineer);
    const created = await buyerRoute('createNewProject', { projectName: name, regionName: 'US', token });
    expect(created.status).toBe(200);
    const id = created.body.ID as string;
    const listed = await fetch(`${site.url}/ordercloud/v1/me/products?catalogID=catalog-us&pageSize=60`, {
      headers: { authorization: `Bearer ${engineer}` },
    });
    const candidates = ((await listed.json()) as { Items: { ID: string }[] }).Items.map((p) => p.ID);
    const quantities = [2, 5];
    for (const productName of candidates) {
      const qty = quantities[0];
      if (qty === undefined) break;
      if ((await buyerRoute('AddProductLineItem', { productName, projectId: id, qty, token })).status === 200)
        quantities.shift();
    }
    expect(quantities).toEqual([]);
    expect((await buyerRoute('submitProjectforQuote', { projectId: id, token })).status).toBe(200);
    return id;
  }

  async function sellerQuote(page: Page): Promise<QuoteWire> {
    const token = (await page.context().cookies(site.url)).find((c) => c.name === 'UserToken')?.value ?? '';
    const response = await fetch(`${site.url}/ordercloud/v1/quotes/${projectId}`, {
      headers: { authorization: `Bearer ${decodeURIComponent(token)}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as QuoteWire;
  }

  async function axeAtBothWidths(page: Page, name: string): Promise<void> {
    // The consent banner would cover the screenshots: the seller declines analytics once.
    const decline = page.getByRole('button', { name: 'Decline analytics' });
    if (await decline.isVisible()) await decline.click();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
      await page.screenshot({ path: artifactPath(`quote-desk-${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  const usd = (amount: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '600', SMTP_URL: '' } });
    browser = await launchBrowser();
    projectId = await submittedProject();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  let seller: BrowserContext;

  it('finds the submitted project in the queue with a filter and assigns it from the list', async () => {
    seller = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await seller.newPage();
    await page.goto(`${site.url}/sales`);
    await page.waitForURL(/\/login\?/);
    await submitLoginForm(page, 'admin', 'Admin#2026');
    await page.waitForURL((url) => url.pathname === '/sales');
    expect(await page.locator('h1').innerText()).toBe('Quote desk');

    // Filters in a GET form: the state is the URL.
    await page.locator('#queue-q').fill(projectName);
    await page.locator('#queue-company').selectOption('ACME-US');
    await page.locator('#queue-rep').selectOption('none');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('rep') === 'none');
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe(projectName);
    expect(url.searchParams.get('company')).toBe('ACME-US');
    const rows = page.locator('.desk-queue tbody tr');
    expect(await rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.getAttribute('data-order-id')).toBe(projectId);
    expect(await row.locator('.desk-badge').innerText()).toBe('Submitted');
    expect(await page.locator('.desk-count').innerText()).toBe('Quotes found: 1');
    await axeAtBothWidths(page, 'queue');

    // A filter that excludes it: nothing; a shared link with the same query finds it again.
    await page.goto(`${site.url}/sales?q=${encodeURIComponent(projectName)}&status=Quoted`);
    expect(await page.locator('.desk-queue tbody tr').count()).toBe(0);
    await page.goto(url.toString());
    await page.locator(`.desk-queue tbody tr[data-order-id="${projectId}"]`).waitFor();

    await page.getByRole('button', { name: `Assign to me – ${projectName}` }).click();
    await page.waitForURL((u) => u.searchParams.get('assigned') === projectId);
    expect(await page.locator('.desk-notice').innerText()).toBe('The quote is assigned to you.');
    // Assigned now: "nobody" no longer lists it, "mine" does.
    expect(await page.locator('.desk-queue tbody tr').count()).toBe(0);
    await page.goto(`${site.url}/sales?q=${encodeURIComponent(projectName)}&rep=me`);
    const mine = page.locator(`.desk-queue tbody tr[data-order-id="${projectId}"]`);
    expect(await mine.locator('.desk-badge').innerText()).toBe('In review');
    expect(await mine.locator('td').nth(6).innerText()).toBe('You');
    expect(await mine.locator('td').nth(2).innerText()).toBe('United States');
    expect((await sellerQuote(page)).Status).toBe('InReview');
  });

  it('prices two lines, sets freight and validity, sends the quote and shows its revisions', async () => {
    const page = await seller.newPage();
    await page.goto(`${site.url}/sales/${projectId}`);
    expect(await page.locator('h1').innerText()).toBe(projectName);
    const before = await sellerQuote(page);
    const [first, second] = before.LineItems;
    if (!first || !second) throw new Error('the quote has two lines');
    const line = (id: string) => page.locator(`.desk-line[data-line-id="${id}"]`);

    // Bad input is refused next to its field, and nothing is saved.
    await line(first.ID).getByLabel('Discount %').fill('150');
    await page.getByRole('button', { name: 'Save prices and terms' }).click();
    await expect
      .poll(() => line(first.ID).locator('.form-field__error').allInnerTexts())
      .toEqual(['Enter a percentage from 0 to 100.']);
    expect(await page.locator('.desk-pricing__save [role="alert"]').innerText()).toBe(
      'Nothing was saved: check the marked fields.',
    );
    expect((await sellerQuote(page)).LineItems[0]?.PriceType).toBe('List');

    // An unknown substitute: the service refuses the line and the reason shows under the field.
    await line(first.ID).getByLabel('Discount %').fill('');
    await line(first.ID).getByLabel('Substitute').fill('NOPE-404');
    await page.getByRole('button', { name: 'Save prices and terms' }).click();
    await expect
      .poll(() =>
        page
          .locator('#desk-0-sub-error')
          .innerText({ timeout: 1000 })
          .catch(() => ''),
      )
      .toBe('No product the buyer can buy has this catalog number.');
    expect((await sellerQuote(page)).LineItems[0]?.ProductID).toBe(first.ProductID);
    await line(first.ID).getByLabel('Substitute').fill('');

    await line(first.ID).getByLabel('Discount %').fill('10');
    await line(second.ID).getByLabel('Net unit price').fill('1.25');
    await line(second.ID).getByLabel('Lead time (days)').fill('14');
    await page.getByLabel('Freight').fill('45.5');
    const valid = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await page.getByLabel('Valid until').fill(valid);
    await page.getByLabel('Internal note').fill('Margin approved by Margaret.');
    // Live totals, computed in the browser as the server computes them.
    await expect.poll(() => page.locator('[data-total="freight"]').innerText()).toBe('$45.50');
    const live = await page.locator('[data-total="total"]').innerText();
    await page.getByRole('button', { name: 'Save prices and terms' }).click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'saved');
    expect(await page.locator('.desk-notice').innerText()).toBe('Prices and terms saved.');

    const priced = await sellerQuote(page);
    expect(priced.LineItems.map((l) => l.PriceType)).toEqual(['Discount', 'Net']);
    expect(priced.LineItems[1]?.UnitPrice).toBe(1.25);
    expect(priced.FreightAmount).toBe(45.5);
    expect(priced.ValidUntil).toBe(`${valid}T23:59:59.000Z`);
    expect(usd(priced.Total)).toBe(live);
    expect(await page.locator('[data-total="total"]').innerText()).toBe(live);
    await axeAtBothWidths(page, 'quote');

    // Sending: revision 1 for the buyer.
    await page.getByLabel('Message to the buyer (optional)').fill('Prices as discussed on the phone.');
    await page.getByRole('button', { name: 'Send the quote' }).click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'sent');
    expect(await page.locator('.desk-quote__status').innerText()).toContain('Revision 1 sent');
    expect(await page.locator('.desk-quote__status .desk-badge').innerText()).toBe('Quoted');
    expect(await page.locator('.desk-revision[data-revision="1"]').innerText()).toContain(usd(priced.Total));
    expect(await page.locator('.desk-message[data-side="Seller"]').last().innerText()).toContain(
      'Prices as discussed on the phone.',
    );
    expect((await sellerQuote(page)).Status).toBe('Quoted');

    // A revised freight and a second send: revision 2 shows what changed against revision 1.
    await page.getByLabel('Freight').fill('60');
    await page.getByRole('button', { name: 'Save prices and terms' }).click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'saved' && u.hash !== '#revisions');
    await page.getByRole('button', { name: 'Send revision 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'sent');
    const changes = page.locator('.desk-revision[data-revision="2"] .desk-changes tbody tr');
    const texts = await changes.allInnerTexts();
    expect(texts.some((t) => /^Freight\s+\$45\.50\s+\$60\.00$/.test(t.trim()))).toBe(true);
    expect(texts.some((t) => /^Total\s/.test(t.trim()))).toBe(true);
    await axeAtBothWidths(page, 'quote-revised');
    await page.close();
  });

  it("answers the buyer without JavaScript, and speaks the seller's language", async () => {
    const token = (await seller.cookies(site.url)).find((c) => c.name === 'UserToken');
    if (!token) throw new Error('the seller is logged in');
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await plain.addCookies([{ name: 'UserToken', value: token.value, url: site.url, sameSite: 'Lax' }]);
    const noScript = await plain.newPage();
    // The server action's form posts as a plain form; the answer redirects to the page, which shows it.
    await gotoWithoutReact(noScript, `${site.url}/sales/${projectId}`);
    await noScript.locator('#reply-text').fill('The lead time for BC-14 is two weeks.', { timeout: 10_000 });
    await noScript.getByRole('button', { name: 'Send reply' }).click({ timeout: 10_000 });
    await expect.poll(() => new URL(noScript.url()).searchParams.get('done')).toBe('replied');
    await expect
      .poll(() => noScript.locator('#messages').textContent({ timeout: 5_000 }))
      .toContain('The lead time for BC-14 is two weeks.');
    await plain.close();

    // The desk's chrome in the page's locale.
    const page = await seller.newPage();
    await page.goto(`${site.url}/fr-ca/sales/${projectId}`);
    expect(await page.getByRole('button', { name: 'Enregistrer prix et conditions' }).count()).toBe(1);
    expect(await page.locator('.desk-quote__status .desk-badge').innerText()).toBe('Devis envoyé');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('shows a refused send next to its button, and withdraws a quote', async () => {
    const otherId = await submittedProject(`Desk depot ${Date.now()}`);
    const page = await seller.newPage();
    await page.goto(`${site.url}/sales/${otherId}`);
    // Nobody priced it yet: the status table refuses the send, and says so beside the button.
    await page.getByRole('button', { name: 'Send the quote' }).click();
    await expect
      .poll(() => page.locator('.desk-send__form [role="alert"]').innerText())
      .toBe('A quote that is Submitted cannot be sent: save its prices first.');
    await page.locator('.desk-withdraw summary').click();
    await page.getByLabel('Reason (sent to the buyer)').fill('The depot project was cancelled by phone.');
    await page.getByRole('button', { name: 'Withdraw now' }).click();
    await page.waitForURL((u) => u.searchParams.get('done') === 'withdrawn');
    expect(await page.locator('.desk-quote__status .desk-badge').innerText()).toBe('Withdrawn');
    expect(await page.locator('.desk-pricing__readonly').innerText()).toBe(
      'This quote can no longer be changed.',
    );
    expect(await page.getByRole('button', { name: 'Save prices and terms' }).count()).toBe(0);
    await page.close();
  });

  it('gives a buyer no desk', async () => {
    const context = await browser.newContext();
    await context.addCookies([
      {
        name: 'UserToken',
        value: encodeURIComponent(await passwordToken(site, 'engineer')),
        url: site.url,
        sameSite: 'Lax',
      },
    ]);
    const page = await context.newPage();
    for (const path of ['/sales', `/sales/${projectId}`]) {
      await page.goto(`${site.url}${path}`);
      expect(await page.locator('.sales__forbidden').innerText()).toContain(
        'This page is for the sales team',
      );
      expect(await page.locator('.desk-queue, .desk-pricing').count()).toBe(0);
    }
    await context.close();
    await seller?.close();
  });
});
