import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * The conduit fill and strut span calculators in a browser: good and bad input in imperial (en-US) and
 * metric (de-EU) units, the form without JavaScript, the product a result proposes and "add to project"
 * logged out and logged in, the calculator on a family page, and accessibility. Messages are read from the
 * content service, not written here.
 */

describe('calculators', () => {
  const data = temporaryDataDir('e2e-calculators');
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '3000' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  /** The texts of a calculator in a locale, by key, with {placeholders} filled in. */
  async function texts(
    language: string,
    id: string,
  ): Promise<(key: string, values?: Record<string, string | number>) => string> {
    const response = await fetch(`${site.url}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'query($l: String!, $id: String!) { calculator(language: $l, id: $id) { texts { key text } } }',
        variables: { l: language, id },
      }),
    });
    const answer = (await response.json()) as {
      data: { calculator: { texts: { key: string; text: string }[] } };
    };
    const byKey = new Map(answer.data.calculator.texts.map((t) => [t.key, t.text]));
    return (key, values = {}) =>
      (byKey.get(key) ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
        values[name] === undefined ? whole : String(values[name]),
      );
  }

  /** Whether the regional catalog sells a product (the commerce service, as an anonymous shopper). */
  async function sold(catalogId: string, productId: string): Promise<boolean> {
    const tokenResponse = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `client_id=storefront-${catalogId}&grant_type=client_credentials&scope=Shopper`,
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const response = await fetch(`${site.url}/ordercloud/v1/me/products/${encodeURIComponent(productId)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return response.status === 200;
  }

  const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`).innerText();
  const normalise = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('computes conduit fill for several conductor sizes in en-US and proposes the smallest conduit that passes', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/calculators`);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('main a[href="/calculators/conduit-fill"]').first().click();
    await page.waitForURL(`${site.url}/calculators/conduit-fill`);
    await page.locator('select[name="type"]').selectOption('emt');
    await page.locator('select[name="size"]').selectOption('1-2-in');
    await page.locator('select[name="c1"]').selectOption('thhn-10');
    await page.locator('input[name="n1"]').fill('6');
    await page.getByRole('button', { name: (await texts('en-US', 'conduit-fill'))('addRow') }).click();
    await page.locator('select[name="c2"]').selectOption('thhn-12');
    await page.locator('input[name="n2"]').fill('4');
    await page.getByRole('button', { name: 'Calculate' }).click();
    // 6 × 0.0211 + 4 × 0.0133 = 0.1798 in² in 1/2 in EMT (0.3039 in²): 59.2 %, above 40 % for 10 conductors;
    // 3/4 in EMT (0.5333 in²) takes it at 33.7 %.
    await page.locator('[data-result="conduit-fill"]').waitFor();
    expect(await figure(page, 'conductors')).toBe('10');
    expect(normalise(await figure(page, 'total-area'))).toBe('0.1798 in²');
    expect(normalise(await figure(page, 'conduit-area'))).toBe('0.3039 in²');
    expect(await figure(page, 'fill')).toBe('59.2%');
    expect(await figure(page, 'limit')).toBe('40%');
    expect(await page.locator('[data-verdict]').getAttribute('data-verdict')).toBe('fail');
    const sku = await page.locator('.calculator__product strong[data-sku]').innerText();
    expect(sku).toMatch(/^EMT-075-/);
    expect(await sold('catalog-us', sku)).toBe(true);
    expect(await page.locator('.calculator__product').innerText()).toContain('33.7%');
    // The inputs are in the URL: the same address computes the same result on the server.
    expect(page.url()).toContain('type=emt&size=1-2-in&c1=thhn-10&n1=6&c2=thhn-12&n2=4');
    expect(await axeViolations(page)).toEqual([]);
    const shared = await browser.newPage();
    await shared.goto(page.url());
    expect(await shared.locator('[data-figure="fill"]').innerText()).toBe('59.2%');
    expect(await shared.locator('.calculator__product strong[data-sku]').innerText()).toBe(sku);
    await shared.close();
    await page.close();
  });

  it('refuses bad conduit fill input with clear messages and computes nothing', async () => {
    const t = await texts('en-US', 'conduit-fill');
    const page = await browser.newPage();
    await page.goto(`${site.url}/calculators/conduit-fill`);
    await page.locator('input[name="n1"]').fill('three');
    await page.getByRole('button', { name: t('addRow') }).click();
    await page.locator('select[name="c2"]').selectOption('custom');
    await page.locator('input[name="n2"]').fill('2');
    await page.locator('input[name="d2"]').fill('-0.2');
    await page.getByRole('button', { name: 'Calculate' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please correct the following' });
    await alert.waitFor();
    expect((await alert.locator('li').allInnerTexts()).map(normalise)).toEqual([
      t('countInvalid', { row: 1, max: 100 }),
      t('diameterInvalid', { row: 2, max: '3.937 in' }),
    ]);
    expect(await page.locator('[data-result]').count()).toBe(0);
    expect(await page.locator('input[name="n1"]').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    // No conductors at all, and a conductor thicker than the conduit.
    await page.getByRole('button', { name: t('removeRow', { row: 2 }) }).click();
    await page.locator('input[name="n1"]').fill('');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('noConductors') })
      .waitFor();
    await page.locator('select[name="c1"]').selectOption('thhn-4-0');
    await page.locator('input[name="n1"]').fill('1');
    await page.locator('select[name="size"]').selectOption('1-2-in');
    await page.getByRole('button', { name: 'Calculate' }).click();
    const tooLarge = normalise(t('conductorTooLarge', { row: 1, diameter: '0.642 in', inside: '0.622 in' }));
    const message = page.getByRole('alert').locator('li');
    await message.filter({ hasText: 'not smaller' }).waitFor();
    expect(normalise(await message.innerText())).toBe(tooLarge);
    expect(await page.locator('[data-result]').count()).toBe(0);
    await page.close();
  });

  it('works without JavaScript: the GET form is computed on the server, with an empty row to add a size', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/calculators/conduit-fill`);
    await page.locator('select[name="c1"]').selectOption('thhn-12');
    await page.locator('input[name="n1"]').fill('3');
    await page.locator('select[name="c2"]').selectOption('thhn-14');
    await page.locator('input[name="n2"]').fill('2');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.waitForURL(/n2=2/);
    // 3 × 0.0133 + 2 × 0.0097 = 0.0593 in² in 1/2 in EMT: 19.5 %.
    expect(await figure(page, 'fill')).toBe('19.5%');
    expect(await page.locator('[data-verdict]').getAttribute('data-verdict')).toBe('pass');
    expect(await page.locator('input[name="n3"]').inputValue()).toBe('');
    await page.locator('input[name="n1"]').fill('0');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.waitForURL(/n1=0/);
    expect(await page.getByRole('alert').innerText()).toContain(
      (await texts('en-US', 'conduit-fill'))('countInvalid', { row: 1, max: 100 }),
    );
    expect(await page.locator('[data-result]').count()).toBe(0);
    await context.close();
  });

  it('checks a strut span in imperial units: fails with the reason, proposes the lightest channel that carries it', async () => {
    const t = await texts('en-US', 'strut-span');
    const page = await browser.newPage();
    await page.goto(`${site.url}/calculators/strut-span`);
    expect(await page.getByLabel(t('span', { unit: 'ft' })).count()).toBe(1);
    await page.locator('select[name="profile"]').selectOption('solid-41x41-12');
    await page.locator('input[name="span"]').fill('10');
    await page.locator('input[name="kind"][value="uniform"]').check();
    await page.locator('input[name="load"]').fill('25');
    await page.locator('select[name="limit"]').selectOption('240');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.locator('[data-result="strut-span"]').waitFor();
    // w = 25 + 1.89 lb/ft over 10 ft: M = 336 lb·ft, σ = M/S = 19,968 psi (< 25,000), Δ = 1.109 in > L/240 = 0.5 in.
    expect(normalise(await figure(page, 'moment'))).toBe('336 lb·ft');
    expect(normalise(await figure(page, 'stress'))).toMatch(/^19,9[67]\d psi$/);
    expect(normalise(await figure(page, 'allowable-stress'))).toBe('25,000 psi');
    expect(normalise(await figure(page, 'deflection'))).toBe('1.109 in');
    expect(await page.locator('[data-verdict]').getAttribute('data-verdict')).toBe('fail');
    expect(normalise(await page.locator('[data-verdict] li').innerText())).toBe(
      normalise(t('deflectionExceeded', { deflection: '1.109 in', ratio: 240, limit: '0.5 in' })),
    );
    const sku = await page.locator('.calculator__product strong[data-sku]').innerText();
    expect(sku).toMatch(/^(SC|SLC)-4162-/);
    expect(await sold('catalog-us', sku)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // A point load the channel carries.
    await page.locator('input[name="kind"][value="point"]').check();
    await page.locator('input[name="load"]').fill('50');
    await page.locator('select[name="limit"]').selectOption('180');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.locator('[data-verdict="pass"]').waitFor();
    expect(page.url()).toContain('kind=point&load=50&limit=180');
    // The units toggle converts what was typed and the result.
    await page.locator('.unit-toggle').getByRole('button', { name: 'Metric' }).click();
    await page.getByLabel(t('span', { unit: 'm' })).waitFor();
    expect(await page.locator('input[name="span"]').inputValue()).toBe('3.048');
    expect(await page.getByLabel(t('pointLoad', { unit: 'kg' })).inputValue()).toBe('22.68');
    expect(normalise(await figure(page, 'allowable-stress'))).toBe('172.4 MPa');
    expect(await page.locator('[data-verdict]').getAttribute('data-verdict')).toBe('pass');
    await page.close();
  });

  it('refuses impossible strut values with clear messages and computes nothing', async () => {
    const t = await texts('en-US', 'strut-span');
    const page = await browser.newPage();
    await page.goto(`${site.url}/calculators/strut-span`);
    await page.locator('input[name="span"]').fill('0');
    await page.locator('input[name="load"]').fill('heavy');
    await page.getByRole('button', { name: 'Calculate' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please correct the following' });
    await alert.waitFor();
    expect((await alert.locator('li').allInnerTexts()).map(normalise)).toEqual([
      normalise(t('spanInvalid', { max: '20 ft' })),
      normalise(t('loadInvalid', { max: '6,719.7 lb/ft' })),
    ]);
    expect(await page.locator('[data-result]').count()).toBe(0);
    expect(await page.locator('input[name="load"]').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    // Each message leads to its field.
    await alert.getByRole('link').nth(1).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('load');
    // Beyond the longest channel: refused; an impossible load: computed, and failing with its reason.
    await page.locator('input[name="span"]').fill('25');
    await page.locator('input[name="load"]').fill('10');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await alert.filter({ hasText: '20' }).waitFor();
    await page.locator('input[name="span"]').fill('20');
    await page.locator('input[name="load"]').fill('2000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.locator('[data-verdict="fail"]').waitFor();
    expect(await page.locator('[data-verdict] li').first().innerText()).toMatch(/bending stress/i);
    expect(await page.locator('[data-none]').innerText()).toBe(t('noneCarries'));
    await page.close();
  });

  it('calculates in metric units in de-EU', async () => {
    const strut = await texts('de-EU', 'strut-span');
    const page = await browser.newPage();
    await page.goto(`${site.url}/de-eu/calculators/strut-span`);
    expect(await page.getByLabel(strut('span', { unit: 'm' })).count()).toBe(1);
    expect(await page.getByLabel(strut('uniformLoad', { unit: 'kg/m' })).count()).toBe(1);
    await page.locator('select[name="profile"]').selectOption('solid-41x41-12');
    await page.locator('input[name="span"]').fill('1,5');
    await page.locator('input[name="load"]').fill('50');
    await page.getByRole('button', { name: 'Berechnen' }).click();
    await page.locator('[data-result="strut-span"]').waitFor();
    expect(normalise(await figure(page, 'stress'))).toMatch(/^\d+(,\d)? MPa$/);
    expect(normalise(await figure(page, 'allowable-stress'))).toBe('172,4 MPa');
    expect(normalise(await figure(page, 'deflection'))).toMatch(/^\d+(,\d)? mm$/);
    expect(normalise(await figure(page, 'moment'))).toMatch(/^\d+ N·m$/);
    expect(await page.locator('[data-verdict]').getAttribute('data-verdict')).toBe('pass');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${site.url}/de-eu/calculators/conduit-fill`);
    // Metric conductors first, metric conduit of the European catalog.
    expect(await page.locator('select[name="c1"]').inputValue()).toBe('h07v-2-5');
    await page.locator('select[name="size"]').selectOption('20-mm');
    await page.locator('input[name="n1"]').fill('3');
    await page.getByRole('button', { name: 'Berechnen' }).click();
    await page.locator('[data-result="conduit-fill"]').waitFor();
    // 3 × π/4 × 4.0² = 37.7 mm² in π/4 × 16.9² = 224.3 mm²: 16.8 %; 16 mm (136.8 mm²) takes it at 27.6 %.
    expect(normalise(await figure(page, 'total-area'))).toBe('37,7 mm²');
    expect(normalise(await figure(page, 'fill'))).toBe('16,8 %');
    const sku = await page.locator('.calculator__product strong[data-sku]').innerText();
    expect(sku).toMatch(/^MRC-(.+-)?16-/);
    expect(await sold('catalog-eu', sku)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('asks a visitor to log in before adding to a project, and opens the project dialog for a buyer', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(
      `${site.url}/calculators/conduit-fill?units=imperial&type=emt&size=1-2-in&c1=thhn-12&n1=3`,
    );
    const sku = await page.locator('.calculator__product strong[data-sku]').innerText();
    await page.getByRole('button', { name: `Add to project: ${sku}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to use projects' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The product waits in productPersist for the projects page (after logging in).
    await page.waitForFunction(() => window.localStorage.getItem('productPersist') !== null);
    expect(
      JSON.parse((await page.evaluate(() => window.localStorage.getItem('productPersist'))) ?? '{}'),
    ).toEqual({
      state: { pendingProjectItems: [{ productId: sku, quantity: 1, source: 'calculator' }] },
      version: 0,
    });

    const tokenResponse = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username: 'engineer',
        password: 'Buyer#2026',
        scope: 'Shopper',
      }).toString(),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    await context.addCookies([{ name: 'UserToken', value: token, url: site.url }]);
    await page.reload();
    await page.locator('.add-to-project input').fill('0');
    await page.getByRole('button', { name: `Add to project: ${sku}` }).click();
    await page.getByText('Enter a whole number from 1 to 999999.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('.add-to-project input').fill('12');
    await page.getByRole('button', { name: `Add to project: ${sku}` }).click();
    const projectDialog = page.getByRole('dialog', { name: 'Add to project' });
    await projectDialog.waitFor();
    expect(await projectDialog.getByLabel('Quantity').inputValue()).toBe('12');
    await projectDialog.getByRole('radio', { name: 'New project' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await projectDialog.getByRole('button', { name: 'Cancel' }).click();
    await projectDialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the calculator on the families it belongs to', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/products/conduit-fittings/metallic-conduit/emt-conduit`);
    const section = page.locator('section.family__calculators');
    expect(await section.locator('h3').innerText()).toBe('Conduit fill calculator');
    await section.locator('input[name="n1"]').fill('4');
    await section.getByRole('button', { name: 'Calculate' }).click();
    await section.locator('[data-result="conduit-fill"]').waitFor();
    expect(page.url()).toBe(`${site.url}/products/conduit-fittings/metallic-conduit/emt-conduit`);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${site.url}/products/strut-framing/strut-channel/solid-channel`);
    expect(await page.locator('section.family__calculators h3').innerText()).toBe(
      'Strut span and load calculator',
    );
    await page.goto(`${site.url}/products/cable-tray`);
    expect(await page.locator('section.family__calculators').count()).toBe(0);
    await page.close();
  });
});
