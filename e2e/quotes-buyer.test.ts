import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from './harness/artifacts';
import { axeViolations } from './harness/axe';
import { gotoWithoutReact, launchBrowser } from './harness/browser';
import { logInThroughThePage } from './harness/project-journey';
import { passwordToken, type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * The buyer's quotes in a browser (issue 23 item 5). The test prepares quotes through the commerce API as
 * the sales team would (price the lines, send); the buyer finds the quote in /quotes, requests a change
 * with a message and a changed quantity, cannot accept a revision that was replaced while the page was
 * open, accepts the new one — and an order exists with the quoted prices; messages go both ways; another
 * quote is declined with a reason; submitted projects link their quote. No axe-core violations on the list
 * and the quote at 1366 and 390 px, in English and in French (fr-CA).
 */

type Json = Record<string, unknown> & { ID?: string };
const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };
/** A consent choice made, so the banner does not cover the screenshots. */
const CONSENT = (site: RunningSite) => ({ name: 'tracking_consent', value: 'off', url: site.url });

describe("the buyer's quotes", () => {
  const data = temporaryDataDir('e2e-quotes-buyer');
  let site: RunningSite;
  let browser: Browser;
  let buyerToken: string;
  let sellerToken: string;
  /** Products the engineer can order in small quantities (found in beforeAll). */
  let products: [string, string];

  async function api(
    token: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: Json }> {
    const response = await fetch(`${site.url}/ordercloud/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as Json) : {} };
  }

  async function sellerLogin(): Promise<string> {
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

  /** A submitted project of the engineer with these lines: its quote's ID and line IDs. */
  async function submittedProject(name: string, quantities: [number, number]) {
    const order = await api(buyerToken, 'POST', '/orders/Outgoing', {
      xp: { projectName: name, regionName: 'US' },
    });
    expect(order.status).toBe(201);
    const id = order.json.ID as string;
    const lineIds: string[] = [];
    for (const [index, productId] of products.entries()) {
      const line = await api(buyerToken, 'POST', `/orders/Outgoing/${id}/lineitems`, {
        ProductID: productId,
        Quantity: quantities[index],
      });
      expect(line.status).toBe(201);
      lineIds.push(line.json.ID as string);
    }
    expect([200, 201]).toContain((await api(buyerToken, 'POST', `/orders/Outgoing/${id}/submit`)).status);
    return { id, lineIds: lineIds as [string, string] };
  }

  /** The seller prices both lines (10 % off the first, a net price on the second), freight, terms; sends. */
  async function priceAndSend(
    id: string,
    lineIds: [string, string],
    net: number,
    message: string,
    validDays = 20,
  ) {
    const seller = (method: string, path: string, body?: unknown) => api(sellerToken, method, path, body);
    expect(
      (
        await seller('PATCH', `/quotes/${id}/lineitems/${lineIds[0]}`, {
          DiscountPercent: 10,
          LeadTimeDays: 14,
          Note: 'From stock in Dallas',
        })
      ).status,
    ).toBe(200);
    expect(
      (await seller('PATCH', `/quotes/${id}/lineitems/${lineIds[1]}`, { UnitPrice: net, LeadTimeDays: 1 }))
        .status,
    ).toBe(200);
    const validUntil = new Date(Date.now() + validDays * 86_400_000).toISOString();
    expect(
      (
        await seller('PATCH', `/quotes/${id}`, {
          FreightAmount: 25,
          Terms: 'Net 30 days',
          ValidUntil: validUntil,
        })
      ).status,
    ).toBe(200);
    const sent = await seller('POST', `/quotes/${id}/send`, { Message: message });
    expect(sent.status).toBe(201);
    return sent.json;
  }

  async function buyerContext(viewport = WIDE): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport });
    await context.addCookies([
      { name: 'UserToken', value: encodeURIComponent(buyerToken), url: site.url, sameSite: 'Lax' },
      CONSENT(site),
    ]);
    return { context, page: await context.newPage() };
  }

  /** axe-core at both widths, a screenshot of each, and no sideways scrolling on the phone. */
  async function checkBothWidths(page: Page, name: string) {
    for (const [label, size] of [
      ['1366', WIDE],
      ['390', NARROW],
    ] as const) {
      await page.setViewportSize(size);
      expect(await axeViolations(page), `${name} at ${label} px`).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1),
        `${name} scrolls sideways at ${label} px`,
      ).toBe(false);
      await page.screenshot({ path: artifactPath(`quotes-${name}-${label}.png`), fullPage: true });
      // The lines stack into cards on a phone: a close-up of them to look at.
      const lines = page.locator('.quote__lines');
      if (label === '390' && (await lines.count()) > 0) {
        await lines.screenshot({ path: artifactPath(`quotes-${name}-${label}-lines.png`) });
      }
    }
    await page.setViewportSize(WIDE);
  }

  /**
   * The stacked cells whose column name (the `data-label` shown by `::before`) is narrower than one of its
   * words, which would split that word: `label: word (width < word's width)`.
   */
  async function labelsNarrowerThanAWord(page: Page): Promise<string[]> {
    return page.locator('.quote__lines td[data-label]').evaluateAll((cells) => {
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return ['no canvas'];
      return cells.flatMap((cell) => {
        const style = getComputedStyle(cell, '::before');
        if (style.float !== 'left') return [`${cell.dataset.label}: not stacked`];
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const width = Number.parseFloat(style.width);
        return (cell.dataset.label ?? '')
          .split(/\s+/)
          .filter((word) => context.measureText(word).width > width + 0.5)
          .map((word) => `${cell.dataset.label}: ${word} (${width} < ${context.measureText(word).width})`);
      });
    });
  }

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '600', SMTP_URL: '' } });
    browser = await launchBrowser();
    buyerToken = await passwordToken(site, 'engineer');
    sellerToken = await sellerLogin();
    // Two products the engineer can order in these quantities: no required spec, stock for an order.
    const listed = await api(buyerToken, 'GET', '/me/products?catalogID=catalog-us&pageSize=100');
    const candidates = (
      listed.json.Items as { ID: string; Inventory?: { Enabled?: boolean; QuantityAvailable?: number } }[]
    )
      .filter((p) => !p.Inventory?.Enabled || (p.Inventory.QuantityAvailable ?? 0) >= 50)
      .map((p) => p.ID);
    const probe = await api(buyerToken, 'POST', '/orders/Outgoing', {
      xp: { projectName: 'probe', regionName: 'US' },
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
    products = found as [string, string];
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  it('sends visitors to the login page and the seller’s staff to the sales desk', async () => {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${site.url}/fr-ca/quotes`);
    await page.waitForURL(/\/fr-ca\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirectURI')).toBe('/fr-ca/quotes');
    await visitor.close();
    const seller = await browser.newContext();
    await seller.addCookies([
      { name: 'UserToken', value: encodeURIComponent(sellerToken), url: site.url, sameSite: 'Lax' },
    ]);
    const sellerPage = await seller.newPage();
    await sellerPage.goto(`${site.url}/quotes`);
    await sellerPage.waitForURL((url) => url.pathname === '/sales');
    await seller.close();
  });

  it('requests a change, is kept from accepting a replaced revision, accepts the new one: an order at the quoted prices', async () => {
    const { id, lineIds } = await submittedProject(`Clinic ${Date.now()}`, [2, 3]);
    await priceAndSend(id, lineIds, 4.25, 'Here is our offer.');

    // The buyer logs in through the login page and finds the quote in the list.
    const context = await browser.newContext({ viewport: WIDE });
    await context.addCookies([CONSENT(site)]);
    const page = await context.newPage();
    await logInThroughThePage(page, site, 'engineer', 'Buyer#2026', '/quotes');
    const row = page.locator(`.quote-list tbody tr[data-quote-id="${id}"]`);
    await row.waitFor();
    expect(await row.locator('.quote-badge').innerText()).toBe('Quoted');
    expect(await row.locator('[data-validity]').getAttribute('data-validity')).toBe('valid');
    expect(await row.locator('[data-validity]').innerText()).toMatch(
      /^Valid until [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    );
    // The status filter lives in the URL.
    await page.locator('#quote-filter-status').selectOption('Quoted');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.search === '?status=Quoted');
    await row.waitFor();
    expect(
      await page
        .locator('.quote-list tbody tr[data-status]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))),
    ).toEqual(expect.arrayContaining(['Quoted']));
    await checkBothWidths(page, 'list');

    // The quote: lines with prices, lead times, the rep's note, totals, terms, the PDF of revision 1.
    await row.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/quotes/${id}`);
    const quote = (await api(buyerToken, 'GET', `/me/quotes/${id}`)).json as {
      LineItems: { ID: string; UnitPrice: number; Quantity: number }[];
      Total: number;
    };
    const first = page.locator(`tr[data-line-id="${lineIds[0]}"]`);
    expect(await first.locator('td').nth(0).innerText()).toBe(products[0]);
    expect(await first.locator('[data-unit-price]').getAttribute('data-unit-price')).toBe(
      String(quote.LineItems.find((l) => l.ID === lineIds[0])?.UnitPrice),
    );
    expect(await first.innerText()).toContain('14 days');
    expect(await first.innerText()).toContain('From stock in Dallas');
    expect(await page.locator(`tr[data-line-id="${lineIds[1]}"]`).innerText()).toContain('$4.25');
    expect(await page.locator(`tr[data-line-id="${lineIds[1]}"]`).innerText()).toContain('1 day');
    expect(await page.locator('.quote-totals').innerText()).toContain('$25.00');
    expect(await page.locator('dd[data-total]').getAttribute('data-total')).toBe(String(quote.Total));
    expect(await page.locator('.quote-terms__text').innerText()).toBe('Net 30 days');
    expect(await page.locator('.quote-pdf').getAttribute('href')).toBe(
      `/api/quotes/${id}/document.pdf?revision=1&locale=en-us`,
    );
    // The link answers the quote's document with the buyer's own session.
    const pdf = await page.request.get(`${site.url}/api/quotes/${id}/document.pdf?revision=1&locale=en-us`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await page.locator('.quote-message').last().innerText()).toContain('Here is our offer.');
    await checkBothWidths(page, 'detail');

    // Request changes: the message is required; then a message and a changed quantity.
    const changes = page.locator('form[data-form="changes"]');
    await changes.getByRole('button', { name: 'Request changes' }).click();
    await expect
      .poll(() => page.locator('#quote-changes-message-error').textContent())
      .toBe('Please fill in this field.');
    await page.locator('#quote-changes-message').fill('Can you do 5 of the first line?');
    await page.locator(`#quote-changes-qty-${lineIds[0]}`).fill('5');
    await changes.getByRole('button', { name: 'Request changes' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'changes');
    expect(await page.locator('.form-success').innerText()).toContain('Your change request was sent');
    expect(await page.locator('.quote-facts .quote-badge').innerText()).toBe('Changes requested');
    expect(await page.locator('form[data-form="accept"]').count()).toBe(0);
    const draft = (await api(sellerToken, 'GET', `/quotes/${id}`)).json as {
      Status: string;
      LineItems: { ID: string; Quantity: number }[];
    };
    expect(draft.Status).toBe('ChangesRequested');
    expect(draft.LineItems.find((l) => l.ID === lineIds[0])?.Quantity).toBe(5);
    const thread = (await api(sellerToken, 'GET', `/quotes/${id}/messages`)).json.Items as {
      Text: string;
      FromSide: string;
    }[];
    expect(thread.at(-1)).toMatchObject({ Text: 'Can you do 5 of the first line?', FromSide: 'Buyer' });

    // The rep sends revision 2; the buyer opens it …
    await api(sellerToken, 'POST', `/quotes/${id}/send`, { Message: 'Revised: 5 pieces.' });
    await page.goto(`${site.url}/quotes/${id}`);
    expect(await page.locator('dd[data-revision]').innerText()).toBe('2');
    expect(await page.locator(`tr[data-line-id="${lineIds[0]}"] td`).nth(2).innerText()).toBe('5');
    // … and while the page is open the rep sends revision 3 with another price: accepting 2 is refused.
    await api(sellerToken, 'PATCH', `/quotes/${id}/lineitems/${lineIds[1]}`, { UnitPrice: 4.1 });
    await api(sellerToken, 'POST', `/quotes/${id}/send`, {});
    await page.getByRole('button', { name: 'Accept and place the order' }).click();
    await expect
      .poll(() => page.locator('form[data-form="accept"] [role="alert"]').innerText())
      .toContain('Our sales team sent revision 3');
    expect((await api(buyerToken, 'GET', `/me/quotes/${id}`)).json.Status).toBe('Quoted');
    await page.locator('form[data-form="accept"]').getByRole('link', { name: 'Reload the page' }).click();
    await page.waitForURL((url) => url.pathname === `/quotes/${id}`);
    await expect.poll(() => page.locator('dd[data-revision]').innerText()).toBe('3');
    expect(await page.locator(`tr[data-line-id="${lineIds[1]}"]`).innerText()).toContain('$4.10');

    // Accept revision 3: an order exists with the quoted prices.
    const offered = (await api(buyerToken, 'GET', `/me/quotes/${id}`)).json as {
      LineItems: { ID: string; ProductID: string; UnitPrice: number; Quantity: number }[];
    };
    await page.locator('#quote-accept-comments').fill('PO 4471');
    await page.getByRole('button', { name: 'Accept and place the order' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'accepted');
    expect(await page.locator('#outcome').innerText()).toContain('the quote is accepted');
    expect(await page.locator('.quote-facts .quote-badge').innerText()).toBe('Accepted');
    const orderId = await page.locator('.quote-order').getAttribute('data-order-id');
    expect(orderId).toBeTruthy();
    expect(await page.locator('.quote-order').innerText()).toContain(
      `Order ${orderId} was placed at the quoted prices.`,
    );
    expect(await page.locator('.quote-order [data-order-status]').count()).toBe(1);
    const lines = (await api(buyerToken, 'GET', `/orders/Outgoing/${orderId}/lineitems`)).json.Items as {
      ProductID: string;
      Quantity: number;
      UnitPrice: number;
    }[];
    expect(lines.map((l) => [l.ProductID, l.Quantity, l.UnitPrice]).sort()).toEqual(
      offered.LineItems.map((l) => [l.ProductID, l.Quantity, l.UnitPrice]).sort(),
    );
    const order = (await api(buyerToken, 'GET', `/orders/Outgoing/${orderId}`)).json as {
      xp: { QuoteID: string; QuoteRevision: number };
    };
    expect(order.xp).toMatchObject({ QuoteID: id, QuoteRevision: 3 });

    // Messages both ways, on the accepted quote too.
    await api(sellerToken, 'POST', `/quotes/${id}/messages`, { Text: 'Thank you for your order.' });
    await page.goto(`${site.url}/quotes/${id}`);
    await page.locator('#quote-message-text').fill('When will it ship?');
    await page.getByRole('button', { name: 'Send the message' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'message');
    const sides = await page
      .locator('.quote-message')
      .evaluateAll((items) =>
        items.map((i) => [i.getAttribute('data-side'), i.querySelector('.quote-message__text')?.textContent]),
      );
    expect(sides.slice(-2)).toEqual([
      ['Seller', 'Thank you for your order.'],
      ['Buyer', 'When will it ship?'],
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: artifactPath('quotes-accepted-1366.png'), fullPage: true });

    // The submitted project links its quote, with the quote's status.
    await page.goto(`${site.url}/projects#submitted`);
    const link = page.locator(`a.project__quote-link[href="/quotes/${id}"]`);
    await expect.poll(() => link.count()).toBe(1);
    expect(await link.innerText()).toBe('Quote: Accepted');
    await page.goto(`${site.url}/projects/${id}`);
    await expect.poll(() => page.locator('[data-quote] a').getAttribute('href')).toBe(`/quotes/${id}`);
    await context.close();
  });

  it('declines a quote with a reason, in French, without axe-core violations at either width (and in German)', async () => {
    const { id, lineIds } = await submittedProject(`Entrepôt ${Date.now()}`, [4, 2]);
    await priceAndSend(id, lineIds, 3.5, 'Voici notre offre.');
    const { context, page } = await buyerContext();
    await page.goto(`${site.url}/fr-ca/quotes`);
    const row = page.locator(`.quote-list tbody tr[data-quote-id="${id}"]`);
    await row.waitFor();
    expect(await row.locator('.quote-badge').innerText()).toBe('Chiffré');
    expect(await row.locator('[data-validity]').innerText()).toMatch(/^Valable jusqu'au \d{1,2} \S+ \d{4}$/);
    // Money in the quote's currency (USD) written the French-Canadian way.
    expect(await row.locator('.quote-list__total').innerText()).toMatch(
      /^\d[\d\s\u202f\u00a0]*,\d{2}\s\$\sUS$/,
    );
    await checkBothWidths(page, 'fr-list');

    // German names of the stacked lines' columns are long single words: whole on the phone.
    await page.goto(`${site.url}/de-eu/quotes/${id}`);
    await page.locator('.quote__lines').waitFor();
    await checkBothWidths(page, 'de-detail');
    await page.setViewportSize(NARROW);
    expect(await labelsNarrowerThanAWord(page)).toEqual([]);
    await page.setViewportSize(WIDE);

    await page.goto(`${site.url}/fr-ca/quotes/${id}`);
    expect(await page.locator('.quote-pdf').getAttribute('href')).toBe(
      `/api/quotes/${id}/document.pdf?revision=1&locale=fr-ca`,
    );
    await checkBothWidths(page, 'fr-detail');
    const decline = page.locator('form[data-form="decline"]');
    await decline.getByRole('button', { name: 'Refuser le devis' }).click();
    await expect
      .poll(() => page.locator('#quote-decline-reason-error').textContent())
      .toBe('Veuillez remplir ce champ.');
    expect((await api(buyerToken, 'GET', `/me/quotes/${id}`)).json.Status).toBe('Quoted');
    await page.locator('#quote-decline-reason').fill('Le chantier est reporté.');
    await decline.getByRole('button', { name: 'Refuser le devis' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'declined');
    expect(await page.locator('.quote-facts .quote-badge').innerText()).toBe('Refusé');
    expect(await page.locator('.quote-note').innerText()).toBe(
      'Vous avez refusé ce devis : Le chantier est reporté.',
    );
    expect(await page.locator('form[data-form="accept"], form[data-form="decline"]').count()).toBe(0);
    const declined = (await api(sellerToken, 'GET', `/quotes/${id}`)).json;
    expect(declined).toMatchObject({ Status: 'Declined', DeclineReason: 'Le chantier est reporté.' });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("accepts under the company's approval rules: the order waits for approval, and the page says so", async () => {
    const name = `Approval ${Date.now()}`;
    const seller = (method: string, path: string, body?: unknown) => api(sellerToken, method, path, body);
    expect(
      (await seller('POST', '/buyers/ACME-US/usergroups', { ID: 'e2e-approvers', Name: 'Approvers' })).status,
    ).toBe(201);
    expect(
      (
        await seller('POST', '/buyers/ACME-US/usergroups/assignments', {
          UserGroupID: 'e2e-approvers',
          UserID: 'employee',
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        await seller('POST', '/buyers/ACME-US/approvalrules', {
          ID: 'e2e-quote-orders',
          ApprovingGroupID: 'e2e-approvers',
          RuleExpression: `order.xp.projectRef = '${name}'`,
        })
      ).status,
    ).toBe(201);
    const { id, lineIds } = await submittedProject(name, [2, 2]);
    // Valid for two more days: the list marks it as expiring soon.
    await priceAndSend(id, lineIds, 5, 'Valid for two days.', 2);
    const { context, page } = await buyerContext();
    await page.goto(`${site.url}/quotes`);
    const validity = page.locator(`.quote-list tbody tr[data-quote-id="${id}"] [data-validity]`);
    expect(await validity.getAttribute('data-validity')).toBe('soon');
    expect(await validity.innerText()).toMatch(/^Expires soon: valid until /);

    await page.goto(`${site.url}/quotes/${id}`);
    await page.getByRole('button', { name: 'Accept and place the order' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'accepted');
    const orderId = await page.locator('.quote-order').getAttribute('data-order-id');
    expect(await page.locator('.quote-order [data-order-status]').getAttribute('data-order-status')).toBe(
      'AwaitingApproval',
    );
    expect(await page.locator('.quote-order').innerText()).toContain(
      'It is waiting for approval by your company before it goes out.',
    );
    expect((await api(buyerToken, 'GET', `/orders/Outgoing/${orderId}`)).json.Status).toBe(
      'AwaitingApproval',
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    // The projects screens' status route answers the caller's own quotes only.
    const statuses = async (token: string | null) => {
      const response = await fetch(`${site.url}/api/quotes/statuses?ids=${id}`, {
        headers: token ? { cookie: `UserToken=${encodeURIComponent(token)}` } : {},
      });
      return { status: response.status, json: (await response.json()) as { Items?: unknown[] } };
    };
    expect(await statuses(buyerToken)).toEqual({
      status: 200,
      json: { Items: [{ ID: id, Status: 'Accepted', Revision: 1 }] },
    });
    expect((await statuses(null)).status).toBe(401);
    expect((await statuses(sellerToken)).status).toBe(403);
    expect(await statuses(await passwordToken(site, 'eu-buyer'))).toEqual({
      status: 200,
      json: { Items: [] },
    });

    // The forms work without JavaScript (server actions posted by the browser itself).
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: NARROW });
    await plain.addCookies([
      { name: 'UserToken', value: encodeURIComponent(buyerToken), url: site.url, sameSite: 'Lax' },
      CONSENT(site),
    ]);
    const plainPage = await plain.newPage();
    await gotoWithoutReact(plainPage, `${site.url}/quotes/${id}`);
    await plainPage.locator('#quote-message-text').fill('Sent without scripts.');
    await plainPage.getByRole('button', { name: 'Send the message' }).click();
    await plainPage.waitForURL((url) => url.searchParams.get('done') === 'message');
    expect(await plainPage.locator('.quote-message').last().innerText()).toContain('Sent without scripts.');
    await plain.close();
  });
});
