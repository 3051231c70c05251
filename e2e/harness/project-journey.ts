import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe';
import { skuNumbersOf } from './family-html';
import type { RunningSite } from './site';

/**
 * The buyer's journey of issue 9 in a browser, as one reusable step: log in through the login page,
 * create a project, add three products from three different pages (a family page's SKU row, a product
 * page, a calculator) through the add-to-project dialog, change a quantity, submit for quote with the
 * confirmation, and find the project under Submitted, read-only, with its date. Checks accessibility
 * (axe, WCAG 2.2 AA) on the way. Tests that go on from there (the quote email, the sales inbox) take
 * the returned project and the still-open page.
 */

export interface JourneyOptions {
  username?: string;
  password?: string;
  /** A family page (locale-neutral path) whose SKU table has rows. */
  familyPath: string;
  /** The project's name; a unique one by default. */
  projectName?: string;
}

export interface JourneyLine {
  productId: string;
  quantity: number;
  source: 'sku-table' | 'product-page' | 'calculator';
}

export interface JourneyResult {
  context: BrowserContext;
  page: Page;
  username: string;
  /** The user's access token (from the UserToken cookie). */
  token: string;
  projectId: string;
  projectName: string;
  /** The lines as submitted (the family line's quantity changed on the project page). */
  lines: JourneyLine[];
  /** The `catalogue:add-to-project` events the pages dispatched, in order. */
  events: { productId: string; quantity: number; projectId: string; source: string }[];
}

/** Conduit-fill inputs whose proposals differ (more conductors need a bigger conduit). */
const CALCULATORS = [3, 9, 16, 30].map(
  (count) => `/calculators/conduit-fill?units=imperial&type=emt&size=1-2-in&c1=thhn-12&n1=${count}`,
);

export async function logInThroughThePage(
  page: Page,
  site: RunningSite,
  username: string,
  password: string,
  back: string,
): Promise<void> {
  await page.goto(`${site.url}/login?redirectURI=${encodeURIComponent(back)}`);
  await submitLoginForm(page, username, password);
  await page.waitForURL(`${site.url}${back}`);
}

/** Fills in and sends the login page's form. */
export async function submitLoginForm(page: Page, username: string, password: string): Promise<void> {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('form.login-form button[type="submit"]').click();
}

/**
 * Whether a buyer can add the product with a quantity alone: the add-to-project routes (spec §7) carry no
 * spec choices, so a product with a required spec that has no default option or value is refused with
 * the commerce service's message — the journey uses products without one.
 */
export async function addableWithoutSpecs(site: RunningSite, token: string, sku: string): Promise<boolean> {
  const response = await fetch(`${site.url}/ordercloud/v1/me/products/${encodeURIComponent(sku)}/specs`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) return false;
  const { Items } = (await response.json()) as {
    Items: { Required?: boolean; DefaultOptionID?: string | null; DefaultValue?: string | null }[];
  };
  return !Items.some((spec) => spec.Required && !spec.DefaultOptionID && !spec.DefaultValue);
}

/** A calculator proposal and two SKUs of the family page, all different and addable (read from HTML). */
async function catalogueNumbers(site: RunningSite, token: string, familyPath: string) {
  let calculator: { path: string; sku: string } | null = null;
  for (const path of CALCULATORS) {
    const html = await (await fetch(`${site.url}${path}`)).text();
    const sku = /<strong data-sku="([^"]+)"/.exec(html)?.[1];
    if (sku && (await addableWithoutSpecs(site, token, sku))) {
      calculator = { path, sku };
      break;
    }
  }
  if (!calculator) throw new Error('no calculator proposal can be added without spec choices');
  const familyHtml = await (await fetch(`${site.url}${familyPath}`)).text();
  const familySkus: string[] = [];
  for (const sku of skuNumbersOf(familyHtml)) {
    if (sku && sku !== calculator.sku && (await addableWithoutSpecs(site, token, sku))) familySkus.push(sku);
    if (familySkus.length === 2) break;
  }
  const [familySku, productSku] = familySkus;
  if (!familySku || !productSku) throw new Error(`${familyPath} lists fewer than two other addable SKUs`);
  return { calculator, familySku, productSku };
}

/** Watches the page's `catalogue:add-to-project` events (installed before every document). */
async function recordAddEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.addEventListener('catalogue:add-to-project', (event) => {
      const detail = (event as CustomEvent).detail;
      const all = JSON.parse(sessionStorage.getItem('e2e-add-events') ?? '[]') as unknown[];
      all.push(detail);
      sessionStorage.setItem('e2e-add-events', JSON.stringify(all));
    });
  });
}

/** Waits for the dialog to say the product was added; a refusal it shows instead fails with its text. */
async function waitForAdded(dialog: Locator, text: string): Promise<void> {
  const added = dialog.getByRole('status').filter({ hasText: text });
  const refused = dialog.locator('.form-field__error:not(:empty)');
  await added.or(refused).first().waitFor();
  if (await refused.count()) throw new Error(`add-to-project refused: ${await refused.innerText()}`);
}

/** Adds a product through the open page's add-to-project button and dialog. */
export async function addThroughDialog(
  page: Page,
  button: Locator,
  projectName: string,
  quantity: number,
  { checkAxe = false }: { checkAxe?: boolean } = {},
): Promise<void> {
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Add to project' });
  await dialog.waitFor();
  const choice = dialog.getByRole('radio', { name: projectName });
  await choice.waitFor();
  // The project the user opened last is offered first.
  expect(await choice.isChecked()).toBe(true);
  if (checkAxe) expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Quantity').fill(String(quantity));
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await waitForAdded(dialog, `added to ${projectName}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

export async function projectJourney(
  browser: Browser,
  site: RunningSite,
  options: JourneyOptions,
): Promise<JourneyResult> {
  const username = options.username ?? 'engineer';
  const password = options.password ?? 'Buyer#2026';
  const projectName = options.projectName ?? `Depot refit ${Date.now().toString(36)}`;

  const context = await browser.newContext();
  await recordAddEvents(context);
  const page = await context.newPage();
  await logInThroughThePage(page, site, username, password, '/projects');
  const token = decodeURIComponent(
    (await context.cookies(site.url)).find((cookie) => cookie.name === 'UserToken')?.value ?? '',
  );
  const { calculator, familySku, productSku } = await catalogueNumbers(site, token, options.familyPath);
  const calculatorSku = calculator.sku;

  // The header links to the projects page once logged in; the page lists none yet and offers the form.
  await page.locator('.site-header .projects-link').waitFor();
  await page.getByRole('tab', { name: 'Unsubmitted', exact: true }).waitFor();
  expect(await page.getByLabel('Region', { exact: true }).inputValue()).toBe('US');
  expect(await axeViolations(page)).toEqual([]);

  // Create: the name is required.
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByText('Enter a name for the project.').waitFor();
  await page.getByLabel('Project name').fill(projectName);
  await page.getByLabel('Description (optional)').fill('Conduit and supports for the depot refit');
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL(/\/projects\/[^/]+$/);
  const projectId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  await page.locator('#project-heading', { hasText: projectName }).waitFor();
  await page.getByText('This project has no products yet.', { exact: false }).waitFor();

  // 1. A family page's SKU row.
  await page.goto(`${site.url}${options.familyPath}`);
  const row = page.locator('.sku-table tbody tr', { has: page.locator(`a:text-is("${familySku}")`) });
  await addThroughDialog(page, row.locator('.add-to-project__button'), projectName, 4, { checkAxe: true });

  // 2. A product page.
  await page.goto(`${site.url}/product/${encodeURIComponent(productSku)}`);
  await addThroughDialog(page, page.locator('.product__add-to-project button'), projectName, 2);

  // 3. A calculator, with the quantity it was given.
  await page.goto(`${site.url}${calculator.path}`);
  await page.locator('.add-to-project input').fill('12');
  await page.locator('.add-to-project .add-to-project__button').click();
  const dialog = page.getByRole('dialog', { name: 'Add to project' });
  await dialog.waitFor();
  expect(await dialog.getByLabel('Quantity').inputValue()).toBe('12');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await waitForAdded(dialog, `12 × ${calculatorSku} added to ${projectName}`);
  await dialog.getByRole('link', { name: 'View project' }).click();

  // The project page: three lines; the family line's quantity changed in place (validated first).
  await page.waitForURL(`${site.url}/projects/${encodeURIComponent(projectId)}`);
  const lines = page.locator('.project__lines tbody tr');
  await lines.nth(2).waitFor();
  expect(await lines.count()).toBe(3);
  const familyLine = page.locator(`.project__lines tr[data-line="${familySku}"]`);
  expect(await familyLine.locator('a').getAttribute('href')).toBe(
    `/product/${encodeURIComponent(familySku)}`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await familyLine.getByRole('button', { name: /^Change the quantity of / }).click();
  const quantity = familyLine.getByRole('textbox');
  await quantity.fill('0');
  await familyLine.getByRole('button', { name: 'Save' }).click();
  await familyLine.getByText('Enter a whole number from 1 to 999999.').waitFor();
  await quantity.fill('7');
  await familyLine.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'The quantity was changed.' }).waitFor();
  await familyLine.locator('.project__quantity-value', { hasText: '7' }).waitFor();

  // Submit for quote, confirmed in a dialog.
  await page.getByRole('button', { name: 'Submit for quote', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit for quote?' });
  await confirm.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Submit for quote', exact: true }).click();
  await page.locator('[data-status="submitted"]').waitFor();
  expect(await page.locator('[data-status="submitted"]').innerText()).toMatch(
    /^Submitted \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
  );
  // Read-only: no quantity, packaging, removal or brand controls; no delete or submit.
  expect(await page.locator('.project__lines button, .project__lines select, .project__brand').count()).toBe(
    0,
  );
  expect(await page.getByRole('button', { name: 'Submit for quote', exact: true }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delete project' }).count()).toBe(0);
  await page.getByText('This project has been submitted for a quote', { exact: false }).waitFor();

  // Under Submitted on the projects page, with its date; no longer under Unsubmitted.
  await page.goto(`${site.url}/projects`);
  await page.getByRole('tab', { name: 'Submitted', exact: true }).click();
  const listed = page.locator('.projects__table tbody tr', { hasText: projectName });
  await listed.waitFor();
  expect(await listed.locator('td').nth(2).innerText()).toBe('3');
  expect(await listed.locator('td').nth(3).innerText()).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M$/);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Unsubmitted', exact: true }).click();
  await page.locator('.projects__panel').filter({ hasNotText: projectName }).waitFor();

  const events = JSON.parse(
    (await page.evaluate(() => sessionStorage.getItem('e2e-add-events'))) ?? '[]',
  ) as JourneyResult['events'];
  return {
    context,
    page,
    username,
    token,
    projectId,
    projectName,
    lines: [
      { productId: familySku, quantity: 7, source: 'sku-table' },
      { productId: productSku, quantity: 2, source: 'product-page' },
      { productId: calculatorSku, quantity: 12, source: 'calculator' },
    ],
    events,
  };
}
