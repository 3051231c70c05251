import { generateDataset, type LocaleInfo } from '@catalogue/dataset';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath } from './harness/artifacts';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { type ScriptServer, startScriptServer } from './harness/script-server';
import { passwordToken, type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * The page shell in a browser (spec §2, §3, §4, §9): head metadata in all ten locales, the data layer,
 * previousPageURL, the location_details cookie, the units toggle, tracking consent, the third-party
 * scripts (served by a local stand-in), the header's menus and accessibility. One site serves the whole
 * file; the last block restarts it on the same data with APP_ENV=production.
 */

const SKUS = 600;
const dataset = generateDataset({ skus: SKUS });
const siteName = dataset.site.name;

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

function localePath(locale: LocaleInfo): string {
  return locale.urlPrefix ? `/${locale.urlPrefix}` : '/';
}

function texts(locale: LocaleInfo): Record<string, string> {
  return dataset.dictionary[locale.language];
}

interface PageView {
  event: string;
  page: Record<string, string>;
  user: { loginStatus: string; userType: string };
  device: { category: string };
  personalization: { pointOfSale: string };
}

/** The page views pushed into window.dataLayer so far. */
/** The route item of a path in a locale, as the content service serves it. */
async function routeOf(
  base: string,
  path: string,
  locale: string,
): Promise<{
  MetaTitle: string;
  MetaDescription: string;
  MetaTags: string;
  MetaRobots: string;
  MetaGooglebot: string;
  title: string;
}> {
  const response = await fetch(`${base}/content/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'query ($path: String!, $language: String!) { route(path: $path, language: $language) { title MetaTitle MetaDescription MetaTags MetaRobots MetaGooglebot } }',
      variables: { path, language: locale },
    }),
  });
  const body = (await response.json()) as { data: { route: Awaited<ReturnType<typeof routeOf>> } };
  return body.data.route;
}

/** Every route item of a locale (path, kind, title), as the content service serves them. */
async function routesOf(
  base: string,
  locale: string,
): Promise<{ path: string; kind: string; title: string }[]> {
  const all: { path: string; kind: string; title: string }[] = [];
  let endCursor: string | null = null;
  for (;;) {
    const response = await fetch(`${base}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query($language: String!, $endCursor: String) { routes(language: $language, limit: 100, endCursor: $endCursor) {
          pageInfo { endCursor hasNext } results { path kind title } } }`,
        variables: { language: locale, endCursor },
      }),
    });
    const answer = (await response.json()) as {
      data: {
        routes: {
          pageInfo: { endCursor: string | null; hasNext: boolean };
          results: { path: string; kind: string; title: string }[];
        };
      };
    };
    all.push(...answer.data.routes.results);
    if (!answer.data.routes.pageInfo.hasNext) return all;
    endCursor = answer.data.routes.pageInfo.endCursor;
  }
}

/** The footer of a locale, as the content service serves it. */
async function footerOf(
  base: string,
  locale: string,
): Promise<{ columns: { title: string }[]; legalText: string }> {
  const response = await fetch(`${base}/content/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'query ($l: String!) { footer(language: $l) { columns { title } legalText } }',
      variables: { l: locale },
    }),
  });
  return ((await response.json()) as { data: { footer: Awaited<ReturnType<typeof footerOf>> } }).data.footer;
}

function pageViews(page: Page): Promise<PageView[]> {
  return page.evaluate(() =>
    JSON.parse(
      JSON.stringify(
        ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
          (entry) =>
            typeof entry === 'object' &&
            entry !== null &&
            (entry as { event?: unknown }).event === 'page_view',
        ),
      ),
    ),
  );
}

async function waitForPageViews(page: Page, count: number): Promise<PageView[]> {
  await expect.poll(async () => (await pageViews(page)).length, { timeout: 10_000 }).toBe(count);
  return pageViews(page);
}

function previousPageUrl(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('previousPageURL'));
}

/** Scripts the local stand-in served and the page ran. */
function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __loadedScripts?: string[] }).__loadedScripts?.map(String) ?? [],
  );
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

function jwt(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2ln`;
}

describe('a bad storefront setting', () => {
  it('stops the start with a message naming the variable', async () => {
    const data = temporaryDataDir('e2e-shell-bad');
    try {
      await expect(startSite({ dataDir: data.dir, env: { TAG_MANAGER_ID: 'UA-12345' } })).rejects.toThrow(
        /exited \(code 2\)[\s\S]*TAG_MANAGER_ID="UA-12345": must look like GTM-/,
      );
    } finally {
      data.remove();
    }
  });
});

describe('the page shell', () => {
  const data = temporaryDataDir('e2e-shell');
  let scripts: ScriptServer;
  let site: RunningSite;
  let browser: Browser;
  let scriptEnv: Record<string, string>;

  beforeAll(async () => {
    scripts = await startScriptServer();
    scriptEnv = {
      DATASET_SKUS: String(SKUS),
      TAG_MANAGER_ID: 'GTM-TEST123',
      TAG_MANAGER_SCRIPT_URL: `${scripts.url}/gtm.js`,
      ANALYTICS_MEASUREMENT_ID: 'G-TEST12345',
      ANALYTICS_SCRIPT_URL: `${scripts.url}/gtag/js`,
      CONSENT_SCRIPT_URL: `${scripts.url}/consent.js`,
      SESSION_RECORDING_SCRIPT_URL: `${scripts.url}/recording/{id}.js`,
      SESSION_RECORDING_ID: 'rec42',
      SITE_VERIFICATION_TOKEN: 'verify-token-123',
    };
    site = await startSite({ dataDir: data.dir, env: { ...scriptEnv, APP_ENV: 'staging' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await scripts?.close();
    data.remove();
  });

  it('gives every locale its title, description, canonical, robots, lang, data layer, cookie and units', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    let previous: string | null = null;
    for (const locale of dataset.locales) {
      const path = localePath(locale);
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), locale.code).toBe(200);
      const t = texts(locale);
      // Title, description and keywords: the route item of `/` from the content service (spec §2).
      const route = await routeOf(site.url, '/', locale.code);
      expect(route.MetaTitle).toContain(siteName);
      expect(await page.title()).toBe(route.MetaTitle);
      expect(await page.getAttribute('meta[name="description"]', 'content')).toBe(route.MetaDescription);
      expect(await page.getAttribute('meta[name="keywords"]', 'content')).toBe(
        route.MetaTags.split(',')
          .map((tag) => tag.trim())
          .join(','),
      );
      expect(await page.locator('h1').first().textContent()).toBe(route.title);
      // The footer: the content service's columns and legal text for the locale.
      const footer = await footerOf(site.url, locale.code);
      expect(await page.locator('footer h2').allTextContents()).toEqual(footer.columns.map((c) => c.title));
      expect(await page.locator('footer .site-footer__legal').textContent()).toBe(footer.legalText);
      const canonical = await page.getAttribute('link[rel="canonical"]', 'href');
      expect(new URL(canonical ?? '').href).toBe(new URL(path, site.url).href);
      const robots = await page
        .locator('meta[name="robots"]')
        .evaluateAll((metas) => metas.map((m) => m.getAttribute('content')));
      expect(robots).toEqual(['noindex, nofollow']);
      expect(await page.getAttribute('html', 'lang')).toBe(locale.code);

      const [view] = await waitForPageViews(page, 1);
      expect(view).toEqual({
        event: 'page_view',
        page: {
          path: '/',
          url: new URL(path, site.url).href,
          title: route.MetaTitle,
          locale: locale.code,
          language: locale.language,
          region: locale.region,
          level1: '',
          level2: '',
          level3: '',
          level4: '',
          level5: '',
        },
        user: { loginStatus: 'logged out', userType: 'logged out' },
        device: { category: 'Desktop' },
        personalization: { pointOfSale: siteName },
      });

      // previousPageURL: the locale visited just before (none for the first page of the tab).
      expect(await previousPageUrl(page), locale.code).toBe(previous);
      previous = view?.page.url ?? null;

      const details = await cookie(context, 'location_details');
      expect(details, locale.code).toBeDefined();
      expect(JSON.parse(decodeURIComponent(details?.value ?? ''))).toEqual({
        contentHubLocale: locale.contentHubLocale,
        region: locale.region,
        language: locale.language,
        discoverSearchLocale: locale.discoverSearchLocale,
      });
      expect(details).toMatchObject({ path: '/', sameSite: 'Lax' });
      const days = ((details?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThan(366);

      const toggle = page.getByRole('group', { name: t['units.toggle'] });
      expect(await toggle.count(), locale.code).toBe(locale.showsMetricToggle ? 1 : 0);
      if (locale.showsMetricToggle) {
        const pressed = toggle.getByRole('button', { pressed: true });
        expect(await pressed.textContent()).toBe(t[`units.${locale.defaultUnitSystem}`]);
      }
    }
    await context.close();
  });

  it('remembers the units chosen with the toggle, for every locale that has it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    const toggle = page.getByRole('group', { name: 'Units' });
    await expect
      .poll(() => toggle.getByRole('button', { name: 'Imperial' }).getAttribute('aria-pressed'))
      .toBe('true');
    await toggle.getByRole('button', { name: 'Metric' }).click();
    await expect
      .poll(() => toggle.getByRole('button', { name: 'Metric' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await toggle.getByRole('button', { name: 'Imperial' }).getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    // The cached page has the locale's default; the visitor's cookie applies once the page is hydrated.
    await expect
      .poll(() =>
        page.getByRole('group', { name: 'Units' }).getByRole('button', { pressed: true }).textContent(),
      )
      .toBe('Metric');
    // en-CA defaults to metric: the remembered choice applies there too; en-GB has no toggle at all.
    await page.goto(`${site.url}/en-gb`);
    expect(await page.getByRole('group', { name: 'Units' }).count()).toBe(0);
    await context.close();
  });

  it('keeps previousPageURL as the page shown before, across full loads and client-side route changes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const home = `${site.url}/`;
    // A: the home page, opened directly: no previous page on this site.
    await page.goto(`${home}?utm_source=mail`);
    await waitForPageViews(page, 1);
    expect(await previousPageUrl(page)).toBeNull();

    // B: a category from the header menu (a client-side route change to the category page).
    const category = `${site.url}/products/conduit-fittings/metallic-conduit`;
    await page.getByRole('button', { name: 'Conduit and fittings' }).click();
    await page.getByRole('link', { name: 'Metallic conduit', exact: true }).click();
    await page.waitForURL(category);
    await expect.poll(() => previousPageUrl(page)).toBe(home);
    await expect
      .poll(async () => (await pageViews(page)).at(-1)?.page.path)
      .toBe('/products/conduit-fittings/metallic-conduit');
    const categoryView = (await pageViews(page)).at(-1);
    expect(categoryView?.page).toMatchObject({
      level1: 'products',
      level2: 'conduit-fittings',
      level3: 'metallic-conduit',
    });
    expect(categoryView?.personalization.pointOfSale).toBe(`${siteName}/products`);
    await expect.poll(() => page.getAttribute('link[rel="canonical"]', 'href')).toBe(category);
    expect(await page.getAttribute('meta[name="robots"][content*="nofollow"]', 'content')).toBe(
      'noindex, nofollow',
    );

    // C: back to the home page by a full load: the category page is the previous page.
    await page.goto(home);
    await waitForPageViews(page, 1);
    await expect.poll(() => previousPageUrl(page)).toBe(category);

    // D: a client-side route change (the app router follows history.pushState): a new page view, and
    // the home page becomes the previous page; the query string is dropped.
    const before = (await waitForPageViews(page, 1)).length;
    await page.evaluate(() => window.history.pushState(null, '', '/projects?sort=name'));
    const views = await waitForPageViews(page, before + 1);
    expect(views.at(-1)?.page).toMatchObject({
      path: '/projects',
      level1: 'projects',
      url: `${site.url}/projects`,
    });
    expect(await previousPageUrl(page)).toBe(home);

    // A reload shows the same page again: previousPageURL stays.
    await page.reload();
    await waitForPageViews(page, 1);
    expect(await previousPageUrl(page)).toBe(home);
    await context.close();
  });

  it('reports login status from the UserToken cookie and the device category', async () => {
    const inOneHour = Math.floor(Date.now() / 1000) + 3600;
    const phone = await browser.newContext({
      userAgent: IPHONE_UA,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.addCookies([{ name: 'UserToken', value: jwt({ exp: inOneHour }), url: site.url }]);
    const phonePage = await phone.newPage();
    await phonePage.goto(`${site.url}/en-ca`);
    const [phoneView] = await waitForPageViews(phonePage, 1);
    expect(phoneView?.device.category).toBe('Mobile');
    expect(phoneView?.user).toEqual({ loginStatus: 'logged in', userType: 'buyer user' });
    await phone.close();

    const tablet = await browser.newContext({ userAgent: IPAD_UA, viewport: { width: 820, height: 1180 } });
    await tablet.addCookies([
      { name: 'UserToken', value: jwt({ exp: Math.floor(Date.now() / 1000) + 5 }), url: site.url },
    ]);
    const tabletPage = await tablet.newPage();
    await tabletPage.goto(`${site.url}/`);
    const [tabletView] = await waitForPageViews(tabletPage, 1);
    expect(tabletView?.device.category).toBe('Tablet');
    // Expiring within the 10-second margin counts as logged out.
    expect(tabletView?.user).toEqual({ loginStatus: 'logged out', userType: 'logged out' });
    await tablet.close();

    const desktop = await browser.newContext();
    await desktop.addCookies([{ name: 'UserToken', value: 'not.a-token', url: site.url }]);
    const desktopPage = await desktop.newPage();
    await desktopPage.goto(`${site.url}/`);
    const [desktopView] = await waitForPageViews(desktopPage, 1);
    expect(desktopView?.user.loginStatus).toBe('logged out');
    await desktop.close();
  });

  it('turns tracking off and on from the consent banner, and remembers the choice', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    const banner = page.getByRole('region', { name: 'Your privacy choices' });
    expect(await banner.isVisible()).toBe(true);
    // Default on (spec §4): a browser id, page views and the tag manager and analytics scripts.
    await expect
      .poll(async () => (await cookie(context, '__ruid'))?.value)
      .toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitForPageViews(page, 1);
    await expect
      .poll(() => loadedScripts(page))
      .toEqual(expect.arrayContaining(['/gtm.js', '/gtag/js', '/consent.js']));

    // Off, with the keyboard.
    await banner.getByRole('button', { name: 'Decline analytics' }).focus();
    await page.keyboard.press('Enter');
    expect(await banner.count()).toBe(0);
    const settings = page.getByRole('button', { name: 'Cookie settings' });
    expect(await settings.evaluate((button) => button === document.activeElement)).toBe(true);
    expect((await cookie(context, 'tracking_consent'))?.value).toBe('off');
    expect(await cookie(context, '__ruid')).toBeUndefined();
    expect(
      await page.evaluate(() => (window as unknown as Record<string, unknown>)['ga-disable-G-TEST12345']),
    ).toBe(true);
    await page.evaluate(() => window.history.pushState(null, '', '/projects'));
    await expect.poll(() => previousPageUrl(page)).toBe(`${site.url}/`);
    expect((await pageViews(page)).length).toBe(1);

    // Remembered: no banner, no page views, no tag-manager or analytics script; the consent manager stays.
    const hitsBefore = scripts.hits().length;
    await page.goto(`${site.url}/fr-ca`);
    expect(await page.getByRole('region', { name: 'Vos choix de confidentialité' }).count()).toBe(0);
    await expect.poll(() => loadedScripts(page)).toEqual(['/consent.js']);
    await page.waitForTimeout(500);
    expect(await pageViews(page)).toEqual([]);
    expect(scripts.hits().slice(hitsBefore)).toEqual(['/consent.js']);
    expect(await cookie(context, '__ruid')).toBeUndefined();

    // On again from the settings button: a new browser id, and tracking resumes on the next page.
    await page.getByRole('button', { name: 'Paramètres des témoins' }).click();
    const reopened = page.getByRole('region', { name: 'Vos choix de confidentialité' });
    expect(
      await reopened.getByRole('button', { name: 'Refuser l’analyse' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await reopened.getByRole('button', { name: 'Autoriser l’analyse' }).click();
    expect((await cookie(context, 'tracking_consent'))?.value).toBe('on');
    expect((await cookie(context, '__ruid'))?.value).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await waitForPageViews(page, 1);
    await expect.poll(() => loadedScripts(page)).toEqual(expect.arrayContaining(['/gtm.js', '/gtag/js']));
    await context.close();
  });

  it('loads the configured scripts without blocking rendering, and keeps the Production-only ones out', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    // Nothing third-party is a parser-blocking <script src> in the HTML; the scripts are added after hydration.
    const blocking = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter(
      ([tag, src]) => !/\basync\b|\bdefer\b|noModule/.test(tag ?? '') && !src?.startsWith('/_next/'),
    );
    expect(blocking).toEqual([]);
    expect(html).not.toContain('google-site-verification');
    expect(html).not.toContain('/recording/');

    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    await page.waitForLoadState('load');
    await expect
      .poll(() => loadedScripts(page))
      .toEqual(expect.arrayContaining(['/gtm.js', '/gtag/js', '/consent.js']));
    const srcs = await page
      .locator('script[src^="http"]')
      .evaluateAll((tags) => tags.map((tag) => (tag as HTMLScriptElement).src));
    expect(srcs).toEqual(
      expect.arrayContaining([
        `${scripts.url}/gtm.js?id=GTM-TEST123`,
        `${scripts.url}/gtag/js?id=G-TEST12345`,
        `${scripts.url}/consent.js`,
      ]),
    );
    await page.waitForTimeout(1000);
    expect(await loadedScripts(page)).not.toContain('/recording/rec42.js');
    // The tag manager's start event and gtag's config command are in the data layer before the scripts.
    expect(
      await page.evaluate(() =>
        ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).some(
          (entry) => (entry as { event?: unknown }).event === 'gtm.js',
        ),
      ),
    ).toBe(true);
    await page.close();
  });

  it('opens a sub-category panel per top-level category, with the keyboard, and closes it with Escape', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const conduit = nav.getByRole('button', { name: 'Conduit and fittings' });
    const panel = page.locator(`#${await conduit.getAttribute('aria-controls')}`);
    expect(await conduit.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);

    await conduit.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => conduit.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.isVisible()).toBe(true);
    const line = panel.getByRole('link', { name: 'Metallic conduit', exact: true });
    expect(await line.getAttribute('href')).toBe('/products/conduit-fittings/metallic-conduit');
    expect(await panel.getByRole('link', { name: 'EMT conduit', exact: true }).getAttribute('href')).toBe(
      '/products/conduit-fittings/metallic-conduit/emt-conduit',
    );
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => conduit.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
    expect(await conduit.evaluate((button) => button === document.activeElement)).toBe(true);

    // One panel at a time; a click elsewhere closes it.
    await conduit.click();
    const strut = nav.getByRole('button', { name: 'Strut and framing' });
    await strut.click();
    await expect.poll(() => strut.getAttribute('aria-expanded')).toBe('true');
    expect(await conduit.getAttribute('aria-expanded')).toBe('false');
    await page.mouse.click(5, 5); // the header bar, outside the navigation
    await expect.poll(() => strut.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('searches in the locale and switches region and language on the same path', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/fr-ca`);
    const search = page.getByRole('search', { name: 'Rechercher' });
    await search.getByRole('searchbox', { name: 'Rechercher' }).fill('chemin de câbles');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/fr-ca\/search\?/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('chemin de câbles');

    await page.goto(`${site.url}/fr-ca/products/cable-tray`);
    const switcher = page.getByRole('navigation', { name: 'Langue et région' });
    await switcher.locator('summary').click();
    const europe = switcher.getByRole('list', { name: 'Union européenne' });
    expect(await europe.getByRole('link').allTextContents()).toEqual([
      'English (Europe)',
      'Français (Europe)',
      'Deutsch (Europa)',
      'Nederlands (Europa)',
    ]);
    await europe.getByRole('link', { name: 'Deutsch (Europa)' }).click();
    await page.waitForURL(`${site.url}/de-eu/products/cable-tray`);
    expect(await page.getAttribute('html', 'lang')).toBe('de-EU');
    const details = await cookie(context, 'location_details');
    await expect
      .poll(async () =>
        JSON.parse(decodeURIComponent((await cookie(context, 'location_details'))?.value ?? '{}')),
      )
      .toMatchObject({ region: 'EU', language: 'de', contentHubLocale: 'M.Localization.de-EU' });
    expect(details).toBeDefined();
    await context.close();
  });

  /** The product IDs a buyer of a region sees in its catalog (the first 500). */
  async function catalogIds(username: string, catalogId: string): Promise<string[]> {
    const token = await passwordToken(site, username);
    const ids: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const answer = await fetch(
        `${site.url}/ordercloud/v1/me/products?catalogID=${catalogId}&pageSize=100&page=${page}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      const { Items } = (await answer.json()) as { Items: { ID: string }[] };
      ids.push(...Items.map((p) => p.ID));
      if (Items.length < 100) break;
    }
    return ids;
  }

  it('switches locale to the nearest page where the page does not exist there, and says so', async () => {
    const us = await catalogIds('employee', 'catalog-us');
    const eu = new Set(await catalogIds('eu-buyer', 'catalog-eu'));
    const usOnly = us.find((id) => !eu.has(id));
    const both = us.find((id) => eu.has(id));
    if (!usOnly || !both) throw new Error('no product of the US catalog only, or of both');
    const page = await browser.newPage();
    const switchTo = async (path: string) => {
      await page.goto(`${site.url}${path}`);
      await page.locator('.locale-switcher summary').click();
      await page.locator('.locale-switcher a[hreflang="de-EU"]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/de-eu'));
    };
    // Sold in both regions: the same product page, no notice.
    await switchTo(`/product/${encodeURIComponent(both)}`);
    expect(new URL(page.url()).pathname).toBe(`/de-eu/product/${encodeURIComponent(both)}`);
    expect(await page.locator('.locale-notice').count()).toBe(0);
    // Not sold in the EU: the nearest page there (its category's deepest level the EU has, or home), said so.
    await switchTo(`/product/${encodeURIComponent(usOnly)}`);
    const landed = new URL(page.url()).pathname;
    expect(landed).not.toContain('/product/');
    expect(landed).toMatch(/^\/de-eu(\/products\/.+)?$/);
    await page
      .locator('.locale-notice', { hasText: 'Diese Seite gibt es in der gewählten Region nicht' })
      .waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.title()).not.toMatch(/404|not found|nicht gefunden/i);
    expect(await axeViolations(page)).toEqual([]);
    // Once: the next page has no notice.
    await page.reload();
    expect(await page.locator('.locale-notice').count()).toBe(0);
    await page.close();
  });

  it('has no WCAG 2.2 AA violations on the home page (axe-core), banner and menu open', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const path of ['/', '/fr-ca']) {
      await page.goto(`${site.url}${path}`);
      await page
        .getByRole('navigation', { name: /Main navigation|Navigation principale/ })
        .getByRole('button')
        .first()
        .click();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.close();
  });

  it('at 390 px the header takes at most 120 px, folds its tools and menu behind Menu, and the menu shows every top category in every locale', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
    });
    // A visitor who has answered the consent banner, so it does not cover what the screenshots show.
    await context.addCookies([{ name: 'tracking_consent', value: 'off', url: site.url }]);
    const page = await context.newPage();
    for (const locale of dataset.locales) {
      const path = localePath(locale);
      await page.goto(`${site.url}${path}`);
      const t = texts(locale);
      const header = page.locator('header.site-header');
      expect((await header.boundingBox())?.height ?? 999, locale.code).toBeLessThanOrEqual(120);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        locale.code,
      ).toBeLessThanOrEqual(390);
      const menu = page.getByRole('button', { name: t['header.menu'], exact: true });
      const nav = page.getByRole('navigation', { name: t['nav.main'] });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);

      // Opened with the keyboard, every top category of the locale's catalogue is in sight.
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => menu.getAttribute('aria-expanded'), { message: locale.code }).toBe('true');
      expect(await nav.isVisible()).toBe(true);
      const categories = (await routesOf(site.url, locale.code)).filter((r) => r.kind === 'category');
      expect(categories.length, locale.code).toBeGreaterThan(3);
      for (const category of categories) {
        const button = nav.getByRole('button', { name: category.title, exact: true });
        const box = await button.boundingBox();
        expect(box, `${locale.code} ${category.title}`).not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        locale.code,
      ).toBeLessThanOrEqual(390);
      if (locale.code === 'en-US' || locale.code === 'de-EU') {
        await page.screenshot({ path: artifactPath(`mobile-menu-${locale.code}.png`) });
        expect(await axeViolations(page), locale.code).toEqual([]);
      }
      // Escape folds it again and gives the focus back to the button.
      await nav.getByRole('button').first().focus();
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.getAttribute('aria-expanded'), { message: locale.code }).toBe('false');
      expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    }
    await context.close();
  });

  it('answers GraphQL from the content service on /api/cmsApi and /api/contentHubApi, and refuses bad bodies', async () => {
    const post = (route: string, body: unknown) =>
      fetch(`${site.url}/api/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const cms = await post('cmsApi', {
      query: 'query ($language: String!) { route(path: "/", language: $language) { MetaTitle } }',
      variables: { language: 'fr-CA' },
    });
    expect(cms.status).toBe(200);
    expect((await cms.json()).data.route.MetaTitle).toBe((await routeOf(site.url, '/', 'fr-CA')).MetaTitle);

    const sku = dataset.products.find((p) => p.regions.includes('EU'))?.id ?? '';
    const hub = await post('contentHubApi', {
      query:
        'query ($productsArr: [String!], $locale: String) { allM_PCM_Product(where: { productNumber_in: $productsArr }, locale: $locale) { results { productNumber productName locale } } }',
      variables: { productsArr: [sku], locale: 'de-EU' },
    });
    expect(hub.status).toBe(200);
    const results = (await hub.json()).data.allM_PCM_Product.results;
    expect(results).toEqual([expect.objectContaining({ productNumber: sku, locale: 'de-EU' })]);

    const bad = await post('cmsApi', '{"variables":{}}');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].message).toMatch(/query/);
    const unknown = await post('cmsApi', { query: '{ route(path: "/", language: "xx-XX") { title } }' });
    expect((await unknown.json()).errors[0].message).toMatch(/xx-XX/);
  });

  describe('in Production', () => {
    beforeAll(async () => {
      await site.stop();
      site = await startSite({ dataDir: data.dir, env: { ...scriptEnv, APP_ENV: 'production' } });
    });

    it('lets pages be indexed and adds the session recording and the site verification', async () => {
      const page = await browser.newPage();
      await page.goto(`${site.url}/en-gb`);
      // Crawlers get what the route item says (spec §2: noindex,nofollow only outside Production).
      const route = await routeOf(site.url, '/', 'en-GB');
      expect(route.MetaRobots).not.toMatch(/noindex/);
      expect(
        await page
          .locator('meta[name="robots"]')
          .evaluateAll((metas) => metas.map((m) => m.getAttribute('content'))),
      ).toEqual([route.MetaRobots]);
      expect(await page.getAttribute('meta[name="googlebot"]', 'content')).toBe(route.MetaGooglebot);
      expect(await page.getAttribute('meta[name="google-site-verification"]', 'content')).toBe(
        'verify-token-123',
      );
      await expect
        .poll(() => loadedScripts(page), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(['/recording/rec42.js', '/gtm.js', '/consent.js']));
      const recording = page.locator('script[src*="/recording/"]');
      expect(await recording.getAttribute('src')).toBe(`${scripts.url}/recording/rec42.js`);
      await page.close();
    });
  });
});
