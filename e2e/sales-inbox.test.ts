import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { submitLoginForm } from './harness/project-journey';
import { mailFiles, quoteMail, salesInboxRow } from './harness/quote-delivery';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * The sales team's side of a quote request (issue 9 items 3 and 4): a buyer creates and submits a
 * project through the project routes; the quote request arrives as an `.eml` file with the project as
 * CSV and PDF under `$DATA_DIR/mail/` (the embedded mail folder: no SMTP_URL); the seller's administrator
 * logs in through the login page, finds the request in `/sales` and opens it. No axe-core violations on
 * either sales page; a buyer is told the inbox is not for them.
 */

describe('sales inbox', () => {
  const data = temporaryDataDir('e2e-sales');
  let site: RunningSite;
  let browser: Browser;
  /** Products the engineer could add to a project (found by the first test). */
  const orderable: string[] = [];

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '600', SMTP_URL: '' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  async function login(username: string, password: string): Promise<string> {
    const response = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'storefront', username, password }),
    });
    const answer = (await response.json()) as { access_token: string };
    return answer.access_token;
  }

  async function buyerRoute(name: string, body: Record<string, unknown>) {
    const response = await fetch(`${site.url}/api/ordercloud/Buyer/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('delivers a submitted project to the mail folder and the sales inbox', async () => {
    const engineer = await login('engineer', 'Buyer#2026');
    const token = encodeURIComponent(engineer);
    const projectName = `Clinic ${Date.now()}`;
    const created = await buyerRoute('createNewProject', {
      projectName,
      projectDesc: 'East wing, level 2',
      regionName: 'US',
      token,
    });
    expect(created.status).toBe(200);
    const projectId = created.body.ID as string;

    // Two products the buyer can order (sold by the piece, in stock): the service decides.
    const listed = await fetch(`${site.url}/ordercloud/v1/me/products?catalogID=catalog-us&pageSize=60`, {
      headers: { authorization: `Bearer ${engineer}` },
    });
    const candidates = ((await listed.json()) as { Items: { ID: string }[] }).Items.map((p) => p.ID);
    const added: string[] = [];
    for (const id of candidates) {
      if (added.length === 2) break;
      const line = await buyerRoute('AddProductLineItem', { productName: id, projectId, qty: 2, token });
      if (line.status === 200) added.push(id);
    }
    expect(added).toHaveLength(2);
    orderable.push(...added);
    // One line asks for bulk packaging: people read its label, never the code (issue 22 item 10).
    const sheet = await buyerRoute('orderWorksheet', { orderId: projectId, token });
    const lineIds = (sheet.body.LineItems as { ID: string; ProductID: string }[]).filter(
      (l) => l.ProductID === added[0],
    );
    const packaging = await buyerRoute('addPackagingOption', {
      products: [{ lineItemId: lineIds[0]?.ID, packagingOption: 'bulk' }],
      ID: projectId,
      token,
    });
    expect(packaging.status).toBe(200);
    const before = await mailFiles(data.dir);
    expect((await buyerRoute('submitProjectforQuote', { projectId, token })).status).toBe(200);

    // The outbox worker expands the quote request into the sales team's mail, written as an .eml file.
    const mail = await quoteMail(data.dir, projectName, before);
    expect(mail.to).toMatchObject({ value: [{ address: 'sales@catalogue.localhost' }] });
    expect(mail.replyTo?.value[0]?.address).toBe('engineer@acme-electrical.example');
    expect(mail.attachments.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'text/csv']);
    const csv = mail.attachments.find((a) => a.contentType === 'text/csv')?.content.toString() ?? '';
    for (const id of added) expect(csv).toContain(`${id},`);
    expect(csv).toMatch(/,United States,.*,Bulk\r\n/);
    expect(csv).not.toMatch(/,US,|,bulk\r\n/);

    // The seller's administrator logs in through the login page and lands in the inbox.
    const { context, page, row } = await salesInboxRow(browser, site, projectId);
    // Newest first: the request just submitted is the first row.
    expect(await page.locator('.sales__table tbody tr').first().getAttribute('data-order-id')).toBe(
      projectId,
    );
    const cells = await row.locator('th, td').allInnerTexts();
    expect(cells.slice(0, 5)).toEqual([
      projectName,
      'Acme Electrical Contractors',
      'Priya Raman',
      'United States',
      '2',
    ]);
    expect(cells[5]).toMatch(/\d{1,2}:\d\d [AP]M UTC$/);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link', { name: projectName }).click();
    await page.waitForURL((url) => url.pathname === `/sales/${projectId}`);
    expect(await page.locator('h1').innerText()).toBe(projectName);
    const lines = page.locator('.sales__lines tbody tr');
    expect(await lines.count()).toBe(2);
    const numbers = await page.locator('.sales__lines tbody td:nth-child(2)').allInnerTexts();
    expect(numbers.sort()).toEqual([...added].sort());
    const packagings = await page.locator('.sales__lines tbody td:nth-child(4)').allInnerTexts();
    expect(packagings.sort()).toEqual(['Bulk', '–']);
    expect(await page.locator('.sales__facts').first().innerText()).toContain('United States');
    expect(await page.locator('.sales__facts').first().innerText()).toContain('East wing, level 2');
    expect(await page.getByRole('link', { name: 'engineer@acme-electrical.example' }).count()).toBe(1);
    // The project's files, with the seller's session.
    const csvHref = await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href');
    expect(csvHref).toBe(`/api/projects/${projectId}/export.csv?locale=en-us`);
    const exported = await page.request.get(`${site.url}${csvHref}`);
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(projectName);
    expect(await page.locator('.project-files__import').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('tells a signed-in buyer that the inbox is for the sales team', async () => {
    const context = await browser.newContext();
    await context.addCookies([
      {
        name: 'UserToken',
        value: encodeURIComponent(await login('engineer', 'Buyer#2026')),
        url: site.url,
        sameSite: 'Lax',
      },
    ]);
    const page = await context.newPage();
    await page.goto(`${site.url}/sales`);
    expect(await page.locator('.sales__forbidden').innerText()).toContain('This page is for the sales team');
    expect(await page.locator('.sales__table').count()).toBe(0);
    await context.close();
  });

  it('imports a CSV into a project on its page, all or nothing, with a report per line', async () => {
    expect(orderable).toHaveLength(2);
    const [a, b] = orderable as [string, string];
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/login?redirectURI=${encodeURIComponent('/projects')}`);
    await submitLoginForm(page, 'engineer', 'Buyer#2026');
    await page.waitForURL((url) => url.pathname === '/projects');
    const token = (await context.cookies(site.url)).find((c) => c.name === 'UserToken')?.value ?? '';
    const created = await buyerRoute('createNewProject', {
      projectName: 'Imported',
      regionName: 'US',
      token,
    });
    const projectId = created.body.ID as string;

    await page.goto(`${site.url}/projects/${projectId}`);
    const form = page.locator('.project-files__import');
    await form.waitFor();
    const upload = async (csv: string) => {
      await form.locator('input[type="file"]').setInputFiles({
        name: 'lines.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      const answered = page.waitForResponse((r) => r.url().endsWith(`/api/projects/${projectId}/import`));
      await form.getByRole('button', { name: 'Import' }).click();
      await answered;
      await page.locator('.project-files__report').waitFor();
    };
    const statuses = () =>
      page
        .locator('.project-files__report tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));

    await upload(`Catalogue number,Quantity\n${a},2\nNOPE-1,1\n${b},two\n`);
    await expect.poll(statuses).toEqual(['added', 'unknown', 'bad-quantity']);
    expect(await page.locator('.project-files__status').innerText()).toContain('Nothing was imported');
    expect(await page.locator('.project__lines').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await upload(`${a},2\n${b},3\n${a},1\n`);
    await expect.poll(statuses).toEqual(['added', 'added', 'merged']);
    expect(await page.locator('.project-files__status').innerText()).toContain('The lines were added');
    // The screen reads the project again: both lines, the duplicate merged into the first.
    await expect.poll(() => page.locator('.project__lines tbody tr').count()).toBe(2);
    const sheet = await buyerRoute('orderWorksheet', { orderId: projectId, token });
    expect(
      (sheet.body.LineItems as { ProductID: string; Quantity: number }[])
        .map((l) => [l.ProductID, l.Quantity])
        .sort(),
    ).toEqual(
      [
        [a, 3],
        [b, 3],
      ].sort(),
    );
    const csvHref = await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href');
    const exported = await page.request.get(`${site.url}${csvHref}`);
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(`${b},`);
    await context.close();
  });
});
