import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, BrowserContext, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { imageLoaded, wireAnswer } from './harness/drawings';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * Product (SKU) pages in a browser: reached from a family's SKU table in en-US and de-EU, their head,
 * specifications, tabs, related SKUs and master specification, the spec sheet PDF, CAD/BIM/master-spec
 * files and the prefab tool for a logged-in user and the login prompt for a visitor, the 404 page and
 * accessibility. Expected texts are read from the content and commerce services, never written here.
 */

interface RouteItem {
  path: string;
  kind: string;
}

interface Pcm {
  productNumber: string;
  productName: string;
  productMarketingMessage: string;
}

interface Tab {
  id: string;
  label: string;
}

interface DictionaryAnswer {
  dictionary: {
    pageInfo: { endCursor: string | null; hasNext: boolean };
    results: { key: string; phrase: string }[];
  };
}

interface BuyerProduct {
  ID: string;
  xp: { CategoryID: string; Downloads: { kind: string }[]; Regions: string[]; MadeToOrder: boolean };
}

describe('product pages', () => {
  const data = temporaryDataDir('e2e-product-pages');
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

  async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${site.url}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await response.json()) as { data: T };
    return answer.data;
  }

  async function firstRoute(language: string, kind: string): Promise<string> {
    const { routes } = await graphql<{ routes: { results: RouteItem[] } }>(
      'query($l: String!) { routes(language: $l, limit: 100) { results { path kind } } }',
      { l: language },
    );
    const route = routes.results.find((r) => r.kind === kind);
    if (!route) throw new Error(`no ${kind} route in ${language}`);
    return route.path;
  }

  async function phrase(language: string, key: string): Promise<string> {
    let endCursor: string | null = null;
    for (;;) {
      const answer: DictionaryAnswer = await graphql<DictionaryAnswer>(
        'query($l: String!, $c: String) { dictionary(language: $l, limit: 100, endCursor: $c) { pageInfo { endCursor hasNext } results { key phrase } } }',
        { l: language, c: endCursor },
      );
      const { dictionary } = answer;
      const found = dictionary.results.find((entry) => entry.key === key);
      if (found) return found.phrase;
      if (!dictionary.pageInfo.hasNext) throw new Error(`no ${key} in ${language}`);
      endCursor = dictionary.pageInfo.endCursor;
    }
  }

  async function pcm(language: string, id: string): Promise<Pcm> {
    const { allM_PCM_Product } = await graphql<{ allM_PCM_Product: { results: Pcm[] } }>(
      'query($ids: [String!], $l: String) { allM_PCM_Product(where: { productNumber_in: $ids }, locale: $l) { results { productNumber productName productMarketingMessage } } }',
      { ids: [id], l: language },
    );
    const item = allM_PCM_Product.results[0];
    if (!item) throw new Error(`no PCM for ${id} in ${language}`);
    return item;
  }

  async function token(body: Record<string, string>): Promise<string> {
    const response = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const answer = (await response.json()) as { access_token?: string };
    if (!answer.access_token) throw new Error(`no token: ${JSON.stringify(answer)}`);
    return answer.access_token;
  }

  /** A buyer user's token (identities.yaml; by default the verified PreFab3DUser of ACME-US). */
  const userToken = (username = 'prefab') =>
    token({ client_id: 'storefront', grant_type: 'password', username, password: 'Buyer#2026' });

  /** Products of a regional catalog as its anonymous shopper sees them. */
  async function catalogProducts(catalogId: string, query = ''): Promise<BuyerProduct[]> {
    const anonymous = await token({
      client_id: `storefront-${catalogId}`,
      grant_type: 'client_credentials',
      scope: 'Shopper',
    });
    const response = await fetch(
      `${site.url}/ordercloud/v1/me/products?catalogID=${catalogId}&pageSize=100${query}`,
      { headers: { authorization: `Bearer ${anonymous}` } },
    );
    return ((await response.json()) as { Items: BuyerProduct[] }).Items;
  }

  async function pdfText(bytes: Buffer): Promise<string> {
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }

  async function downloaded(download: Download): Promise<Buffer> {
    const path = await download.path();
    return readFile(path);
  }

  async function setUserToken(context: BrowserContext, username = 'prefab'): Promise<void> {
    await context.addCookies([{ name: 'UserToken', value: await userToken(username), url: site.url }]);
  }

  for (const locale of [
    { code: 'en-US', prefix: '', segment: 'en-us' },
    { code: 'de-EU', prefix: '/de-eu', segment: 'de-eu' },
  ]) {
    it(`opens a product from its family's SKU table in ${locale.code} and downloads its spec sheet`, async () => {
      const family = await firstRoute(locale.code, 'family');
      const page = await browser.newPage();
      await page.goto(`${site.url}${locale.prefix}${family}`);
      const link = page.locator('.sku-table tbody td.sku-table__number a').first();
      const id = await link.innerText();
      // The family's illustration: the drawing of its first SKU, named in the page's language.
      const illustration = page.locator('.family__drawing');
      const familyAltStart = (await phrase(locale.code, 'drawing.familyAlt')).split('{id}')[0] ?? '';
      expect(await illustration.getAttribute('alt')).toContain(familyAltStart);
      await expect.poll(() => imageLoaded(illustration)).toBe(true);
      // The row's thumbnail of the product's drawing, decorative inside the link the number names.
      const thumb = link.locator('img');
      expect(await thumb.getAttribute('src')).toMatch(
        new RegExp(`^/api/drawings/${locale.segment}/${id}/thumb\\.svg\\?v=[\\w-]+$`),
      );
      expect(await thumb.getAttribute('alt')).toBe('');
      expect([await thumb.getAttribute('width'), await thumb.getAttribute('height')]).toEqual(['64', '32']);
      await expect.poll(() => imageLoaded(thumb)).toBe(true);
      await link.click();
      await page.waitForURL(`${site.url}${locale.prefix}/product/${id}`);

      // Head and heading: name and description from the product's marketing content (spec §2).
      const marketing = await pcm(locale.code, id);
      expect(await page.locator('h1').innerText()).toBe(marketing.productName);
      // Next sets the title after the client-side navigation's content: wait for it, don't sample it.
      await expect
        .poll(() => page.title())
        .toMatch(new RegExp(`^${marketing.productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
      // After a client-side navigation Next swaps the head's metadata in: the family page's description
      // may still be there for a moment.
      await expect.poll(() => page.locator('meta[name="description"]').count()).toBe(1);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        marketing.productMarketingMessage,
      );
      expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toBe(marketing.productName);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${site.url}${locale.prefix}/product/${id}`,
      );
      expect(await page.locator('.product__number').innerText()).toContain(id);
      // Breadcrumbs lead back to the family; the product is the current item.
      expect(await page.locator(`nav.breadcrumbs a[href="${locale.prefix}${family}"]`).count()).toBe(1);
      expect(await page.locator('nav.breadcrumbs [aria-current="page"]').innerText()).toBe(
        marketing.productName,
      );

      // Specifications, with the catalogue number; the family's tables from the content service.
      expect(
        await page.locator('#product-specifications-table [data-spec="catalogueNumber"] td').innerText(),
      ).toBe(id);
      expect(await page.locator('#product-specifications-table tbody tr').count()).toBeGreaterThan(4);
      expect(await page.locator('table[data-table="specifications"]').count()).toBe(1);

      // The family's tabs, in order, as in-page links to their sections.
      const familyId = family.split('/').slice(2, 5).join('.');
      // One source for both counts: the series summary says what the family (level 3) page lists.
      const familyPage = `${site.url}${locale.prefix}/products/${family.split('/').slice(2, 5).join('/')}`;
      const listed = /class="family__count"[^>]*>(?:<!-- -->)?([^<]+)/.exec(
        await (await fetch(familyPage)).text(),
      );
      const summary = page.locator('table[data-table="specifications"] tbody tr').first().locator('td');
      expect((await summary.innerText()).replace(/\D/g, '')).toBe(listed?.[1]?.replace(/\D/g, ''));
      const { tabs } = await graphql<{ tabs: { results: Tab[] } }>(
        'query($l: String!, $f: String) { tabs(language: $l, family: $f) { results { id label } } }',
        { l: locale.code, f: familyId },
      );
      const sectionLinks = page.locator('nav.product__sections a');
      expect(await sectionLinks.allInnerTexts()).toEqual(tabs.results.map((tab) => tab.label));
      for (const tab of tabs.results) {
        expect(await page.locator(`section#tab-${tab.id} h2`).innerText()).toBe(tab.label);
      }
      await sectionLinks.nth(1).click();
      await page.waitForURL(/#tab-/);

      // Related SKUs of the same series, each linked to its own page.
      const related = page.locator('.related-products a');
      const relatedCount = await related.count();
      expect(relatedCount).toBeGreaterThan(0);
      expect(relatedCount).toBeLessThanOrEqual(8);
      for (const href of await related.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
        expect(href).toMatch(new RegExp(`^${locale.prefix}/product/[A-Za-z0-9_-]+$`));
        expect(href).not.toBe(`${locale.prefix}/product/${id}`);
      }

      // The dimensioned drawing, large, in the locale's unit system (no choice made), its size set so it
      // shifts nothing, its text alternative in the page's language; the related cards show thumbnails.
      const system = locale.code === 'en-US' ? 'imperial' : 'metric';
      const drawing = page.locator('.product__drawing img:visible');
      expect(await drawing.count()).toBe(1);
      const drawingSrc = (await drawing.getAttribute('src')) ?? '';
      expect(drawingSrc).toMatch(new RegExp(`^/api/drawings/${locale.segment}/${id}/${system}\\.svg\\?v=`));
      expect([await drawing.getAttribute('width'), await drawing.getAttribute('height')]).toEqual([
        '480',
        '240',
      ]);
      const altStart = (await phrase(locale.code, 'drawing.alt')).split('{name}')[0] ?? '';
      expect(await drawing.getAttribute('alt')).toContain(`${altStart}${marketing.productName}`);
      await expect.poll(() => imageLoaded(drawing)).toBe(true);
      await page.locator('.related-products img').first().scrollIntoViewIfNeeded();
      await expect.poll(() => imageLoaded(page.locator('.related-products img').first())).toBe(true);
      // Cached: a versioned URL for a year, an ETag answered with 304; compressed under 5 KB.
      const answer = await wireAnswer(`${site.url}${drawingSrc}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-encoding']).toMatch(/^(br|gzip)$/);
      expect(answer.bytes.length).toBeLessThan(5 * 1024);
      const etag = String(answer.headers.etag);
      const again = await wireAnswer(`${site.url}${drawingSrc}`, { 'if-none-match': etag });
      expect(again.status).toBe(304);

      // The toolbar and the master-specifications table.
      expect(await page.locator('#bim-toolbar-button').getAttribute('type')).toBe('button');
      expect(await page.getByRole('button', { name: /BIM/ }).count()).toBe(1);
      const masterSpec = await phrase(locale.code, 'product.toolbar.masterSpec');
      expect(await page.getByRole('button', { name: masterSpec }).count()).toBe(1);
      const prefab = await phrase(locale.code, 'product.toolbar.prefab');
      expect(await page.getByRole('button', { name: prefab }).getAttribute('id')).toBe(
        'prefab-toolbar-button',
      );
      expect(
        await page.locator('#master-specifications-table [data-spec="catalogueNumber"] td').innerText(),
      ).toBe(id);

      expect(await axeViolations(page)).toEqual([]);

      // The spec sheet: a real PDF in the page's language with the catalogue number.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-file="spec-sheet.pdf"] a').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${id}-spec-sheet-${locale.segment}.pdf`);
      const bytes = await downloaded(download);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Long names wrap in the PDF: compare with the spacing normalised.
      const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
      expect(text).toContain(id);
      expect(text).toContain(await phrase(locale.code, 'product.specSheet'));
      expect(text).toContain(marketing.productName);
      // The brand mark and the dimensioned drawing, tagged figures named in the page's language.
      expect(text).toContain(await phrase(locale.code, 'drawing.heading'));
      const figures = bytes.toString('latin1').match(/\/S \/Figure\b/g) ?? [];
      expect(figures).toHaveLength(2);
      expect(bytes.toString('latin1')).toMatch(/\/Alt \(Northfield Infrastructure Products\)/);
      await page.close();
    });
  }

  it('shows the drawing of the unit system the visitor chose, from the first paint, and downloads only that one', async () => {
    const [product] = await catalogProducts('catalog-us');
    if (!product) throw new Error('no US product');
    const context = await browser.newContext();
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/drawings/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`${site.url}/product/${product.ID}`);
    const visible = page.locator('.product__drawing img:visible');
    expect(await visible.getAttribute('src')).toContain('/imperial.svg');
    await expect.poll(() => imageLoaded(visible)).toBe(true);
    expect(asked.filter((path) => path.endsWith('/metric.svg'))).toEqual([]);
    // The toggle switches the drawing at once; a reload shows the choice before any framework script.
    await page.getByRole('button', { name: 'Metric' }).click();
    await expect.poll(async () => (await visible.getAttribute('src')) ?? '').toContain('/metric.svg');
    await expect.poll(() => imageLoaded(visible)).toBe(true);
    const html = await (
      await fetch(`${site.url}/product/${product.ID}`, { headers: { cookie: 'unit_system=metric' } })
    ).text();
    expect(html).toContain('document.documentElement.dataset.units');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.units)).toBe('metric');
    expect(await visible.getAttribute('src')).toContain('/metric.svg');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  /** A US product with BIM files (its family offers them), and a made-to-order one. */
  async function usProducts(): Promise<{ bim: BuyerProduct; madeToOrder: BuyerProduct }> {
    const bim = (await catalogProducts('catalog-us')).find((p) =>
      p.xp.Downloads.some((d) => d.kind === 'bim'),
    );
    const [madeToOrder] = await catalogProducts('catalog-us', '&xp.MadeToOrder=true');
    if (!bim || !madeToOrder) throw new Error('the US catalog has no BIM or no made-to-order product');
    return { bim, madeToOrder };
  }

  it('gives a visitor the login prompt instead of CAD, BIM, master spec and prefab, and the server refuses the files', async () => {
    const { bim } = await usProducts();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/product/${bim.ID}`);
    const title = await phrase('en-US', 'loginPrompt.title');
    for (const open of [
      () => page.locator('[data-file="cad.dxf"] a').click(),
      () => page.locator('#bim-toolbar-button').click(),
      () => page.getByRole('button', { name: /Master spec/ }).click(),
      () => page.locator('#prefab-toolbar-button').click(),
    ]) {
      await open();
      // The prompt's code loads at the first click (auth/lazy-login-prompt.tsx).
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      expect(
        await dialog
          .getByRole('link', { name: await phrase('en-US', 'loginPrompt.login') })
          .getAttribute('href'),
      ).toBe(`/login?redirectURI=${encodeURIComponent(`/product/${bim.ID}`)}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    expect(context.pages()).toHaveLength(1);
    for (const file of ['cad.dxf', 'bim.ifc', 'master-spec.docx']) {
      const response = await fetch(`${site.url}/api/product-files/en-us/${bim.ID}/${file}`);
      expect(response.status, file).toBe(401);
      const forged = await fetch(`${site.url}/api/product-files/en-us/${bim.ID}/${file}`, {
        headers: { cookie: 'UserToken=eyJhbGciOiJub25lIn0.eyJleHAiOjQxMDI0NDQ4MDB9.x' },
      });
      expect(forged.status, file).toBe(401);
    }
    await context.close();
  });

  it('lets a logged-in user download CAD, BIM and the master spec and open the prefab tool', async () => {
    const { bim, madeToOrder } = await usProducts();
    const context = await browser.newContext();
    await setUserToken(context);
    const page = await context.newPage();
    await page.goto(`${site.url}/product/${bim.ID}`);

    const [cad] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-file="cad.dxf"] a').click(),
    ]);
    expect(cad.suggestedFilename()).toBe(`${bim.ID}-cad-en-us.dxf`);
    const dxf = (await downloaded(cad)).toString('latin1');
    expect(dxf.startsWith('  0\r\nSECTION\r\n  2\r\nHEADER')).toBe(true);
    expect(dxf).toContain(bim.ID);
    expect(dxf.trimEnd().endsWith('EOF')).toBe(true);

    const [model] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#bim-toolbar-button').click(),
    ]);
    expect(model.suggestedFilename()).toBe(`${bim.ID}-bim-en-us.ifc`);
    const ifc = (await downloaded(model)).toString('utf8');
    expect(ifc.startsWith('ISO-10303-21;')).toBe(true);
    expect(ifc).toMatch(/IFCPROJECT\(/);
    expect(ifc).toContain(`IFCIDENTIFIER('${bim.ID}')`);

    const [spec] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Master spec/ }).click(),
    ]);
    expect(spec.suggestedFilename()).toBe(`${bim.ID}-master-spec-en-us.docx`);
    expect((await downloaded(spec)).subarray(0, 2).toString('latin1')).toBe('PK');

    const [prefab] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('#prefab-toolbar-button').click(),
    ]);
    await prefab.waitForLoadState();
    expect(prefab.url()).toBe(`${site.url}/product/${bim.ID}/prefab`);
    expect(await prefab.locator('h1').innerText()).toContain((await pcm('en-US', bim.ID)).productName);
    expect(await axeViolations(prefab)).toEqual([]);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A made-to-order SKU says so, with the region's lead time from the content service.
    const { madeToOrderLabels } = await graphql<{ madeToOrderLabels: { badge: string; leadTime: string } }>(
      '{ madeToOrderLabels(language: "en-US") { badge leadTime } }',
    );
    await page.goto(`${site.url}/product/${madeToOrder.ID}`);
    const note = await page.locator('.product__made-to-order').innerText();
    expect(note).toContain(madeToOrderLabels.badge);
    expect(note).toContain(madeToOrderLabels.leadTime);
    await context.close();
  });

  it('disables the BIM button and link of a product without BIM files', async () => {
    const withoutBim = (await catalogProducts('catalog-us')).find((p) =>
      p.xp.Downloads.every((d) => d.kind !== 'bim'),
    );
    if (!withoutBim) throw new Error('every US product has BIM files');
    const page = await browser.newPage();
    await page.goto(`${site.url}/product/${withoutBim.ID}`);
    expect(await page.locator('#bim-toolbar-button').isDisabled()).toBe(true);
    expect(await page.locator('[data-file="bim.ifc"] a').count()).toBe(0);
    expect(await page.locator('[data-file="bim.ifc"] [aria-disabled="true"]').count()).toBe(1);
    const response = await fetch(`${site.url}/api/product-files/en-us/${withoutBim.ID}/bim.ifc`);
    expect(response.status).toBe(404);
    await page.close();
  });

  it('answers an unknown product, or one of another region, with a 404 page in the shell with a search box', async () => {
    const usOnly = (await catalogProducts('catalog-us')).find((p) => !p.xp.Regions.includes('EU'));
    if (!usOnly) throw new Error('no US-only product');
    for (const path of [
      '/product/NO-SUCH-SKU',
      '/product/%21EMT*',
      '/product/%E0%A4%A',
      `/de-eu/product/${usOnly.ID}`,
      '/product/NO-SUCH-SKU/prefab',
    ]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('class="site-header"');
      expect(html, path).toMatch(
        /<input[^>]*id="not-found-search"[^>]*type="search"|<input[^>]*type="search"[^>]*id="not-found-search"/,
      );
    }
    for (const file of ['spec-sheet.pdf', 'cad.dxf']) {
      expect((await fetch(`${site.url}/api/product-files/en-us/NO-SUCH-SKU/${file}`)).status).toBe(404);
      expect((await fetch(`${site.url}/api/product-files/de-eu/${usOnly.ID}/${file}`)).status).toBe(404);
    }
    expect((await fetch(`${site.url}/api/product-files/en-us/${usOnly.ID}/other.exe`)).status).toBe(404);
    expect((await fetch(`${site.url}/api/product-files/xx-yy/${usOnly.ID}/spec-sheet.pdf`)).status).toBe(404);

    const page = await browser.newPage();
    const response = await page.goto(`${site.url}/de-eu/product/NO-SUCH-SKU`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe(await phrase('de-EU', 'notFound.title'));
    const search = page.getByRole('search', { name: await phrase('de-EU', 'notFound.search') });
    await search.getByRole('searchbox').fill('EMT');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('opens the prefab tool exactly for the roles of spec §6 and explains the refusal to the others', async () => {
    const { bim } = await usProducts();
    const verifyTitle = await phrase('en-US', 'roleModal.verifyTitle');
    const notPermittedTitle = await phrase('en-US', 'roleModal.notPermittedTitle');
    const loginTitle = await phrase('en-US', 'loginPrompt.title');
    const cases = [
      { who: null, dialog: loginTitle },
      { who: 'employee', dialog: null },
      { who: 'prefab', dialog: null },
      { who: 'engineer', dialog: notPermittedTitle },
      { who: 'newbie', dialog: verifyTitle },
    ] as const;
    for (const { who, dialog } of cases) {
      const context = await browser.newContext();
      if (who) await setUserToken(context, who);
      const page = await context.newPage();
      await page.goto(`${site.url}/product/${bim.ID}`);
      const button = page.locator('#prefab-toolbar-button');
      if (dialog === null) {
        const [tab] = await Promise.all([context.waitForEvent('page'), button.click()]);
        await tab.waitForLoadState();
        expect(tab.url(), `${who}`).toBe(`${site.url}/product/${bim.ID}/prefab`);
      } else {
        await button.click();
        const modal = page.getByRole('dialog', { name: dialog });
        await modal.waitFor();
        if (who === 'engineer') expect(await modal.innerText()).toContain('Engineer');
        expect(await axeViolations(page), `${who}`).toEqual([]);
        await page.keyboard.press('Escape');
        await modal.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.id), `${who}`).toBe('prefab-toolbar-button');
        expect(context.pages()).toHaveLength(1);
      }
      await context.close();
    }
  });
});
