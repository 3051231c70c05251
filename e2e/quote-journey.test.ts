import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestDatabase, type TestDatabase, type TestDriver } from '@catalogue/db/testing';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from './harness/artifacts';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { submitLoginForm } from './harness/project-journey';
import { mailFiles } from './harness/quote-delivery';
import { passwordToken, type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * The whole negotiation of issue 23 in the browser (item 7's first test), once on PGlite and once on
 * PostgreSQL, one site per database: a German buyer (eu-buyer, whose mails are in de-EU) submits a project
 * on the German site; the seller's administrator assigns it from the desk's queue, prices it and sends it;
 * the buyer asks for another quantity with a message; the rep reads both, revises and sends revision 2
 * (the desk shows the diff and the audit trail); the buyer accepts, and the order's lines carry the quoted
 * prices. Both sides' statuses are read at every step; the mails arrive as `.eml` files, the buyer's in
 * German with the quote's PDF. Screenshots at 390 px of the buyer's quote and the desk's trail.
 */

type Json = Record<string, unknown>;
interface Line {
  ID: string;
  ProductID: string;
  Quantity: number;
  UnitPrice: number;
}
const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };
const DRIVERS: TestDriver[] = ['pglite', 'postgres'];

describe.each(DRIVERS)('the quote negotiation on %s', (driver) => {
  // Made in beforeAll, not when the file is collected: a run filtered to one database leaves no folder.
  let data: ReturnType<typeof temporaryDataDir>;
  let database: TestDatabase | null = null;
  let site: RunningSite;
  let browser: Browser;
  let buyerToken: string;
  let sellerToken: string;
  let buyer: BrowserContext;
  let seller: BrowserContext;
  let buyerPage: Page;
  let deskPage: Page;
  const projectName = `Umspannwerk ${driver} ${Date.now()}`;
  let quoteId = '';
  const lineIds: [string, string] = ['', ''];
  let currency = '';

  async function api(token: string, method: string, route: string, body?: unknown) {
    const response = await fetch(`${site.url}/ordercloud/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as Json };
  }

  /** The quote as the seller's API has it now. */
  async function sellerQuote(): Promise<Json & { Status: string; Revision: number; LineItems: Line[] }> {
    const answer = await api(sellerToken, 'GET', `/quotes/${quoteId}`);
    expect(answer.status).toBe(200);
    return answer.json as Json & { Status: string; Revision: number; LineItems: Line[] };
  }

  /** Two products of the EU catalogue the buyer can order three of (no required spec, enough stock). */
  async function orderableProducts(): Promise<string[]> {
    const listed = await api(buyerToken, 'GET', '/me/products?catalogID=catalog-eu&pageSize=100');
    const candidates = (
      listed.json.Items as { ID: string; Inventory?: { Enabled?: boolean; QuantityAvailable?: number } }[]
    )
      .filter((p) => !p.Inventory?.Enabled || (p.Inventory.QuantityAvailable ?? 0) >= 50)
      .map((p) => p.ID);
    const probe = await api(buyerToken, 'POST', '/orders/Outgoing', {
      xp: { projectName: 'probe', regionName: 'EU' },
    });
    const found: string[] = [];
    for (const id of candidates) {
      if (found.length === 2) break;
      const line = await api(buyerToken, 'POST', `/orders/Outgoing/${probe.json.ID}/lineitems`, {
        ProductID: id,
        Quantity: 3,
      });
      if (line.status === 201) found.push(id);
    }
    await api(buyerToken, 'DELETE', `/orders/Outgoing/${probe.json.ID}`);
    expect(found).toHaveLength(2);
    return found;
  }

  /** The badge of the quote on the buyer's quote page, after a fresh load. */
  async function buyerStatus(): Promise<string> {
    await buyerPage.goto(`${site.url}/de-eu/quotes/${quoteId}`);
    return buyerPage.locator('.quote-facts .quote-badge').innerText();
  }

  /** The badge of the quote on the desk's quote page, after a fresh load. */
  async function deskStatus(): Promise<string> {
    await deskPage.goto(`${site.url}/sales/${quoteId}`);
    return deskPage.locator('.desk-quote__status .desk-badge').innerText();
  }

  /** An amount as the German buyer's pages write it, in the quote's currency. */
  const german = (amount: number, currency: string) =>
    new Intl.NumberFormat('de-EU', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(amount);

  /** An amount as the desk (en-US) writes it, with four decimals at most as a unit price. */
  const english = (amount: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);

  /** The name the desk gives a line: the product's name and catalogue number. */
  function lineName(quote: { LineItems: (Line & { Product?: { Name?: string | null } })[] }, id: string) {
    const line = quote.LineItems.find((l) => l.ID === id);
    return `${line?.Product?.Name ?? line?.ProductID} (${line?.ProductID})`;
  }

  /** The parsed `.eml` files about this project, once `count` of them have arrived. */
  async function projectMails(count: number): Promise<ParsedMail[]> {
    let mails: ParsedMail[] = [];
    await expect
      .poll(
        async () => {
          const all = await Promise.all(
            (await mailFiles(data.dir)).map(async (name) =>
              simpleParser(await readFile(path.join(data.dir, 'mail', name))),
            ),
          );
          mails = all.filter((m) => m.subject?.includes(projectName));
          return mails.length;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(count);
    return mails;
  }

  async function screenshotAt390(page: Page, name: string): Promise<void> {
    await page.setViewportSize(NARROW);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1),
      `${name} scrolls sideways at 390 px`,
    ).toBe(false);
    expect(await axeViolations(page), `${name} at 390 px`).toEqual([]);
    await page.screenshot({ path: artifactPath(`quote-journey-${driver}-${name}-390.png`), fullPage: true });
    await page.setViewportSize(WIDE);
  }

  beforeAll(async () => {
    data = temporaryDataDir(`e2e-quote-journey-${driver}`);
    if (driver === 'postgres') database = await createTestDatabase('postgres');
    site = await startSite({
      dataDir: data.dir,
      env: { DATASET_SKUS: '600', SMTP_URL: '', DATABASE_URL: database?.url ?? '' },
    });
    browser = await launchBrowser();
    buyerToken = await passwordToken(site, 'eu-buyer');
    sellerToken = await sellerLogin(site);
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await database?.dispose();
    data?.remove();
  });

  it('the buyer submits a project on the German site; it waits in the desk’s queue', async () => {
    // The project and its lines through the project routes; the submission in the browser.
    const products = await orderableProducts();
    const order = await api(buyerToken, 'POST', '/orders/Outgoing', {
      xp: { projectName, regionName: 'EU' },
    });
    expect(order.status).toBe(201);
    quoteId = order.json.ID as string;
    for (const [index, productId] of products.entries()) {
      const line = await api(buyerToken, 'POST', `/orders/Outgoing/${quoteId}/lineitems`, {
        ProductID: productId,
        Quantity: index === 0 ? 3 : 4,
      });
      expect(line.status).toBe(201);
      lineIds[index] = line.json.ID as string;
    }

    buyer = await browser.newContext({ viewport: WIDE });
    await buyer.addCookies([{ name: 'tracking_consent', value: 'off', url: site.url }]);
    buyerPage = await buyer.newPage();
    const project = `/de-eu/projects/${encodeURIComponent(quoteId)}`;
    await buyerPage.goto(`${site.url}/de-eu/login?redirectURI=${encodeURIComponent(project)}`);
    await submitLoginForm(buyerPage, 'eu-buyer', 'Buyer#2026');
    await buyerPage.waitForURL(`${site.url}${project}`);
    await buyerPage.getByRole('button', { name: 'Angebot anfordern', exact: true }).click();
    const confirm = buyerPage.getByRole('dialog', { name: 'Angebot anfordern?' });
    await confirm.getByRole('button', { name: 'Angebot anfordern', exact: true }).click();
    await buyerPage.locator('[data-status="submitted"]').waitFor();
    expect(await buyerStatus()).toBe('Eingereicht');

    seller = await browser.newContext({ viewport: WIDE });
    await seller.addCookies([{ name: 'tracking_consent', value: 'off', url: site.url }]);
    deskPage = await seller.newPage();
    await deskPage.goto(`${site.url}/sales?q=${encodeURIComponent(projectName)}`);
    await deskPage.waitForURL(/\/login\?/);
    await submitLoginForm(deskPage, 'admin', 'Admin#2026');
    await deskPage.waitForURL((url) => url.pathname === '/sales');
    const row = deskPage.locator(`.desk-queue tbody tr[data-order-id="${quoteId}"]`);
    expect(await row.locator('.desk-badge').innerText()).toBe('Submitted');
  });

  it('the rep assigns it from the queue, prices it and sends it: the buyer sees the prices', async () => {
    await deskPage.getByRole('button', { name: `Assign to me – ${projectName}` }).click();
    await deskPage.waitForURL((u) => u.searchParams.get('assigned') === quoteId);
    expect(await buyerStatus()).toBe('In Prüfung');
    expect(await deskStatus()).toBe('In review');

    const line = (id: string) => deskPage.locator(`.desk-line[data-line-id="${id}"]`);
    await line(lineIds[0]).getByLabel('Discount %').fill('12.5');
    await line(lineIds[0]).getByLabel('Lead time (days)').fill('10');
    await line(lineIds[1]).getByLabel('Net unit price').fill('3.15');
    await deskPage.getByLabel('Freight').fill('19.9');
    const valid = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await deskPage.getByLabel('Valid until').fill(valid);
    await deskPage.getByLabel('Internal note').fill('Stammkunde: Rabatt genehmigt.');
    await deskPage.getByRole('button', { name: 'Save prices and terms' }).click();
    await deskPage.waitForURL((u) => u.searchParams.get('done') === 'saved');
    await deskPage.getByLabel('Message to the buyer (optional)').fill('Unser Angebot wie besprochen.');
    await deskPage.getByRole('button', { name: 'Send the quote' }).click();
    await deskPage.waitForURL((u) => u.searchParams.get('done') === 'sent');
    expect(await deskPage.locator('.desk-quote__status').innerText()).toContain('Revision 1 sent');
    expect(await deskStatus()).toBe('Quoted');

    const quoted = await sellerQuote();
    expect(quoted).toMatchObject({ Status: 'Quoted', Revision: 1, FreightAmount: 19.9 });
    // The demo price schedules are in US dollars everywhere.
    currency = quoted.Currency as string;
    expect(await buyerStatus()).toBe('Angeboten');
    for (const sent of quoted.LineItems) {
      const row = buyerPage.locator(`tr[data-line-id="${sent.ID}"]`);
      expect(await row.locator('[data-unit-price]').getAttribute('data-unit-price')).toBe(
        String(sent.UnitPrice),
      );
      expect(await row.innerText()).toContain(german(sent.UnitPrice, currency));
    }
    expect(await buyerPage.locator(`tr[data-line-id="${lineIds[0]}"]`).innerText()).toContain('10 Tage');
    expect(await buyerPage.locator('dd[data-total]').getAttribute('data-total')).toBe(String(quoted.Total));
    expect(await buyerPage.locator('.quote-pdf').getAttribute('href')).toBe(
      `/api/quotes/${quoteId}/document.pdf?revision=1&locale=de-eu`,
    );
    // The internal note never reaches the buyer.
    expect(await buyerPage.locator('main').innerText()).not.toContain('Stammkunde');
    await screenshotAt390(buyerPage, 'buyer-quoted');
  });

  it('the buyer requests another quantity; the rep reads the message and the quantity', async () => {
    await buyerPage.locator('#quote-changes-message').fill('Bitte 8 Stück der ersten Position.');
    await buyerPage.locator(`#quote-changes-qty-${lineIds[0]}`).fill('8');
    await buyerPage
      .locator('form[data-form="changes"]')
      .getByRole('button', { name: 'Änderungen anfragen' })
      .click();
    await buyerPage.waitForURL((url) => url.searchParams.get('done') === 'changes');
    expect(await buyerPage.locator('.quote-facts .quote-badge').innerText()).toBe('Änderungen angefragt');

    expect(await deskStatus()).toBe('Changes requested');
    expect(await deskPage.locator('.desk-message[data-side="Buyer"]').last().innerText()).toContain(
      'Bitte 8 Stück der ersten Position.',
    );
    expect(
      await deskPage
        .locator(`.desk-line[data-line-id="${lineIds[0]}"] .sku-table__number`)
        .first()
        .innerText(),
    ).toBe('8');
    const request = deskPage.locator('.desk-audit tbody tr[data-action="requestChanges"]');
    expect(await request.locator('[data-actor]').innerText()).toBe('Katrin Vogel (buyer)');
    expect(await request.innerText()).toMatch(/Quantity: 3 → 8/);
  });

  it('the rep revises and sends revision 2: the desk shows the diff, the buyer the new prices', async () => {
    await deskPage
      .locator(`.desk-line[data-line-id="${lineIds[1]}"]`)
      .getByLabel('Net unit price')
      .fill('2.95');
    await deskPage.getByRole('button', { name: 'Save prices and terms' }).click();
    await deskPage.waitForURL((u) => u.searchParams.get('done') === 'saved');
    await deskPage.getByRole('button', { name: 'Send revision 2' }).click();
    await deskPage.waitForURL((u) => u.searchParams.get('done') === 'sent');
    expect(await deskPage.locator('.desk-quote__status .desk-badge').innerText()).toBe('Quoted');

    const revised = await sellerQuote();
    // Revision 2 against 1: the buyer's quantity, the new net price, the totals.
    const diff = (
      await deskPage.locator('.desk-revision[data-revision="2"] .desk-changes tbody tr').allInnerTexts()
    ).map((text) => text.replace(/\s+/g, ' ').trim());
    const [first, second] = lineIds.map((id) => lineName(revised, id));
    expect(diff).toContainEqual(`${first}: Quantity 3 8`);
    expect(diff).toContainEqual(`${second}: Unit price ${english(3.15)} ${english(2.95)}`);
    expect(diff).toContainEqual(expect.stringMatching(/^Total /));

    expect(await buyerStatus()).toBe('Angeboten');
    expect(await buyerPage.locator('dd[data-revision]').innerText()).toBe('2');
    for (const sent of revised.LineItems) {
      const row = buyerPage.locator(`tr[data-line-id="${sent.ID}"]`);
      expect(await row.locator('[data-unit-price]').getAttribute('data-unit-price')).toBe(
        String(sent.UnitPrice),
      );
    }
    expect(await buyerPage.locator(`tr[data-line-id="${lineIds[1]}"]`).innerText()).toContain(
      german(2.95, currency),
    );
  });

  it('the buyer accepts: an order exists at the quoted prices, and both sides say so', async () => {
    const offered = (await api(buyerToken, 'GET', `/me/quotes/${quoteId}`)).json.LineItems as Line[];
    await buyerPage.getByRole('button', { name: 'Annehmen und bestellen' }).click();
    await buyerPage.waitForURL((url) => url.searchParams.get('done') === 'accepted');
    expect(await buyerPage.locator('.quote-facts .quote-badge').innerText()).toBe('Angenommen');
    const orderId = (await buyerPage.locator('.quote-order').getAttribute('data-order-id')) ?? '';
    expect(await buyerPage.locator('.quote-order').innerText()).toContain(
      `Die Bestellung ${orderId} wurde zu den Angebotspreisen aufgegeben.`,
    );
    const lines = (await api(buyerToken, 'GET', `/orders/Outgoing/${orderId}/lineitems`)).json
      .Items as Line[];
    expect(lines.map((l) => [l.ProductID, l.Quantity, l.UnitPrice]).sort()).toEqual(
      offered.map((l) => [l.ProductID, l.Quantity, l.UnitPrice]).sort(),
    );
    expect(lines.find((l) => l.ProductID === offered[0]?.ProductID)?.Quantity).toBe(8);
    const order = (await api(buyerToken, 'GET', `/orders/Outgoing/${orderId}`)).json;
    expect(order.xp).toMatchObject({ QuoteID: quoteId, QuoteRevision: 2 });

    expect(await deskStatus()).toBe('Accepted');
    expect(await deskPage.locator('.desk-quote__facts').innerText()).toContain(orderId);
    // The audit trail: every step, in order, by whom.
    const trail = await deskPage
      .locator('.desk-audit tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [
          r.getAttribute('data-action'),
          r.querySelector('[data-actor]')?.getAttribute('data-actor'),
        ]),
      );
    const steps = trail.filter(([action]) =>
      ['submit', 'assign', 'send', 'requestChanges', 'accept'].includes(action ?? ''),
    );
    expect(steps).toEqual([
      ['submit', 'buyer'],
      ['assign', 'seller'],
      ['send', 'seller'],
      ['requestChanges', 'buyer'],
      ['send', 'seller'],
      ['accept', 'buyer'],
    ]);
    const edit = deskPage.locator('.desk-audit tbody tr[data-action="edit"]').filter({ hasText: 'Freight' });
    expect(await edit.innerText()).toContain(`Freight: ${english(0)} → ${english(19.9)}`);
    expect(await axeViolations(deskPage)).toEqual([]);
    await deskPage.locator('#audit').scrollIntoViewIfNeeded();
    await screenshotAt390(deskPage, 'desk-audit');
  });

  it('mails each event once as .eml: the buyer’s in German with the PDF, the rep’s in English', async () => {
    const mails = await projectMails(5);
    const request = mails.filter((m) => addressOf(m) === 'sales@catalogue.localhost');
    expect(request.map((m) => m.subject)).toEqual([expect.stringMatching(/^Quote request: /)]);
    const company = 'Nordlicht Elektrotechnik GmbH';
    const summary = mails
      .filter((m) => !request.includes(m))
      .map((m) => ({
        to: addressOf(m),
        subject: m.subject,
        language: m.headers.get('content-language') ?? null,
        pdfs: m.attachments.filter((a) => a.contentType === 'application/pdf').length,
      }))
      .sort((a, b) => String(a.subject).localeCompare(String(b.subject)));
    const rep = 'admin@northfield.example';
    const buyerAddress = 'eu-buyer@nordlicht-elektro.example';
    expect(summary).toEqual([
      { to: rep, subject: `Changes requested: ${projectName} – ${company}`, language: 'en', pdfs: 0 },
      { to: buyerAddress, subject: `Ihr Angebot für ${projectName} liegt vor`, language: 'de', pdfs: 1 },
      { to: rep, subject: `Quote accepted: ${projectName} – ${company}`, language: 'en', pdfs: 1 },
      {
        to: buyerAddress,
        subject: `Überarbeitetes Angebot für ${projectName} (Revision 2)`,
        language: 'de',
        pdfs: 1,
      },
    ]);
    // The buyer's message reaches the rep by mail too.
    const changes = mails.find((m) => m.subject?.startsWith('Changes requested'));
    expect(changes?.text).toContain('Bitte 8 Stück der ersten Position.');
    for (const mail of mails.filter((m) => m.headers.get('content-language') === 'de')) {
      expect(mail.text).toContain('Guten Tag Katrin Vogel,');
      const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
      expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    }
    await buyer?.close();
    await seller?.close();
  });
});

function addressOf(mail: ParsedMail): string | null {
  return mail.to && !Array.isArray(mail.to) ? (mail.to.value[0]?.address ?? null) : null;
}

async function sellerLogin(site: RunningSite): Promise<string> {
  const response = await fetch(`${site.url}/ordercloud/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'sales-inbox',
      username: 'admin',
      password: 'Admin#2026',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}
