import { request as httpRequest } from 'node:http';
import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './harness/axe';
import { gotoWithoutReact, launchBrowser } from './harness/browser';
import { type RunningSite, startSite, temporaryDataDir } from './harness/site';

/**
 * Login, logout and session renewal in a browser (issue 8): the hosted login page, the header's account
 * menu, the login cookies of spec §3/§4/§9, token refresh that succeeds and that fails, and the refusals
 * of tampered tokens and cross-site requests, registration and password reset. On PostgreSQL, so the
 * test can read the reset code the commerce service queues in the outbox. Texts come from the content
 * service's dictionary.
 */

const PASSWORD = 'Buyer#2026';
const LOCALES = [
  { code: 'en-US', prefix: '', username: 'employee', firstName: 'Daniel' },
  { code: 'de-EU', prefix: '/de-eu', username: 'eu-buyer@nordlicht-elektro.example', firstName: null },
] as const;

describe('accounts: login, logout and sessions', () => {
  const data = temporaryDataDir('e2e-accounts');
  let database: TestDatabase;
  let site: RunningSite;
  let browser: Browser;
  const dictionaries = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    site = await startSite({
      dataDir: data.dir,
      // A first wait after wrong passwords long enough that the login right after it still falls inside
      // it on a slow machine (the default 2 s could pass while the page loads).
      env: { DATABASE_URL: database.url ?? '', DATASET_SKUS: '300', COMMERCE_LOGIN_FIRST_DELAY_S: '60' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await database?.dispose();
    data.remove();
  });

  async function dictionary(language: string): Promise<Record<string, string>> {
    const known = dictionaries.get(language);
    if (known) return known;
    const entries: Record<string, string> = {};
    let endCursor: string | null = null;
    for (;;) {
      const response = await fetch(`${site.url}/content/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query($language: String!, $endCursor: String) { dictionary(language: $language, limit: 100, endCursor: $endCursor) {
            pageInfo { endCursor hasNext } results { key phrase } } }`,
          variables: { language, endCursor },
        }),
      });
      const answer = (await response.json()) as {
        data: {
          dictionary: {
            pageInfo: { endCursor: string | null; hasNext: boolean };
            results: { key: string; phrase: string }[];
          };
        };
      };
      for (const item of answer.data.dictionary.results) entries[item.key] = item.phrase;
      if (!answer.data.dictionary.pageInfo.hasNext) break;
      endCursor = answer.data.dictionary.pageInfo.endCursor;
    }
    dictionaries.set(language, entries);
    return entries;
  }

  async function passwordGrantWith(username: string, password: string): Promise<Response> {
    return fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'storefront', username, password }),
    });
  }

  async function refreshGrant(refreshToken: string): Promise<Response> {
    return fetch(`${site.url}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'storefront',
        refresh_token: refreshToken,
      }),
    });
  }

  /** The status of a form POST sent from another loopback address (another client, to the service). */
  function formFrom(localAddress: string, url: string, form: Record<string, string>): Promise<number> {
    const body = new URLSearchParams(form).toString();
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        url,
        {
          method: 'POST',
          localAddress,
          agent: false,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  async function passwordGrant(username: string): Promise<{ access_token: string; refresh_token: string }> {
    const response = await passwordGrantWith(username, PASSWORD);
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; refresh_token: string };
  }

  const SESSION_COOKIES = [
    'UserEmail',
    'UserToken',
    'UserLogin',
    'refreshToken',
    'UserFirstName',
    'UserLastName',
    'UserRole',
  ];

  /** The login cookies among a context's cookies (the site sets others: location, consent, browser id). */
  function sessionCookies(cookies: Cookie[]): Map<string, Cookie> {
    return new Map(cookies.filter((c) => SESSION_COOKIES.includes(c.name)).map((c) => [c.name, c]));
  }

  async function logInThroughThePage(page: Page, username: string, password: string): Promise<void> {
    await page.locator('#login-username').fill(username);
    await page.locator('#login-password').fill(password);
    await page.locator('form.login-form button[type="submit"]').click();
  }

  for (const locale of LOCALES) {
    it(`logs in from a page and out again in ${locale.code}, with the cookies of the spec`, async () => {
      const t = await dictionary(locale.code);
      const context = await browser.newContext();
      const page = await context.newPage();
      const start = `${site.url}${locale.prefix}/newsletter?from=test`;
      await page.goto(start);
      await page.getByRole('link', { name: t['header.login'], exact: true }).click();
      await page.waitForURL(/\/login\?/);
      const loginUrl = new URL(page.url());
      expect(loginUrl.pathname).toBe(`${locale.prefix}/login`);
      expect(loginUrl.searchParams.get('redirectURI')).toBe(`${locale.prefix}/newsletter?from=test`);
      expect(await axeViolations(page)).toEqual([]);

      await logInThroughThePage(page, locale.username, 'wrong password');
      await expect.poll(() => page.locator('#login-error').innerText()).toBe(t['login.errorCredentials']);
      expect(await page.locator('#login-username').inputValue()).toBe(locale.username);

      const before = Date.now();
      await logInThroughThePage(page, locale.username, PASSWORD);
      await page.waitForURL(start);
      const cookies = sessionCookies(await context.cookies());
      for (const name of SESSION_COOKIES) {
        const cookie = cookies.get(name);
        expect(cookie, name).toBeDefined();
        // Only the refresh token is kept from scripts and from other sites' requests (issue 20 item 5).
        expect(cookie, name).toMatchObject(
          name === 'refreshToken'
            ? { path: '/', sameSite: 'Strict', secure: false, httpOnly: true }
            : { path: '/', sameSite: 'Lax', secure: false, httpOnly: false },
        );
      }
      expect(await page.evaluate(() => document.cookie)).not.toContain('refreshToken');
      const token = cookies.get('UserToken')?.value ?? '';
      const exp = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).exp as number;
      for (const name of ['UserEmail', 'UserToken', 'UserLogin']) {
        expect(Math.abs((cookies.get(name)?.expires ?? 0) - exp)).toBeLessThanOrEqual(2);
      }
      const refreshExpires = (cookies.get('refreshToken')?.expires ?? 0) * 1000;
      expect(refreshExpires).toBeGreaterThanOrEqual(before + 259_200_000 - 2000);
      expect(refreshExpires).toBeLessThanOrEqual(Date.now() + 259_200_000 + 2000);
      expect(cookies.get('UserLogin')?.value).toBe('true');
      if (locale.firstName) expect(cookies.get('UserFirstName')?.value).toBe(locale.firstName);

      // The menu itself (aria-expanded), not the button shown until its code has loaded.
      const account = page.locator('.account-menu__button[aria-expanded]');
      await expect.poll(() => account.count()).toBe(1);
      await account.click();
      await page.getByRole('button', { name: t['header.logout'] }).click();
      await page.waitForURL(start);
      await expect.poll(async () => sessionCookies(await context.cookies()).size).toBe(0);
      await expect
        .poll(() => page.getByRole('link', { name: t['header.login'], exact: true }).count())
        .toBe(1);
      // The logout ended the session in the commerce service: its refresh token makes no new token.
      expect((await refreshGrant(cookies.get('refreshToken')?.value ?? '')).status).toBe(400);
      await context.close();
    });
  }

  /** A page as its first paint shows it: the HTML with its inline scripts and styles, React's code never run. */
  async function firstPaint(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    await gotoWithoutReact(page, `${site.url}${path}`);
    return page;
  }

  it('logged in means logged in from the first paint: the page a login returns to and every page after a reload', async () => {
    const t = await dictionary('en-US');
    const { access_token } = await passwordGrant('engineer');
    const listed = await fetch(`${site.url}/ordercloud/v1/me/products?catalogID=catalog-us&pageSize=1`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    const [product] = ((await listed.json()) as { Items: { ID: string }[] }).Items;
    const productPath = `/product/${encodeURIComponent(product?.ID ?? '')}`;
    const loginLink = (page: Page) => page.getByRole('link', { name: t['header.login'], exact: true });

    // A visitor: "Log in", no Projects link, downloads that say they need a login.
    const visitor = await browser.newContext();
    const seen = await firstPaint(visitor, productPath);
    expect(await loginLink(seen).count()).toBe(1);
    expect(await seen.locator('.site-header .projects-link').isVisible()).toBe(false);
    expect(
      await seen
        .getByText(t['product.loginRequired'] ?? 'Log in required')
        .first()
        .isVisible(),
    ).toBe(true);
    await visitor.close();

    // Logging in returns to the page without reloading it: it shows the account at once.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}${productPath}`);
    expect(await loginLink(page).count()).toBe(1);
    await page.goto(`${site.url}/login?redirectURI=${encodeURIComponent(productPath)}`);
    await logInThroughThePage(page, 'engineer', PASSWORD);
    await page.waitForURL(`${site.url}${productPath}`);
    await page.locator('.site-header .projects-link').waitFor({ timeout: 2000 });
    await page.locator('.account-menu__button').waitFor({ timeout: 2000 });
    expect(await loginLink(page).count()).toBe(0);
    expect(
      await page
        .getByText(t['product.loginRequired'] ?? 'Log in required')
        .first()
        .isVisible(),
    ).toBe(false);

    // Every page after a full load, before any of React's code runs (the page cache is on).
    for (const path of [productPath, '/newsletter', '/']) {
      const painted = await firstPaint(context, path);
      expect(await painted.locator('.site-header .projects-link').isVisible(), path).toBe(true);
      expect(await painted.locator('.account-menu__button').isVisible(), path).toBe(true);
      expect(await loginLink(painted).count(), path).toBe(0);
      await painted.close();
    }
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('comes back without the query string for the reload variant and never leaves the site', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const answer = await page.request.post(`${site.url}/api/dynamicURL`, {
      data: { action: 'login', redirectURI: `${site.url}/de-eu/newsletter?x=1`, variant: 'reload' },
    });
    const { url } = (await answer.json()) as { url: string };
    expect(url).toMatch(/^\/de-eu\/login\?/);
    await page.goto(`${site.url}${url}`);
    await logInThroughThePage(page, 'eu-buyer', PASSWORD);
    await page.waitForURL(`${site.url}/de-eu/newsletter`);

    await page.goto(`${site.url}/login?redirectURI=${encodeURIComponent('https://evil.example/phish')}`);
    await logInThroughThePage(page, 'engineer', PASSWORD);
    await page.waitForURL(`${site.url}/`);
    await context.close();
  });

  it('maps the page locale to its login page through loginLocalesMapping', async () => {
    const answer = await fetch(`${site.url}/api/dynamicURL`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'login',
        redirectURI: '/fr-ca/products',
        loginLocalesMapping: { 'fr-CA': 'fr-CA' },
      }),
    });
    expect(((await answer.json()) as { url: string }).url).toBe(
      `/fr-ca/login?redirectURI=${encodeURIComponent('/fr-ca/products')}`,
    );
    const bad = await fetch(`${site.url}/api/dynamicURL`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'sideways', redirectURI: '/' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/action/);
  });

  it('makes repeated wrong passwords wait and says so, without keeping the owner out from elsewhere', async () => {
    const t = await dictionary('en-US');
    const page = await browser.newPage();
    let message = '';
    const waiting = new RegExp(`^${t['login.errorRate']?.replace('{seconds}', '\\d+')}$`);
    for (let attempt = 0; attempt < 6 && !waiting.test(message); attempt++) {
      await page.goto(`${site.url}/login`);
      await logInThroughThePage(page, 'newbie', `wrong-${attempt}`);
      await expect.poll(() => page.locator('#login-error').count()).toBe(1);
      message = await page.locator('#login-error').innerText();
    }
    expect(message).toMatch(waiting);
    await page.goto(`${site.url}/login`);
    await logInThroughThePage(page, 'newbie', PASSWORD);
    await expect.poll(() => page.locator('#login-error').innerText()).toMatch(waiting);
    expect(page.url()).toContain('/login');
    await page.close();
    // Another address is not kept waiting by this one's guesses.
    const elsewhere = await formFrom('127.0.0.2', `${site.url}/ordercloud/oauth/token`, {
      grant_type: 'password',
      client_id: 'storefront',
      username: 'newbie',
      password: PASSWORD,
    });
    expect(elsewhere).toBe(200);
  });

  async function contextWithSession(username: string): Promise<{ context: BrowserContext; refresh: string }> {
    const context = await browser.newContext();
    const auth = await passwordGrant(username);
    return { context, refresh: auth.refresh_token };
  }

  it('renews an expired token with the refresh token, and logs out cleanly when that fails', async () => {
    const { context, refresh } = await contextWithSession('engineer');
    const url = new URL(site.url);
    // As a login leaves them once the access token has expired: the refresh token in an HttpOnly cookie
    // the page's scripts cannot read, and the name cookie that tells them a session can be renewed.
    const refreshCookie = (value: string) => ({
      name: 'refreshToken',
      value,
      domain: url.hostname,
      path: '/',
      sameSite: 'Strict' as const,
      httpOnly: true,
    });
    await context.addCookies([
      refreshCookie(refresh),
      { name: 'UserFirstName', value: 'Priya', domain: url.hostname, path: '/', sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto(`${site.url}/newsletter`);
    await expect.poll(() => page.locator('.account-menu__button').innerText()).toContain('Priya');
    const renewed = sessionCookies(await context.cookies());
    expect(renewed.get('UserToken')?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(renewed.get('UserRole')?.value).toBe('Engineer');
    expect(renewed.get('refreshToken')).toMatchObject({ value: refresh, httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).not.toContain(refresh);
    await context.close();

    const failing = await browser.newContext();
    await failing.addCookies([
      refreshCookie('revoked-or-made-up'),
      { name: 'UserFirstName', value: 'Priya', domain: url.hostname, path: '/', sameSite: 'Lax' },
    ]);
    const t = await dictionary('en-US');
    const other = await failing.newPage();
    await other.goto(`${site.url}/newsletter`);
    await expect.poll(async () => sessionCookies(await failing.cookies()).size).toBe(0);
    await expect
      .poll(() => other.getByRole('link', { name: t['header.login'], exact: true }).count())
      .toBe(1);
    await failing.close();
  });

  it('answers getUserDetails for a real token only', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${site.url}/api/ordercloud/Buyer/getUserDetails`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const { access_token: token } = await passwordGrant('prefab');
    const details = await post({ token: encodeURIComponent(token) });
    expect(details.status).toBe(200);
    expect(await details.json()).toEqual({
      FirstName: 'Rosa',
      LastName: 'Delgado',
      JobTitle: 'PreFab3DUser',
      GivenName: '',
      RoleVerified: true,
    });
    expect(await (await post({})).json()).toBe('');

    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, u: 'employee', usr: 'employee' })).toString(
      'base64url',
    );
    const tampered = await post({ token: `${header}.${forged}.${signature}` });
    expect(tampered.status).toBe(401);
    expect(((await tampered.json()) as { error: string }).error).toBe('Invalid token');
    expect((await post({ token: 'not-a-token' })).status).toBe(401);
    expect((await post({ token: 42 })).status).toBe(400);
  });

  it('refuses cross-site session renewal and keeps the login page out of frames', async () => {
    const refused = await fetch(`${site.url}/api/ordercloud/Buyer/getNewAccessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ variables: { rid: 'x' } }),
    });
    expect(refused.status).toBe(403);
    const login = await fetch(`${site.url}/de-eu/login`);
    expect(login.headers.get('x-frame-options')).toBe('DENY');
    expect(login.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const home = await fetch(`${site.url}/`);
    expect(home.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('refuses bad registration input field by field, keeping what the visitor typed', async () => {
    const t = await dictionary('de-EU');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/de-eu/login?redirectURI=${encodeURIComponent('/de-eu/newsletter')}`);
    await page.getByRole('link', { name: t['login.registerLink'] }).click();
    await page.waitForURL(/\/de-eu\/register\?/);
    expect(await axeViolations(page)).toEqual([]);

    await page.locator('#register-firstName').fill('Jana');
    await page.locator('#register-email').fill('not-an-address');
    await page.locator('#register-username').fill('someone@else.example');
    await page.locator('#register-password').fill('short');
    await page.locator('#register-passwordConfirm').fill('other');
    await page.locator('form.login-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#register-email-error').count()).toBe(1);
    expect(await page.locator('#register-email-error').innerText()).toBe(t['register.errorEmail']);
    expect(await page.locator('#register-lastName-error').innerText()).toBe(t['register.errorRequired']);
    expect(await page.locator('#register-username-error').innerText()).toBe(t['register.errorUsernameEmail']);
    expect(await page.locator('#register-password-error').innerText()).toBe(t['register.errorPassword']);
    expect(await page.locator('#register-passwordConfirm-error').innerText()).toBe(
      t['register.errorPasswordMismatch'],
    );
    expect(await page.locator('#register-terms-error').innerText()).toBe(t['register.errorTerms']);
    expect(await page.locator('#register-firstName').inputValue()).toBe('Jana');
    expect(await axeViolations(page)).toEqual([]);
    // Forms keep what the user typed: refused again, the ticked terms box stays ticked.
    await page.locator('#register-terms').check();
    await page.locator('form.login-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#register-terms-error').count()).toBe(0);
    expect(await page.locator('#register-terms').isChecked()).toBe(true);
    expect(await page.locator('#register-email').inputValue()).toBe('not-an-address');
    expect(await page.locator('#register-email-error').innerText()).toBe(t['register.errorEmail']);
    // The same on the page that sends a new confirmation link.
    const resend = await context.newPage();
    await resend.goto(`${site.url}/de-eu/verify-email`);
    await resend.locator('#verify-resend-email').fill('kein-adresse');
    await resend.locator('#verify-resend-email').press('Enter');
    await resend.locator('#verify-resend-error').waitFor();
    expect(await resend.locator('#verify-resend-email').inputValue()).toBe('kein-adresse');
    await context.close();
  });

  it('registers a visitor once their address is confirmed, answering a registered address the same', async () => {
    const t = await dictionary('de-EU');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/de-eu/register`);
    // Only what this run queued counts, and a new address each run, so a retried test starts afresh.
    const [mark] = await queryRows<{ id: number }>(
      database.db,
      sql`select coalesce(max(id), 0) as id from outbox`,
    );
    const jana = `jana-${Date.now()}@novak-elektro.example`;

    const submit = async (on: Page, email: string, username = '') => {
      await on.locator('#register-firstName').fill('Jana');
      await on.locator('#register-lastName').fill('Novak');
      await on.locator('#register-email').fill(email);
      await on.locator('#register-company').fill('Novak Elektro');
      await on.locator('#register-jobTitle').fill('Engineer');
      await on.locator('#register-username').fill(username);
      await on.locator('#register-password').fill('Novak#2026');
      await on.locator('#register-passwordConfirm').fill('Novak#2026');
      await on.locator('#register-terms').check();
      await on.locator('form.login-form button[type="submit"]').click();
    };
    const register = async (on: Page, email: string) => {
      await submit(on, email);
      await expect.poll(() => on.locator('.form-success').count()).toBe(1);
      return on.locator('.form-success').innerText();
    };
    const sent = (email: string) => t['register.sent']?.replace('{email}', email);
    const mailsTo = (email: string) =>
      queryRows<{ payload: { template: string; link?: string } }>(
        database.db,
        sql`select payload from outbox
            where kind = 'email' and payload->>'to' = ${email} and id > ${mark?.id ?? 0} order by id`,
      );

    // A chosen username that is taken is said; nothing else about who is registered.
    await submit(page, jana, 'employee');
    await expect
      .poll(() => page.locator('#register-username-error').innerText())
      .toBe(t['register.errorUsername']);

    // A registered address gets the same answer as a new one; only the mail differs.
    expect(await register(page, 'eu-buyer@nordlicht-elektro.example')).toBe(
      sent('eu-buyer@nordlicht-elektro.example'),
    );
    expect((await mailsTo('eu-buyer@nordlicht-elektro.example')).map((m) => m.payload.template)).toEqual([
      'account-exists',
    ]);
    const second = await context.newPage();
    await second.goto(`${site.url}/de-eu/register`);
    expect(await register(second, jana)).toBe(sent(jana));
    expect((await passwordGrantWith(jana, 'Novak#2026')).status).toBe(400);
    const [verification] = await mailsTo(jana);
    expect(verification?.payload.template).toBe('email-verification');
    const link = new URL(verification?.payload.link ?? '');
    expect(link.pathname).toBe('/de-eu/verify-email');

    // The link's page says what it confirms; opening it confirms nothing (mail scanners open links).
    const notice = t['verify.confirmRegistration']?.replace('{email}', jana).replace('{username}', jana);
    await second.goto(`${site.url}${link.pathname}${link.search}`);
    expect(await second.locator('.login-form__notice').innerText()).toBe(notice);
    expect(await axeViolations(second)).toEqual([]);
    expect((await passwordGrantWith(jana, 'Novak#2026')).status).toBe(400);
    // Its button confirms, also without JavaScript.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto(`${site.url}${link.pathname}${link.search}`);
    expect(await noScript.locator('.login-form__notice').innerText()).toBe(notice);
    await noScript.getByRole('button', { name: t['verify.submit'] }).click();
    await noScript.waitForLoadState('load');
    await expect
      .poll(() => noScript.locator('.form-success').innerText())
      .toBe(t['verify.doneRegistration']?.replace('{username}', jana));
    await plain.close();

    await second.goto(`${site.url}${link.pathname}${link.search}`);
    expect(await second.locator('.form-field__error').innerText()).toBe(t['verify.invalidLink']);
    // Now the account exists, verified: its address logs it in.
    await second.goto(`${site.url}/de-eu/login`);
    await logInThroughThePage(second, jana, 'Novak#2026');
    await expect
      .poll(async () => sessionCookies(await context.cookies()).get('UserToken')?.value ?? '')
      .not.toBe('');
    const token = sessionCookies(await context.cookies()).get('UserToken')?.value ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ usr: jana, cmp: 'PUBLIC-EU' });
    const details = await fetch(`${site.url}/api/ordercloud/Buyer/getUserDetails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    // A job role typed at registration is the user's own claim: not verified.
    expect(await details.json()).toMatchObject({
      FirstName: 'Jana',
      JobTitle: 'Engineer',
      RoleVerified: false,
    });
    await context.close();
  });

  it('resets a forgotten password through the emailed link, once', async () => {
    const t = await dictionary('fr-CA');
    const page = await browser.newPage();
    await page.goto(`${site.url}/fr-ca/login`);
    await page.getByRole('link', { name: t['login.forgotPassword'] }).click();
    await page.waitForURL(`${site.url}/fr-ca/forgot-password`);
    await page.locator('#forgot-email').fill('ca-buyer@mapleleaf-electric.example');
    await page.locator('form.login-form button[type="submit"]').click();
    await expect.poll(() => page.locator('.form-success').count()).toBe(1);
    expect(await page.locator('.form-success').innerText()).toBe(
      t['forgot.sent']?.replace('{minutes}', '60'),
    );
    expect(await axeViolations(page)).toEqual([]);

    const [row] = await queryRows<{ payload: { code: string; link: string } }>(
      database.db,
      sql`select payload from outbox where kind = 'email' and payload->>'username' = 'ca-buyer' order by id desc limit 1`,
    );
    const link = new URL(row?.payload.link ?? '');
    expect(link.pathname).toBe('/fr-ca/reset-password');
    const opened = await page.goto(`${site.url}${link.pathname}${link.search}`);
    expect(await page.locator('.login-form__notice').innerText()).toBe(
      t['reset.account']?.replace('{username}', 'ca-buyer'),
    );
    // The code never leaves in a Referer, and leaves the address bar once the form holds it.
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await expect.poll(() => new URL(page.url()).searchParams.has('code')).toBe(false);
    const check = async () =>
      await (
        await fetch(`${site.url}/api/ordercloud/Buyer/PasswordResetCheck`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: encodeURIComponent(row?.payload.code ?? '') }),
        })
      ).json();
    expect(await check()).toEqual({ Valid: true, Username: 'ca-buyer' });
    await page.locator('#reset-password').fill('Maple#2027');
    await page.locator('#reset-password-confirm').fill('Maple#2027');
    await page.locator('form.login-form button[type="submit"]').click();
    await expect.poll(() => page.locator('.form-success').count()).toBe(1);
    expect(await page.locator('.form-success').innerText()).toBe(t['reset.done']);
    expect(await check()).toEqual({ Valid: false });
    expect((await passwordGrantWith('ca-buyer', 'Maple#2027')).status).toBe(200);

    await page.goto(`${site.url}${link.pathname}${link.search}`);
    expect(await page.locator('.form-field__error').innerText()).toBe(t['reset.invalidLink']);
    await page.close();
  });

  /** Whether the page is wider than its window (a 390 px phone must not scroll sideways). */
  const scrollsSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

  it('account page: a buyer edits the profile, adds, edits and deletes an address and changes the password (the old one stops working)', async () => {
    const t = await dictionary('en-GB');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // A visitor is sent to the login page and comes back.
    await page.goto(`${site.url}/en-gb/account`);
    await page.waitForURL(/\/en-gb\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirectURI')).toBe('/en-gb/account');
    await logInThroughThePage(page, 'gb-buyer', PASSWORD);
    await page.waitForURL(`${site.url}/en-gb/account`);
    expect(await page.locator('h1').innerText()).toBe(t['nav.account']);
    expect(await page.locator('.account__company').innerText()).toBe('Thames Valley Electrical Ltd');
    expect(await page.locator('.account__links [data-link="projects"] a').getAttribute('href')).toBe(
      '/en-gb/projects',
    );
    expect(await page.locator('.account__links [data-link="quotes"] a').getAttribute('href')).toBe(
      '/en-gb/quotes',
    );
    expect(await page.locator('.account__links [data-link="sales"]').count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // Profile: a refusal keeps what was typed; a save shows the stored values.
    await page.locator('#profile-first-name').fill('');
    await page.locator('#profile-role').fill('Site electrician');
    await page.locator('#profile-phone').fill('+44 118 496 0000');
    await page.getByRole('button', { name: t['account.profile.save'] }).click();
    await expect
      .poll(() => page.locator('#profile-first-name-error').textContent())
      .toBe(t['register.errorRequired']);
    expect(await page.locator('#profile-role').inputValue()).toBe('Site electrician');
    expect(await page.locator('#profile-phone').inputValue()).toBe('+44 118 496 0000');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('#profile-first-name').fill('Olly');
    await page.getByRole('button', { name: t['account.profile.save'] }).click();
    await page.waitForURL(/saved=profile/);
    await page.getByText(t['account.saved.profile'] ?? '').waitFor();
    const { access_token: profileToken } = await passwordGrant('gb-buyer');
    const me = (await (
      await fetch(`${site.url}/ordercloud/v1/me`, { headers: { authorization: `Bearer ${profileToken}` } })
    ).json()) as { FirstName: string; Phone: string; xp: { JobTitle?: string } };
    expect(me).toMatchObject({
      FirstName: 'Olly',
      Phone: '+44 118 496 0000',
      xp: { JobTitle: 'Site electrician' },
    });

    // Addresses: add (a refusal keeps what was typed), edit, delete.
    const add = page.locator('.account__add');
    if ((await add.getAttribute('open')) === null) await add.locator('summary').click();
    await page.locator('#address-new-name').fill('Reading depot');
    await page.locator('#address-new-city').fill('Reading');
    await add.getByRole('button', { name: t['account.addresses.add'] }).click();
    await expect
      .poll(() => page.locator('#address-new-street1-error').textContent())
      .toBe(t['register.errorRequired']);
    expect(await page.locator('#address-new-city').inputValue()).toBe('Reading');
    expect(await page.locator('#address-new-name').inputValue()).toBe('Reading depot');
    await page.locator('#address-new-street1').fill('12 Kings Road');
    await page.locator('#address-new-zip').fill('RG1 3AA');
    await add.getByRole('button', { name: t['account.addresses.add'] }).click();
    await page.waitForURL(/saved=addressAdded/);
    const item = page.locator('.account__address');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.locator('.account__address-lines').innerText()).toContain('12 Kings Road');
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await item.locator('summary').click();
    await item.locator('input[name="city"]').fill('Wokingham');
    await item.getByRole('button', { name: t['account.addresses.save'] }).click();
    await page.waitForURL(/saved=addressSaved/);
    await expect.poll(() => page.locator('.account__address-lines').innerText()).toContain('Wokingham');
    await page
      .getByRole('button', { name: t['account.addresses.delete']?.replace('{name}', 'Reading depot') })
      .click();
    await page.waitForURL(/saved=addressDeleted/);
    await expect.poll(() => page.locator('.account__address').count()).toBe(0);
    const stored = (await (
      await fetch(`${site.url}/ordercloud/v1/me/addresses`, {
        headers: { authorization: `Bearer ${profileToken}` },
      })
    ).json()) as { Items: unknown[] };
    expect(stored.Items).toEqual([]);

    // Password: the same rules and refusals as registration; the old password stops working.
    const changePassword = async (current: string, next: string, confirm = next) => {
      await page.locator('#password-current').fill(current);
      await page.locator('#password-new').fill(next);
      await page.locator('#password-confirm').fill(confirm);
      await page.getByRole('button', { name: t['account.password.submit'] }).click();
    };
    await changePassword('not-my-password1', 'Thames#2027');
    await expect
      .poll(() => page.locator('#password-current-error').textContent())
      .toBe(t['account.password.errorCurrent']);
    await changePassword(PASSWORD, 'short');
    await expect
      .poll(() => page.locator('#password-new-error').textContent())
      .toBe(t['register.errorPassword']);
    await changePassword(PASSWORD, 'Thames#2027', 'Thames#2028');
    await expect
      .poll(() => page.locator('#password-confirm-error').textContent())
      .toBe(t['register.errorPasswordMismatch']);
    await changePassword(PASSWORD, 'Thames#2027');
    await page.waitForURL(/saved=password/);
    await page.getByText(t['account.saved.password'] ?? '').waitFor();
    expect((await passwordGrantWith('gb-buyer', PASSWORD)).status).toBe(400);
    expect((await passwordGrantWith('gb-buyer', 'Thames#2027')).status).toBe(200);
    // This browser keeps a session (logged in again with the new password); the old token is revoked.
    await page.reload();
    expect(await page.locator('#profile-first-name').inputValue()).toBe('Olly');
    expect(
      (await fetch(`${site.url}/ordercloud/v1/me`, { headers: { authorization: `Bearer ${profileToken}` } }))
        .status,
    ).toBe(401);
    await context.close();
  });

  it('account page forms work without JavaScript, keeping what was typed after a refusal', async () => {
    const t = await dictionary('de-EU');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/de-eu/login?redirectURI=${encodeURIComponent('/de-eu/account')}`);
    await logInThroughThePage(page, 'eu-buyer', PASSWORD);
    await page.waitForURL(`${site.url}/de-eu/account`);
    await page.locator('#profile-last-name').fill('');
    await page.locator('#profile-phone').fill('+49 30 1234567');
    await page.getByRole('button', { name: t['account.profile.save'] }).click();
    await page.locator('#profile-last-name-error').waitFor();
    expect(await page.locator('#profile-last-name-error').textContent()).toBe(t['register.errorRequired']);
    expect(await page.locator('#profile-phone').inputValue()).toBe('+49 30 1234567');
    await page.locator('#profile-last-name').fill('Vogel');
    await page.getByRole('button', { name: t['account.profile.save'] }).click();
    await page.waitForURL(/saved=profile/);
    expect(await page.locator('#profile-phone').inputValue()).toBe('+49 30 1234567');
    await context.close();
  });

  it("the seller's administrator gets the seller menu (sales inbox) and never the buyer's links", async () => {
    const t = await dictionary('en-US');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/login?redirectURI=${encodeURIComponent('/account')}`);
    await logInThroughThePage(page, 'admin', 'Admin#2026');
    await page.waitForURL(`${site.url}/account`);
    expect(await page.locator('.account__links [data-link="sales"] a').getAttribute('href')).toBe('/sales');
    expect(
      await page
        .locator('.account__links [data-link="projects"], .account__links [data-link="quotes"]')
        .count(),
    ).toBe(0);
    expect(await page.locator('#addresses').count()).toBe(0);
    expect(await page.locator('#password').count()).toBe(1);
    expect(await page.locator('.site-header .projects-link').isVisible()).toBe(false);
    expect(await page.locator('.site-header .favourites-link').isVisible()).toBe(false);
    const account = page.locator('.account-menu__button[aria-expanded]');
    await expect.poll(() => account.count()).toBe(1);
    await account.click();
    const menu = page.locator('.account-menu__links');
    expect(
      await menu.locator('[data-link]').evaluateAll((items) => items.map((i) => i.getAttribute('data-link'))),
    ).toEqual(['account', 'sales']);
    expect(await menu.getByRole('link', { name: t['account.links.sales'] }).getAttribute('href')).toBe(
      '/sales',
    );
    expect(await axeViolations(page)).toEqual([]);
    // The first paint of a cached page already hides the buyer's links.
    const painted = await firstPaint(context, '/newsletter');
    expect(await painted.locator('.site-header .projects-link').isVisible()).toBe(false);
    expect(await painted.locator('.account-menu__button').isVisible()).toBe(true);
    await painted.close();
    // A buyer keeps them: projects and quote requests, no sales inbox.
    const buyer = await browser.newContext();
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`${site.url}/login?redirectURI=${encodeURIComponent('/newsletter')}`);
    await logInThroughThePage(buyerPage, 'engineer', PASSWORD);
    await buyerPage.waitForURL(`${site.url}/newsletter`);
    const buyerAccount = buyerPage.locator('.account-menu__button[aria-expanded]');
    await expect.poll(() => buyerAccount.count()).toBe(1);
    await buyerAccount.click();
    expect(
      await buyerPage
        .locator('.account-menu__links [data-link]')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-link'))),
    ).toEqual(['account', 'projects', 'quotes']);
    expect(await buyerPage.locator('.site-header .projects-link').isVisible()).toBe(true);
    await buyer.close();
    await context.close();
  });

  it('projects in another region do not vanish: the projects list shows them under their region with a switch link', async () => {
    const t = await dictionary('en-AU');
    const { access_token } = await passwordGrant('au-buyer');
    const created = await fetch(`${site.url}/ordercloud/v1/orders/Outgoing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ xp: { projectName: 'Auckland depot', regionName: 'NZ' } }),
    });
    expect(created.ok).toBe(true);
    const { ID } = (await created.json()) as { ID: string };
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/en-au/login?redirectURI=${encodeURIComponent('/en-au/projects')}`);
    await logInThroughThePage(page, 'au-buyer', PASSWORD);
    await page.waitForURL(`${site.url}/en-au/projects`);
    const group = page.locator('.projects__region[data-region="NZ"]');
    await group.waitFor();
    const link = group.getByRole('link');
    expect(await link.innerText()).toContain('Auckland depot');
    expect(await link.getAttribute('href')).toBe(`/en-nz/projects/${ID}`);
    expect(await page.getByRole('heading', { name: t['projects.otherRegions.title'] }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await page.waitForURL(`${site.url}/en-nz/projects/${ID}`);
    await context.close();
  });
});
