import { JSDOM } from 'jsdom';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSanitisers } from '../apps/storefront/src/search/sanitize';
import { renderBlocks } from '../apps/storefront/src/search/server-blocks';
import { ServerContentBlocks } from '../apps/storefront/src/search/server-blocks-view';
import { CSS_PAYLOADS, XSS_PAYLOADS } from '../apps/storefront/src/search/xss-corpus';
import { artifactPath } from './harness/artifacts';
import { axeViolations } from './harness/axe';
import { launchBrowser } from './harness/browser';
import { imageLoaded } from './harness/drawings';
import { addableWithoutSpecs, logInThroughThePage } from './harness/project-journey';
import { passwordToken, type RunningSite, startSite, temporaryDataDir } from './harness/site';

// biome-ignore lint/suspicious/noExplicitAny: event bodies read by the personalisation test
type Json = any;

/**
 * The storefront's search through the official SDK against our search service, in Chromium: the header's
 * preview (combobox keys, Escape, no axe violations while open); the results page — search, filter by a
 * facet (its count is the new total), sort, page, back, open a result — with its state in the URL and
 * no axe violations; widget view/click events only with tracking consent; the XSS corpus served as
 * HTML, banner and SEO widgets (the service's answer replaced in the browser) running nothing; and the
 * personalisation of issue 22 item 17 (page views and identity stored only with consent, the discovery
 * session cookies, the recommendation widgets with their events, questions and answers).
 */

describe('search', () => {
  const data = temporaryDataDir('e2e-search');
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ dataDir: data.dir, env: { DATASET_SKUS: '600' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    data.remove();
  });

  async function newPage(consent: 'on' | 'off' = 'on'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'tracking_consent', value: consent, url: site.url }]);
    return { context, page: await context.newPage() };
  }

  /** Events the page publishes (name/action/rfk_id/index). */
  function recordEvents(page: Page): Array<Record<string, unknown>> {
    const events: Array<Record<string, unknown>> = [];
    page.on('request', (request: Request) => {
      if (!request.url().includes('/discover/api/event/v4/publish')) return;
      const body = request.postDataJSON() as {
        name: string;
        action: string;
        value?: Record<string, unknown>;
      };
      events.push({
        name: body.name,
        action: body.action,
        rfk_id: body.value?.rfk_id,
        index: body.value?.index,
        value: body.value,
      });
    });
    return events;
  }

  async function resultCount(page: Page): Promise<string> {
    return (await page.locator('.search-results__count').textContent()) ?? '';
  }

  it('previews as you type: combobox keys, Escape closes, no axe violations while open', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(`${site.url}/`);
      const field = page.locator('#site-search');
      await field.click();
      await field.pressSequentially('conduit', { delay: 40 });
      await page.locator('#site-search[aria-expanded="true"]').waitFor({ timeout: 15_000 });
      const listboxId = await field.getAttribute('aria-controls');
      expect(listboxId).toBeTruthy();
      const options = page.locator(`#${listboxId} [role="option"]`);
      expect(await options.count()).toBeGreaterThan(0);
      // Each product shows the thumbnail of its drawing, made by the storefront.
      const thumb = page.locator(`#${listboxId} .search-preview__option--product img`).first();
      expect(await thumb.getAttribute('src')).toMatch(/^\/api\/drawings\/en-us\/[^/]+\/thumb\.svg$/);
      await expect.poll(() => imageLoaded(thumb)).toBe(true);
      await field.press('ArrowDown');
      const first = await options.first().getAttribute('id');
      expect(await field.getAttribute('aria-activedescendant')).toBe(first);
      expect(await options.first().getAttribute('aria-selected')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await field.press('Escape');
      expect(await field.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('.search-preview').isHidden()).toBe(true);
      expect(await field.inputValue()).toBe('conduit');
      // Reopen and choose a product with the keyboard: its page opens.
      await field.press('ArrowDown');
      await page.locator('#site-search[aria-expanded="true"]').waitFor();
      const product = page.locator(`#${listboxId} .search-preview__option--product`).first();
      const productCount = await page.locator(`#${listboxId} [role="option"]`).count();
      const productIndex =
        productCount - (await page.locator(`#${listboxId} .search-preview__option--product`).count());
      for (let i = 0; i <= productIndex; i++) await field.press('ArrowDown');
      expect(await field.getAttribute('aria-activedescendant')).toBe(await product.getAttribute('id'));
      await Promise.all([page.waitForURL(/\/product\//), field.press('Enter')]);
      await expect.poll(() => page.locator('h1').textContent()).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it('searches, filters by a facet, sorts, pages, goes back and opens a result; state in the URL', async () => {
    const { context, page } = await newPage();
    const events = recordEvents(page);
    try {
      await page.goto(`${site.url}/`);
      await page.locator('#site-search').fill('conduit');
      await Promise.all([
        page.waitForURL(/\/search\?q=conduit/),
        page.locator('#site-search').press('Enter'),
      ]);
      await page.locator('.search-result').first().waitFor({ timeout: 20_000 });
      const resultDrawing = page.locator('.search-result img.search-result__image').first();
      expect(await resultDrawing.getAttribute('src')).toMatch(/^\/api\/drawings\/en-us\/[^/]+\/thumb\.svg$/);
      await expect.poll(() => imageLoaded(resultDrawing)).toBe(true);
      const before = await resultCount(page);
      expect(before).toMatch(/of \d+ results/);

      // Filter by the first value of the first facet: the total becomes that value's count.
      const value = page.locator('.search-facet').first().locator('.search-facet__value').first();
      const facetCount = Number(/\((\d+)\)/.exec((await value.locator('label').textContent()) ?? '')?.[1]);
      await value.locator('input').check();
      await page.waitForURL(/[?&]f=/);
      await expect.poll(() => resultCount(page)).toContain(`of ${facetCount} results`);
      expect(await value.locator('input').isChecked()).toBe(true);
      expect(await page.locator('.search-chip').count()).toBe(1);

      // Sort by name.
      await page.locator('select[name="sort"]').selectOption('name_asc');
      await page.waitForURL(/sort=name_asc/);
      await expect
        .poll(async () => {
          const names = await page.locator('.search-result__name').allTextContents();
          return (
            names.length > 1 && names.every((n, i) => i === 0 || (names[i - 1] ?? '').localeCompare(n) <= 0)
          );
        })
        .toBe(true);

      // Fewer per page, then page 2.
      await page.locator('select[name="size"]').selectOption('12');
      await page.waitForURL(/size=12/);
      if (facetCount > 12) {
        const firstOnPage1 = await page.locator('.search-result__name').first().textContent();
        await page.locator('.search-pager a', { hasText: /^2$/ }).click();
        await page.waitForURL(/page=2/);
        await expect
          .poll(() => page.locator('.search-result__name').first().textContent())
          .not.toBe(firstOnPage1);
        expect(await page.locator('.search-pager a[aria-current="page"]').textContent()).toBe('2');
        // Back: page 1 again, from the URL.
        await page.goBack();
        await expect.poll(() => page.url()).not.toMatch(/page=2/);
        await expect
          .poll(() => page.locator('.search-result__name').first().textContent())
          .toBe(firstOnPage1);
      }

      // A shared URL shows the same state.
      const shared = page.url();
      const other = await context.newPage();
      await other.goto(shared);
      await other.locator('.search-chip').waitFor();
      await other.locator('select[name="sort"]').waitFor();
      expect(await other.locator('select[name="sort"]').inputValue()).toBe('name_asc');
      expect(await other.locator('select[name="size"]').inputValue()).toBe('12');
      expect(await other.locator('.search-facet input:checked').count()).toBe(1);
      await other.close();

      expect(await axeViolations(page)).toEqual([]);

      // Clear filters.
      await page.locator('button', { hasText: 'Clear filters' }).click();
      await expect.poll(() => page.url()).not.toMatch(/[?&]f=/);

      // Open a result: its product page.
      const link = page.locator('.search-result__name').first();
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/product\//);
      await Promise.all([page.waitForURL(`**${href}`), link.click()]);
      expect(page.url()).toContain(href ?? '');
      await expect
        .poll(() =>
          events.some((e) => e.name === 'widget' && e.action === 'click' && typeof e.index === 'number'),
        )
        .toBe(true);
      expect(events.some((e) => e.name === 'widget' && e.action === 'view' && e.rfk_id === 'rfkid_7')).toBe(
        true,
      );
    } finally {
      await context.close();
    }
  });

  it('at 390 px the search filters fold behind a button, closed at first and opened by the keyboard', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    // A visitor who has answered the consent banner, so it does not cover what the screenshots show.
    await context.addCookies([{ name: 'tracking_consent', value: 'off', url: site.url }]);
    const page = await context.newPage();
    try {
      await page.goto(`${site.url}/search?q=conduit`);
      await page.locator('.search-result').first().waitFor({ timeout: 20_000 });
      const toggle = page.getByRole('button', { name: 'Filters', exact: true });
      const filters = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await filters.isVisible()).toBe(false);
      expect(await page.locator('.search-facet').first().isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: artifactPath('mobile-search.png') });

      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('.search-facet').first().isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await filters.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await toggle.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifactPath('mobile-search-filters.png') });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends no events when tracking consent is off', async () => {
    const { context, page } = await newPage('off');
    const events = recordEvents(page);
    try {
      await page.goto(`${site.url}/search?q=conduit`);
      await page.locator('.search-result').first().waitFor({ timeout: 20_000 });
      const link = page.locator('.search-result__name').first();
      await Promise.all([page.waitForURL(/\/product\//), link.click()]);
      await page.waitForTimeout(1500);
      expect(events).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends the product page view, and a2w with the SKU and quantity 1 after an add to a project', async () => {
    const { context, page } = await newPage();
    const events = recordEvents(page);
    try {
      await page.goto(`${site.url}/search?q=conduit`);
      const link = page.locator('.search-result__name').first();
      await link.waitFor({ timeout: 20_000 });
      const href = (await link.getAttribute('href')) ?? '';
      const sku = decodeURIComponent(href.split('/').pop() ?? '');
      await page.goto(`${site.url}${href}`);
      await expect.poll(() => events.some((e) => e.name === 'entity_page' && e.action === 'view')).toBe(true);
      // What the projects code announces after a successful add (quantity 5: a2w still says 1).
      await page.evaluate((productId) => {
        window.dispatchEvent(
          new CustomEvent('catalogue:add-to-project', {
            detail: { productId, quantity: 5, projectId: 'order-1', source: 'product-page' },
          }),
        );
      }, sku);
      await expect.poll(() => events.some((e) => e.name === 'wishlist'), { timeout: 15_000 }).toBe(true);
      const a2w = events.find((e) => e.name === 'wishlist') as {
        action: string;
        value: Record<string, unknown>;
      };
      expect(a2w.action).toBe('add');
      expect(a2w.value.entities).toEqual([{ id: sku, entity_type: 'product', quantity: 1 }]);
      expect(a2w.value.custom_attributes).toMatchObject({ event: 'a2w', project_id: 'order-1' });
    } finally {
      await context.close();
    }
  });

  it('POST /api/discover/accessToken: the logged-in user’s bearer identity, refusals otherwise; searches carry it', async () => {
    const post = (body: unknown) =>
      fetch(`${site.url}/api/discover/accessToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: 'Could not found an Order Cloud Cloud logged user.' });
    const bad = await post({ token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: string }).error).toBe('Invalid token');
    expect((await post({ token: 5 })).status).toBe(400);

    const grant = await fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username: 'engineer',
        password: 'Buyer#2026',
        scope: 'Shopper',
      }),
    });
    const { access_token: token } = (await grant.json()) as { access_token: string };
    const good = await post({ token: encodeURIComponent(token) });
    expect(good.status).toBe(200);
    const answer = (await good.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      accessToken: token,
      tokenType: 'Bearer',
      authorization: `Bearer ${token}`,
    });
    expect(answer.expiresAt).toBeGreaterThan(Date.now());

    const { context, page } = await newPage();
    try {
      await context.addCookies([
        { name: 'UserToken', value: encodeURIComponent(token), url: site.url, sameSite: 'Lax' },
      ]);
      const authorizations: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/discover/api/discover/v2'))
          authorizations.push(request.headers().authorization ?? '');
      });
      await page.goto(`${site.url}/search?q=conduit`);
      await page.locator('.search-result').first().waitFor({ timeout: 20_000 });
      expect(authorizations).toContain(`Bearer ${token}`);
    } finally {
      await context.close();
    }
  });

  it('runs nothing from the XSS corpus served as HTML, banner and SEO widgets', async () => {
    const { context, page } = await newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addInitScript(() => {
      const calls: string[] = [];
      Object.defineProperty(window, '__xssCalls', { value: calls });
      Object.defineProperty(window, '__xss', { value: (id: string) => calls.push(id) });
    });
    const html = XSS_PAYLOADS.map(([, payload]) => payload).join('\n');
    const css = CSS_PAYLOADS.map(([, payload]) => payload).join('\n');
    const appearance = {
      css_names: ['xss-block', 'bad"class'],
      templates: {
        html: { devices: { pc: { content: `<p class="xss-marker">safe text</p>${html}` } } },
        css: { devices: { pc: { content: `.xss-marker { color: rgb(1, 2, 3); }\n${css}` } } },
      },
    };
    const seo = {
      templates: {
        html: {
          devices: {
            pc: {
              content: `<meta name="xss-marker" content="seo">${html}`,
            },
          },
        },
      },
    };
    const types: Record<string, string> = { xss_html: 'html_block', xss_banner: 'banner', xss_seo: 'seo' };
    // The service's answer is replaced in the browser: the storefront must be safe whatever it is sent
    // (the service itself refuses such configuration). Requests mixing real widgets keep their answers.
    await page.route('**/discover/api/discover/v2', async (route: Route) => {
      const body = route.request().postDataJSON() as {
        widget?: { items?: Array<{ rfk_id: string; entity: string }> };
      };
      const items = body.widget?.items ?? [];
      if (items.length === 0) {
        const widgets = Object.entries(types).map(([rfk_id, type]) => ({
          rfk_id,
          type,
          entity: 'content',
          used_in: 'page',
        }));
        await route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ widgets, ts: Date.now(), dt: 1 }),
        });
        return;
      }
      const ours = items.filter((item) => item.rfk_id in types);
      let widgets: unknown[] = [];
      if (ours.length < items.length) {
        const real = (await (await route.fetch()).json()) as { widgets?: Array<{ rfk_id: string }> };
        widgets = (real.widgets ?? []).filter((widget) => !(widget.rfk_id in types));
      }
      widgets.push(
        ...ours.map((item) => ({
          rfk_id: item.rfk_id,
          entity: item.entity,
          type: types[item.rfk_id],
          appearance: item.rfk_id === 'xss_seo' ? seo : appearance,
        })),
      );
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ widgets, ts: Date.now(), dt: 1 }),
      });
    });
    try {
      await page.goto(`${site.url}/search?q=conduit`);
      await page.locator('[data-rfkid="xss_html"] .xss-marker').waitFor({ timeout: 20_000 });
      await page.locator('[data-rfkid="xss_banner"] .xss-marker').waitFor();
      await page.locator('head > meta[name="xss-marker"]').waitFor({ state: 'attached' });
      // Widget CSS: one style element per widget id, applied.
      expect(await page.locator('style[data-rfk-id-style="xss_html"]').count()).toBe(1);
      expect(
        await page
          .locator('[data-rfkid="xss_html"] .xss-marker')
          .evaluate((el) => getComputedStyle(el).color),
      ).toBe('rgb(1, 2, 3)');
      // SEO HTML at the start of the head.
      expect(
        await page.evaluate(() => document.head.firstElementChild?.getAttribute('data-rfk-id-seo')),
      ).toBe('xss_seo');
      // Click every link and button the blocks kept, focus every field.
      for (const element of await page.locator('.search-blocks a, .search-blocks button').all()) {
        await element.click({ noWaitAfter: true, timeout: 2000 }).catch(() => undefined);
      }
      await page.waitForTimeout(1500);
      expect(await page.evaluate(() => (window as unknown as { __xssCalls: string[] }).__xssCalls)).toEqual(
        [],
      );
      expect(dialogs).toEqual([]);
      const leftovers = await page.evaluate(() => {
        const found: string[] = [];
        for (const root of [...document.querySelectorAll('.search-blocks'), document.head]) {
          for (const el of root.querySelectorAll('*')) {
            for (const attr of el.attributes) {
              if (attr.name.startsWith('on')) found.push(`${el.nodeName}[${attr.name}]`);
              if (/^\s*(javascript|vbscript|data):/i.test(attr.value))
                found.push(`${el.nodeName}[${attr.name}=${attr.value.slice(0, 12)}]`);
            }
            if (['IFRAME', 'OBJECT', 'EMBED', 'SVG', 'FORM', 'BASE'].includes(el.nodeName.toUpperCase()))
              found.push(el.nodeName);
            if (el.nodeName === 'META' && el.hasAttribute('http-equiv')) found.push('meta[http-equiv]');
            if (
              el.nodeName === 'SCRIPT' &&
              el.getAttribute('data-rfk-id-seo') &&
              el.getAttribute('type') !== 'application/ld+json'
            )
              found.push('script');
          }
        }
        return found;
      });
      expect(leftovers).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/search');
    } finally {
      await context.close();
    }
  });

  it('renders the configured blocks on the server: home banner with its style, SEO JSON-LD at the head start', async () => {
    const { context, page } = await newPage();
    try {
      const html = await (await fetch(`${site.url}/`)).text();
      expect(html).toContain('data-rfkid="rfkid_home_banner"');
      await page.goto(`${site.url}/`);
      const banner = page.locator('[data-rfkid="rfkid_home_banner"]');
      expect(await banner.locator('h2').textContent()).toBeTruthy();
      expect(await page.locator('style[data-rfk-id-style="rfkid_home_banner"]').count()).toBe(1);
      expect(await page.evaluate(() => document.head.firstElementChild?.getAttribute('type'))).toBe(
        'application/ld+json',
      );
      expect(
        await page.evaluate(() => document.head.firstElementChild?.getAttribute('data-rfk-id-seo')),
      ).toBe('rfkid_seo');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('puts the SEO block at the head’s start from the page’s inline script, before any framework script runs', async () => {
    const { context, page } = await newPage();
    try {
      // No framework chunk ever arrives: only the page's inline scripts run. (The frame's own goto: the
      // harness's page.goto would wait for React.)
      await page.route('**/_next/static/chunks/**', (route) => route.abort());
      await page.mainFrame().goto(`${site.url}/`);
      const placed = await page.evaluate(() => ({
        first: document.head.firstElementChild?.getAttribute('data-rfk-id-seo'),
        copies: document.head.querySelectorAll('[data-rfk-id-seo="rfkid_seo"][data-rfk-seo-copy]').length,
        inTemplate: document.querySelector<HTMLTemplateElement>('template[data-rfk-id-seo="rfkid_seo"]')
          ?.content.children.length,
        react: Object.keys(document).some((key) => key.startsWith('_reactListening')),
      }));
      expect(placed).toEqual({
        first: 'rfkid_seo',
        copies: placed.inTemplate,
        inTemplate: placed.inTemplate,
        react: false,
      });
      expect(placed.copies).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('follows client-side navigation: the home page’s SEO block leaves the head, each server block sends one view', async () => {
    const { context, page } = await newPage();
    const events = recordEvents(page);
    const views = (rfkId: string) =>
      events.filter((e) => e.name === 'widget' && e.action === 'view' && e.rfk_id === rfkId).length;
    const seoCopies = () => page.locator('head > [data-rfk-id-seo="rfkid_seo"]').count();
    try {
      await page.goto(`${site.url}/`);
      await expect.poll(() => views('rfkid_home_banner')).toBe(1);
      expect(await seoCopies()).toBe(1);
      // A client-side navigation (the document stays): React does not run the page's inline script.
      await page.evaluate(() => {
        (window as unknown as { __samePage: boolean }).__samePage = true;
      });
      const family = page.locator('main a[href^="/products/"]').first();
      await Promise.all([page.waitForURL(/\/products\//), family.click()]);
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(
        true,
      );
      await expect.poll(seoCopies).toBe(0);
      await page.locator('[data-rfkid="rfkid_family_help"]').scrollIntoViewIfNeeded();
      await expect.poll(() => views('rfkid_family_help')).toBe(1);
      const help = events.find((e) => e.rfk_id === 'rfkid_family_help') as { value: Record<string, unknown> };
      expect(help.value).toMatchObject({
        entity: 'content',
        context: { page: { uri: new URL(page.url()).pathname, locale_language: 'en', locale_country: 'us' } },
      });
      await page.goBack();
      await expect.poll(seoCopies).toBe(1);
      // A new page view, a new appearance (as an SDK block widget mounted again).
      await expect.poll(() => views('rfkid_home_banner')).toBe(2);
    } finally {
      await context.close();
    }
  });

  it('runs nothing from the XSS corpus rendered by the server-side block view', async () => {
    const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>');
    const html = XSS_PAYLOADS.map(([, payload]) => payload).join('\n');
    const css = CSS_PAYLOADS.map(([, payload]) => payload).join('\n');
    const appearance = (content: string, cssText: string) => ({
      css_names: ['xss-block'],
      templates: {
        html: { devices: { pc: { content } } },
        css: { devices: { pc: { content: cssText } } },
      },
    });
    const blocks = renderBlocks(
      [
        {
          rfk_id: 'xss_html',
          type: 'html_block',
          appearance: appearance(`<p class="xss-marker">ok</p>${html}`, css),
        },
        { rfk_id: 'xss_banner', type: 'banner', appearance: appearance(html, css) },
        {
          rfk_id: 'xss_seo',
          type: 'seo',
          appearance: appearance(`<meta name="xss-marker" content="seo">${html}`, ''),
        },
      ],
      createSanitisers(window as never),
      window.document,
    );
    const markup = renderToStaticMarkup(createElement(ServerContentBlocks, { blocks }));
    const { context, page } = await newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      // A fresh document on the site's origin holding only the view's markup: with setContent over a
      // loaded page, the page's own scripts kept running and could write to the new head.
      const probe = `${site.url}/__xss-probe`;
      await page.route(probe, (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: `<!doctype html><html><head><title>t</title><script>window.__xssCalls=[];window.__xss=function(id){window.__xssCalls.push(id)};</script></head><body>${markup}</body></html>`,
        }),
      );
      await page.goto(probe);
      await page.locator('.xss-marker').waitFor();
      expect(await page.evaluate(() => document.head.firstElementChild?.getAttribute('name'))).toBe(
        'xss-marker',
      );
      for (const element of await page.locator('.search-blocks a, .search-blocks button').all()) {
        await element.click({ noWaitAfter: true, timeout: 2000 }).catch(() => undefined);
      }
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => (window as unknown as { __xssCalls: string[] }).__xssCalls)).toEqual(
        [],
      );
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });
  /** Each event publish of the page: the events it carried and how many the service stored. */
  function recordPublishes(
    page: Page,
  ): Array<{ events: Array<Record<string, Json>>; status: number; stored: number; auth: boolean }> {
    const publishes: Array<{
      events: Array<Record<string, Json>>;
      status: number;
      stored: number;
      auth: boolean;
    }> = [];
    page.on('response', async (response) => {
      const request = response.request();
      if (!request.url().includes('/discover/api/event/v4/publish')) return;
      const body = request.postDataJSON() as Record<string, Json> | Array<Record<string, Json>>;
      const answer = (await response.json().catch(() => ({}))) as { stored?: number };
      publishes.push({
        events: Array.isArray(body) ? body : [body],
        status: response.status(),
        // -1 when the page left before the body could be read (a click that navigates).
        stored: answer.stored ?? -1,
        auth: (request.headers().authorization ?? '').startsWith('Bearer '),
      });
    });
    return publishes;
  }

  /** A project (an order with xp.projectName) of the token's user holding `products`, submitted or not. */
  async function project(token: string, products: string[], submit: boolean): Promise<string> {
    const call = async (path: string, body: unknown) => {
      const answer = await fetch(`${site.url}/ordercloud/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as { ID: string };
    };
    const order = await call('/orders/Outgoing', {
      xp: { projectName: `Recommend ${Date.now()}`, regionName: 'US' },
    });
    for (const productId of products) {
      await call(`/orders/Outgoing/${order.ID}/lineitems`, { ProductID: productId, Quantity: 1 });
    }
    if (submit) await call(`/orders/Outgoing/${order.ID}/submit`, {});
    return order.ID;
  }

  /** A recommendation section, scrolled to and filled; its product links' paths. */
  async function widgetProducts(page: Page, rfkId: string): Promise<string[]> {
    const section = page.locator(`[data-recommend="${rfkId}"]`);
    // The widgets load when they come near the viewport.
    await section.scrollIntoViewIfNeeded();
    await expect
      .poll(() => section.getAttribute('data-recommend-state'), { timeout: 20_000 })
      .toMatch(/^(shown|empty)$/);
    return section
      .locator('.recommendations__link')
      .evaluateAll((links) => links.map((link) => decodeURIComponent((link as HTMLAnchorElement).pathname)));
  }

  it('personalisation: page views and identity stored only with consent, session cookies, widgets with real products and events, questions', async () => {
    const token = await passwordToken(site, 'engineer');
    // Two public conduit products (as a visitor's search finds them) that a project takes without specs.
    const found = await fetch(`${site.url}/discover/api/discover/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        context: { locale: { country: 'us', language: 'en' } },
        widget: {
          items: [
            { entity: 'product', rfk_id: 'rfkid_7', search: { query: { keyphrase: 'conduit' }, limit: 30 } },
          ],
        },
      }),
    });
    const candidates =
      ((await found.json()) as { widgets: Array<{ content: Array<{ id: string }> }> }).widgets[0]?.content ??
      [];
    const ids: string[] = [];
    for (const { id } of candidates) {
      if (ids.length < 2 && (await addableWithoutSpecs(site, token, id))) ids.push(id);
    }
    const [first, second] = ids;
    if (!first || !second) throw new Error('too few conduit products');
    const productPathOf = (id: string) => `/product/${encodeURIComponent(id)}`;

    // Consent off: no event leaves the page, no tracking cookie; the public widgets still answer.
    const off = await newPage('off');
    const offPublishes = recordPublishes(off.page);
    try {
      await off.page.goto(`${site.url}/`);
      await widgetProducts(off.page, 'rfkid_2');
      expect(await widgetProducts(off.page, 'rfkid_4')).toEqual([]);
      expect(await off.page.locator('[data-recommend="rfkid_4"] .recommendations__empty').textContent()).toBe(
        'The products you look at will appear here.',
      );
      await off.page.waitForTimeout(1000);
      expect(offPublishes).toEqual([]);
      const names = (await off.context.cookies()).map((cookie) => cookie.name);
      for (const name of ['__ruid', '__rutma', '__rutmb']) expect(names).not.toContain(name);
    } finally {
      await off.context.close();
    }

    // Consent on, on a phone at 390 px: the MOBILE_WEB page view is stored with language and currency.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    await phone.addCookies([{ name: 'tracking_consent', value: 'on', url: site.url }]);
    const page = await phone.newPage();
    const publishes = recordPublishes(page);
    const pageViews = () =>
      publishes.flatMap((p) =>
        p.events.filter((e) => e.name === 'page').map((e) => ({ event: e, stored: p.stored })),
      );
    try {
      await page.goto(`${site.url}/fr-ca`);
      await expect.poll(() => pageViews().length).toBe(1);
      const frView = pageViews()[0] as { event: Json; stored: number };
      expect(frView.stored).toBe(1);
      expect(frView.event).toMatchObject({
        action: 'view',
        action_sub_type: 'personalize',
        value: {
          context: { page: { uri: '/', locale_country: 'ca', locale_language: 'fr' } },
          custom_attributes: { channel: 'MOBILE_WEB', language: 'FR', currency: 'CAD' },
        },
      });
      // The browser id (365 days) and the discovery session cookies (30 minutes, spec §9).
      const cookies = new Map((await phone.cookies()).map((cookie) => [cookie.name, cookie]));
      const now = Date.now() / 1000;
      const browserId = cookies.get('__ruid');
      expect(browserId?.expires ?? 0).toBeGreaterThan(now + 364 * 86_400);
      for (const name of ['__rutma', '__rutmb']) {
        const expires = cookies.get(name)?.expires ?? 0;
        expect(expires, name).toBeGreaterThan(now + 1800 - 120);
        expect(expires, name).toBeLessThan(now + 1800 + 120);
      }
      expect(cookies.get('__rutma')?.value).toMatch(
        new RegExp(`^${browserId?.value}\\.\\d+\\.\\d+\\.1\\.1\\.1$`),
      );
      expect(cookies.get('__rutmb')?.value).toBe('11111');
      expect(frView.event.uuid).toBe(browserId?.value);

      // Two product pages: the second one's similar products are real products with their own pages;
      // questions and answers under them; a click on a similar product is stored with its position.
      await page.goto(`${site.url}${productPathOf(first)}`);
      await page.goto(`${site.url}${productPathOf(second)}`);
      await expect
        .poll(() => pageViews().at(-1)?.event.value.custom_attributes)
        .toMatchObject({
          channel: 'MOBILE_WEB',
          language: 'EN',
          currency: 'USD',
          page: productPathOf(second),
        });
      const similar = await widgetProducts(page, 'rfkid_1');
      expect(similar.length).toBeGreaterThan(0);
      expect(similar).not.toContain(productPathOf(second));
      const questions = page.locator('section.questions details');
      expect(await questions.count()).toBeGreaterThan(0);
      expect(await questions.count()).toBeLessThanOrEqual(6);
      await questions.first().locator('summary').click();
      expect(await questions.first().locator('.questions__answer').isVisible()).toBe(true);
      await page.locator('[data-recommend="rfkid_1"]').scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          publishes.find((p) =>
            p.events.some((e) => e.name === 'widget' && e.action === 'view' && e.value.rfk_id === 'rfkid_1'),
          ),
        )
        .toMatchObject({ stored: 1 });
      expect(await axeViolations(page)).toEqual([]);
      const firstSimilar = page.locator('[data-recommend="rfkid_1"] .recommendations__link').first();
      const target = decodeURIComponent(
        new URL((await firstSimilar.getAttribute('href')) ?? '', site.url).pathname,
      );
      await Promise.all([
        page.waitForURL((url) => decodeURIComponent(url.pathname) === target),
        firstSimilar.click(),
      ]);
      await expect
        .poll(() => publishes.find((p) => p.events.some((e) => e.name === 'widget' && e.action === 'click')))
        .toMatchObject({
          status: 200,
          events: [
            {
              action_cause: 'entity',
              value: {
                rfk_id: 'rfkid_1',
                index: 0,
                entities: [{ id: target.split('/').pop(), entity_type: 'product' }],
              },
            },
          ],
        });

      // Home: recently viewed lists this visitor's product pages, newest first; trending has products.
      const targetId = target.split('/').pop() ?? '';
      await expect
        .poll(() =>
          publishes.find((p) =>
            p.events.some((e) => e.name === 'entity_page' && e.value.entities[0].id === targetId),
          ),
        )
        .toMatchObject({ stored: 1 });
      await page.goto(`${site.url}/`);
      const viewed = [...new Set([target, productPathOf(second), productPathOf(first)])];
      expect((await widgetProducts(page, 'rfkid_4')).slice(0, viewed.length)).toEqual(viewed);
      // Trending is recomputed from the events at most every 5 s.
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await widgetProducts(page, 'rfkid_2')).length;
          },
          { timeout: 30_000, interval: 2000 },
        )
        .toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);

      // A family page answers the questions of its range.
      await page.goto(`${site.url}/products/conduit-fittings`);
      expect(await page.locator('section.questions details').count()).toBeGreaterThan(0);

      // Withdrawing consent takes the tracking identity: the browser id and both session cookies.
      await page.getByRole('button', { name: 'Cookie settings' }).click();
      await page
        .getByRole('region', { name: 'Your privacy choices' })
        .getByRole('button', { name: 'Decline analytics' })
        .click();
      const left = (await phone.cookies()).map((cookie) => cookie.name);
      for (const name of ['__ruid', '__rutma', '__rutmb']) expect(left).not.toContain(name);
    } finally {
      await phone.close();
    }

    // Signed in (desktop): the identity event with email, names and role goes with the WEB page view,
    // under the user's token, and is stored; often quoted together and the empty project's widgets.
    const desktop = await browser.newContext();
    await desktop.addCookies([{ name: 'tracking_consent', value: 'on', url: site.url }]);
    const signedIn = await desktop.newPage();
    const signedInPublishes = recordPublishes(signedIn);
    try {
      await project(token, [first, second], true);
      const empty = await project(token, [], false);
      await logInThroughThePage(signedIn, site, 'engineer', 'Buyer#2026', productPathOf(first));
      await expect
        .poll(() => signedInPublishes.find((p) => p.events.some((e) => e.action === 'identify')))
        .toMatchObject({ stored: 2, auth: true });
      const jar = new Map(
        (await desktop.cookies()).map((cookie) => [cookie.name, decodeURIComponent(cookie.value)]),
      );
      const identify = signedInPublishes
        .flatMap((p) => p.events)
        .find((e) => e.action === 'identify') as Json;
      expect(identify).toMatchObject({
        name: 'login',
        value: {
          context: { user: { email: jar.get('UserEmail') } },
          custom_attributes: {
            channel: 'WEB',
            language: 'EN',
            currency: 'USD',
            email: jar.get('UserEmail'),
            first_name: 'Priya',
            last_name: 'Raman',
            role: 'Engineer',
          },
        },
      });
      expect(await widgetProducts(signedIn, 'rfkid_3')).toContain(productPathOf(second));
      await signedIn.goto(`${site.url}/projects/${encodeURIComponent(empty)}`);
      expect((await widgetProducts(signedIn, 'rfkid_4')).length).toBeGreaterThan(0);
      expect(await axeViolations(signedIn)).toEqual([]);
      // One identity per tab session, not per page.
      expect(signedInPublishes.flatMap((p) => p.events).filter((e) => e.action === 'identify')).toHaveLength(
        1,
      );
    } finally {
      await desktop.close();
    }
  });
});
