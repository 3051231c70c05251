import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  assertTwice,
  hostileBodyText,
  hostileHeaderValue,
  hostileJson,
  hostileText,
  hostileUrlPart,
} from '@catalogue/service-kit/security-fuzz';
import fc from 'fast-check';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness/browser';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * The storefront under hostile input and its Content-Security-Policy (issue 20 items 8, 10 and 11), on one
 * site: the pages a visitor opens run under the policy without a violation and work; a script injected
 * into a page without the answer's nonce does not run; URLs the hostile test used get the site's 404 page
 * or the route's 400; and a fuzz of every route of the build (pages, `/api/*`, server actions) with
 * hostile paths, queries, bodies, cookies and headers gets no 5xx and logs no SQL.
 */

const storefrontDir = path.join(import.meta.dirname, '../apps/storefront');

/** Stand-ins for the third-party script hosts: the tag manager runs an inline tag with its own nonce. */
async function startThirdParties(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://x').pathname;
    const record = `(window.__loadedScripts = window.__loadedScripts || []).push(${JSON.stringify(name)});`;
    // What a tag manager's custom HTML tag does: an inline script carrying the nonce of its own script.
    const inlineTag =
      "var t=document.createElement('script');t.nonce=document.currentScript.nonce;" +
      "t.textContent='window.__tagManagerInline=1';document.head.appendChild(t);";
    response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
    response.end(name === '/gtm.js' ? record + inlineTag : record);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Records the page's policy violations from its first script on, and console errors about them. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ...console,
  ];
}

/** The `/api/*` routes of the build and the methods their modules export. */
function apiRoutes(): { method: string; path: string }[] {
  const manifest = JSON.parse(
    readFileSync(path.join(storefrontDir, '.next/app-path-routes-manifest.json'), 'utf8'),
  ) as Record<string, string>;
  return Object.values(manifest)
    .filter((route) => route.startsWith('/api/'))
    .flatMap((route) => {
      const source = readFileSync(path.join(storefrontDir, 'src/app', route, 'route.ts'), 'utf8');
      const methods = [...source.matchAll(/export (?:async function|const) (GET|POST|PUT|PATCH|DELETE)\b/g)];
      return methods.map((match) => ({ method: match[1] as string, path: route }));
    });
}

/** The page routes of the build (`/[locale]/products/[...slugs]`), without Next's internal ones. */
function pageRoutes(): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(storefrontDir, '.next/app-path-routes-manifest.json'), 'utf8'),
  ) as Record<string, string>;
  return Object.values(manifest).filter(
    (route) => !route.startsWith('/api/') && !route.startsWith('/_') && !/\.\w+$/.test(route),
  );
}

describe('hostile input and the Content-Security-Policy on the site', () => {
  const data = temporaryDataDir('e2e-input-csp');
  let thirdParties: Awaited<ReturnType<typeof startThirdParties>>;
  let site: RunningSite;
  let browser: Browser;
  let buyerToken = '';
  let projectId = '';
  let familyPath = '';
  let productPath = '';

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'tracking_consent', value: 'on', url: site.url }]);
    return context;
  }

  beforeAll(async () => {
    thirdParties = await startThirdParties();
    site = await startSite({
      dataDir: data.dir,
      env: {
        DATASET_SKUS: '300',
        APP_ENV: 'staging',
        TAG_MANAGER_ID: 'GTM-TEST123',
        TAG_MANAGER_SCRIPT_URL: `${thirdParties.url}/gtm.js`,
        ANALYTICS_MEASUREMENT_ID: 'G-TEST12345',
        ANALYTICS_SCRIPT_URL: `${thirdParties.url}/gtag/js`,
        CONSENT_SCRIPT_URL: `${thirdParties.url}/consent.js`,
      },
    });
    browser = await launchBrowser();
    const login = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username: 'employee',
        password: 'Buyer#2026',
      }),
    });
    buyerToken = ((await login.json()) as { access_token: string }).access_token;
    const project = await fetch(`${site.url}/api/ordercloud/Buyer/createNewProject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: encodeURIComponent(buyerToken), projectName: 'Fuzz', regionName: 'US' }),
    });
    projectId = ((await project.json()) as { ID: string }).ID;
    const routes = await fetch(`${site.url}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ routes(language: "en-US", limit: 100) { results { path kind } } }' }),
    });
    const { data: answer } = (await routes.json()) as {
      data: { routes: { results: { path: string; kind: string }[] } };
    };
    for (const route of answer.routes.results.filter((r) => r.kind === 'family')) {
      const html = await (await fetch(`${site.url}${route.path}`)).text();
      const product = /<a [^>]*href="(\/product\/[^"]+)"/.exec(html)?.[1];
      if (html.includes('sku-table__number') && product) {
        familyPath = route.path;
        productPath = product;
        break;
      }
    }
    if (!familyPath) throw new Error('no family page with SKUs');
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await thirdParties?.close();
    data.remove();
  });

  it('runs home, a family page, a product page, search and login under the policy without a violation, and they work', async () => {
    const checks: [string, (page: Page) => Promise<void>][] = [
      [
        '/',
        async (page) => {
          // The header's preview: its enhancer, the search runtime and the SDK load at the first focus.
          await page.locator('#site-search').click();
          await page.locator('#site-search').pressSequentially('box', { delay: 30 });
          await page.locator('#site-search[aria-expanded="true"]').waitFor({ timeout: 20_000 });
        },
      ],
      [
        familyPath,
        async (page) => {
          // A visitor's add to project opens the login prompt, whose code loads at the click.
          await page.locator('.sku-table tbody .add-to-project__button').first().click();
          await page.getByRole('dialog').waitFor();
          await page.keyboard.press('Escape');
          // A client-side navigation: the product page's RSC payload and route chunks come by script.
          await Promise.all([
            page.waitForURL(/\/product\//),
            page.locator('.sku-table tbody a[href^="/product/"]').first().click(),
          ]);
          await page.locator('#bim-toolbar-button').waitFor();
        },
      ],
      [
        productPath,
        async (page) => {
          await page.locator('#bim-toolbar-button').click();
          await page.getByRole('dialog').waitFor();
        },
      ],
      [
        '/search?q=box',
        async (page) => {
          // Results are rendered in the browser by the SDK's widgets.
          await page.locator('.search-result').first().waitFor({ timeout: 20_000 });
        },
      ],
      [
        '/login',
        async (page) => {
          await page.locator('#login-username').fill('employee');
          await page.locator('#login-password').fill('Buyer#2026');
          await Promise.all([
            page.waitForURL((url) => !url.pathname.endsWith('/login')),
            page.locator('#login-password').press('Enter'),
          ]);
          // The account menu and its session code load because the login cookies are there.
          await page.locator('.projects-link').waitFor({ timeout: 20_000 });
        },
      ],
    ];
    for (const [pagePath, works] of checks) {
      const context = await newContext();
      const page = await context.newPage();
      const violations = await watchViolations(page);
      const response = await page.goto(`${site.url}${pagePath}`);
      const policy = (await response?.headerValue('content-security-policy')) ?? '';
      expect(policy, pagePath).toMatch(
        /script-src 'nonce-[A-Za-z0-9_-]{22}' 'strict-dynamic' 'self' http:\/\/127\.0\.0\.1:\d+; object-src 'none'; base-uri 'none'/,
      );
      expect(policy, pagePath).toContain('frame-ancestors');
      await works(page);
      // The configured third-party scripts ran, and the tag manager's inline tag with the nonce it passed on.
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { __loadedScripts?: string[] }).__loadedScripts ?? []),
        )
        .toEqual(expect.arrayContaining(['/gtm.js', '/gtag/js', '/consent.js']));
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { __tagManagerInline?: number }).__tagManagerInline),
        )
        .toBe(1);
      expect(await violations(), pagePath).toEqual([]);
      await context.close();
    }
  });

  it('runs a page the response cache answers, and the same page kept after a 304, under its policy', async () => {
    // A render, then a page-cache hit, which the response cache keeps (just after answering it).
    for (let i = 0; i < 2; i++) await (await fetch(`${site.url}${familyPath}`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const context = await newContext();
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const ran = async () => {
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { __tagManagerInline?: number }).__tagManagerInline),
        )
        .toBe(1);
      await page.locator('.sku-table tbody .add-to-project__button').first().click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
    };
    const answer = await page.goto(`${site.url}${familyPath}`);
    expect(await answer?.headerValue('etag')).toMatch(/^W\/"/); // from the response cache
    expect(await answer?.headerValue('content-encoding')).toBe('gzip');
    await ran();
    // A reload revalidates: 304 without a policy, the stored document keeps the policy it came with.
    // (Chromium reports the stored answer's status, 200, with the 304's own headers.)
    const again = await page.reload();
    const revalidated = (await again?.allHeaders()) ?? {};
    expect(revalidated.etag).toBe(await answer?.headerValue('etag'));
    expect(revalidated['content-security-policy']).toBeUndefined();
    await ran();
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('runs no script injected into a page without its answer’s nonce, and the page still works', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const earlier = await fetch(`${site.url}/`, { headers: { accept: 'text/html' } });
    const earlierNonce =
      /'nonce-([^']+)'/.exec(earlier.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(await earlier.text()).toContain(`nonce="${earlierNonce}"`);
    await page.route(`${site.url}/`, async (route) => {
      const response = await route.fetch();
      const injected = [
        '<script>window.__injected="inline"</script>',
        `<script nonce="${earlierNonce}">window.__injected="nonce of another answer"</script>`,
        '<script>self.__next_f.push([1,""]);window.__injected="shaped like Next"</script>',
        '<img src="/no-such.png" onerror="window.__injected=\'handler\'">',
        '<a id="injected-link" href="javascript:window.__injected=\'link\'">x</a>',
      ].join('');
      await route.fulfill({
        response,
        body: (await response.text()).replace('</body>', `${injected}</body>`),
      });
    });
    await page.goto(`${site.url}/`);
    await page.locator('#injected-link').click();
    await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(5);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: string }).__injected),
    ).toBeUndefined();
    await page.locator('#site-search').click();
    await page.locator('#site-search').pressSequentially('box', { delay: 30 });
    await page.locator('#site-search[aria-expanded="true"]').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it("answers the hostile test's URLs with the site's 404 page or the route's 400, and has no image optimiser", async () => {
    const headers = { authorization: `Bearer ${buyerToken}` };
    for (const file of ['export.pdf', 'export.csv']) {
      const answer = await fetch(`${site.url}/api/projects/%00/${file}`, { headers });
      expect(answer.status, file).toBe(400);
      expect(await answer.json()).toEqual({ error: expect.stringContaining('NUL') });
    }
    for (const [url, lang] of [
      ['/products/%00', 'en-US'],
      ['/products/%E0%A4%A', 'en-US'],
      [`${familyPath}/%00`, 'en-US'],
      [`/fr-ca${familyPath}?xp.Material=%00`, 'fr-CA'],
      ['/_next/image?url=%2Fapi%2Fauth%2Flogout&w=64&q=75', 'en-US'],
      ['/_next/image?url=http%3A%2F%2F127.0.0.1%3A1%2F&w=64&q=75', 'en-US'],
    ] as const) {
      const answer = await fetch(`${site.url}${url}`);
      expect(answer.status, url).toBe(404);
      const html = await answer.text();
      expect(html, url).toContain(`<html lang="${lang}"`);
      expect(html, url).toContain('class="not-found__code"');
    }
    // A form post whose body is not the multipart it announces (Next answered 500 for any page).
    const broken = {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'garbage',
    };
    const page = await fetch(`${site.url}/login`, broken);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('class="not-found__code"');
    expect((await fetch(`${site.url}/api/projects/import`, broken)).status).toBe(400);
    const nul = await fetch(`${site.url}/api/ordercloud/Buyer/createNewProject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: encodeURIComponent(buyerToken),
        projectName: 'a\u0000',
        regionName: 'US',
      }),
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ error: expect.stringContaining('NUL') });
  });

  it('answers no hostile path, query, body, cookie or header with a 5xx, and logs no SQL (fuzz over the build’s routes)', async () => {
    const api = apiRoutes();
    const pages = pageRoutes();
    expect(api.length).toBeGreaterThanOrEqual(25);
    expect(pages).toEqual(
      expect.arrayContaining(['/[locale]/products/[...slugs]', '/[locale]/product/[productId]']),
    );
    const pageTable = pages.map((route) => ({ method: 'GET', path: route }));
    const token = encodeURIComponent(buyerToken);
    const segment = fc.oneof(
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'fr-ca',
          'en-us',
          'EMT-075-10',
          'x',
          'cad.dxf',
          familyPath.split('/').at(-1) ?? 'x',
        ),
      },
      { weight: 3, arbitrary: hostileUrlPart },
    );
    const fill = (route: string, value: string) => route.replace(/\[\.\.\.\w+\]|\[\w+\]/g, value);
    const fields = fc.dictionary(
      fc.constantFrom(
        'projectName',
        'projectDesc',
        'regionName',
        'orderId',
        'orderID',
        'ID',
        'projectId',
        'lineItemId',
        'productName',
        'qty',
        'brand',
        'products',
        'projectObj',
        'submitted',
        'variables',
        'query',
        'action',
        'redirectURI',
        'projectDetails',
        'data',
      ),
      hostileJson,
      { maxKeys: 5 },
    );
    const cookie = fc.oneof(
      fc.constant(`UserToken=${token}`),
      fc
        .tuple(
          fc.constantFrom('UserToken', 'location_details', 'unit_system', 'tracking_consent', 'refreshToken'),
          hostileUrlPart,
        )
        .map(([n, v]) => `${n}=${v}`),
      hostileHeaderValue.map((v) => `location_details=${v}`),
      fc.constant(`location_details=${encodeURIComponent('{"region":{"x":1},"language":["fr"]}')}`),
    );
    const header = fc.tuple(
      fc.constantFrom(
        'accept-language',
        'x-forwarded-for',
        'x-forwarded-host',
        'authorization',
        'rsc',
        'next-router-state-tree',
        'next-action',
      ),
      hostileHeaderValue,
    );
    const query = fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      {
        weight: 2,
        arbitrary: fc
          .array(
            fc.tuple(
              fc.oneof(
                fc.constantFrom(
                  'q',
                  'page',
                  'sort',
                  'size',
                  'xp.Material',
                  'code',
                  'redirectURI',
                  'postalCode',
                ),
                hostileUrlPart,
              ),
              hostileUrlPart,
            ),
            { minLength: 1, maxLength: 3 },
          )
          .map((pairs) => `?${pairs.map(([n, v]) => `${n}=${v}`).join('&')}`),
      },
    );
    const request = fc.oneof(
      fc.record({
        kind: fc.constant('api' as const),
        route: fc.constantFrom(...api),
        segment,
        query,
        cookie,
        header,
        body: fc.oneof(
          fields.map((f) => JSON.stringify({ token, ...f })),
          fields.map((f) => JSON.stringify({ data: { token, ...f } })),
          hostileBodyText,
        ),
      }),
      fc.record({
        kind: fc.constant('page' as const),
        route: fc.constantFrom(...pageTable),
        segment,
        query,
        cookie,
        header,
      }),
      fc.record({
        kind: fc.constant('upload' as const),
        project: fc.oneof(fc.constant(projectId), hostileUrlPart),
        lines: fc.array(
          fc.tuple(hostileText, fc.oneof(hostileText, fc.constantFrom('1', '2', '-1', '1e9'))),
          { maxLength: 4 },
        ),
        multipart: fc.boolean(),
        cookie,
      }),
      fc.record({
        kind: fc.constant('action' as const),
        form: fc.constantFrom('/login', '/register', '/forgot-password', '/newsletter', '/fr-ca/login'),
        value: hostileText,
        hidden: fc.boolean(),
        cookie,
      }),
    );
    await assertTwice(
      request,
      async (input) => {
        let answer: Response;
        let what: string;
        if (input.kind === 'upload') {
          // A CSV import, as the body or as the file of a form.
          const csv = ['catalogue number,quantity', ...input.lines.map((cells) => cells.join(','))].join(
            '\n',
          );
          const form = new FormData();
          form.append('file', new Blob([csv], { type: 'text/csv' }), 'lines.csv');
          what = `POST /api/projects/${input.project}/import`;
          answer = await fetch(`${site.url}/api/projects/${input.project}/import`, {
            method: 'POST',
            redirect: 'manual',
            headers: {
              authorization: `Bearer ${buyerToken}`,
              ...(input.multipart ? {} : { 'content-type': 'text/csv' }),
            },
            body: input.multipart ? form : csv,
          });
        } else if (input.kind === 'action') {
          // A form of a server action, posted as a browser without JavaScript does, with hostile fields.
          const html = await (await fetch(`${site.url}${input.form}`)).text();
          const form = new FormData();
          for (const [, name, value] of html.matchAll(
            /<input [^>]*name="([^"]+)"(?:[^>]*value="([^"]*)")?/g,
          )) {
            if (name === 'q') continue;
            const hiddenField = (name ?? '').startsWith('$');
            const decoded = (value ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
            form.append(name ?? '', hiddenField && !input.hidden ? decoded : input.value);
          }
          what = `POST ${input.form} (action)`;
          answer = await fetch(`${site.url}${input.form}`, {
            method: 'POST',
            body: form,
            headers: { cookie: input.cookie },
            redirect: 'manual',
          });
        } else {
          const url = `${fill(input.route.path, input.segment)}${input.query}`;
          const method = input.route.method;
          what = `${method} ${url}`;
          answer = await fetch(`${site.url}${url}`, {
            method,
            redirect: 'manual',
            headers: {
              cookie: input.cookie,
              [input.header[0]]: input.header[1],
              ...(input.kind === 'api' ? { 'content-type': 'application/json' } : {}),
            },
            ...(input.kind === 'api' && method !== 'GET' ? { body: input.body } : {}),
          });
        }
        const text = await answer.text();
        expect(answer.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
      },
      { seed: 20_261_127, numRuns: 150 },
    );
    expect(site.output()).not.toMatch(/Failed query|password_hash|params: /);
  });
});
