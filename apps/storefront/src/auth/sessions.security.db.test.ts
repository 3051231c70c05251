import { createCommerceService } from '@catalogue/commerce';
import { datasetContent } from '@catalogue/dataset/testing';
import { setSharedDatabase } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { NextRequest } from 'next/server';
import { Auth, Users } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as logout } from '../app/api/auth/logout/route';
import { POST as discoverToken } from '../app/api/discover/accessToken/route';
import { GET as marketingToken } from '../app/api/marketing/getAccessToken/route';
import { POST as createProject } from '../app/api/ordercloud/Buyer/createNewProject/route';
import { POST as renew } from '../app/api/ordercloud/Buyer/getNewAccessToken/route';
import { POST as submit } from '../app/api/ordercloud/Buyer/submitProjectforQuote/route';
import { POST as sendEmail } from '../app/api/sendEmail/route';
import { configureInProcessCommerce } from '../data/commerce-sdk';

/**
 * Issue 20 item 5 through the storefront's routes, against the real commerce service in-process: the
 * refresh token lives in an HttpOnly cookie the renewal reads itself and never hands back; logging out
 * ends the session in the commerce service; a user deactivated or whose password changed is refused by
 * the storefront's own routes (mail, marketing and search tokens, projects) at the next call.
 */
const BASE = 'http://localhost';

interface Session {
  access: string;
  refresh: string;
}

function request(
  path: string,
  init: { method?: string; cookies?: Record<string, string>; body?: unknown } = {},
) {
  const cookie = Object.entries(init.cookies ?? {})
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  return new NextRequest(`${BASE}${path}`, {
    method: init.method ?? 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** The Set-Cookie line of one cookie, lowercased. */
function setCookie(response: Response, name: string): string {
  return (response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? '').toLowerCase();
}

describe(`sessions through the storefront routes on ${testDriver()}`, () => {
  let database: TestDatabase;
  let admin = '';

  const session = async (username: string, password = 'Buyer#2026'): Promise<Session> => {
    const auth = await Auth.Login(username, password, 'storefront');
    return { access: auth.access_token, refresh: auth.refresh_token };
  };
  const renewWith = async (cookies: Record<string, string>, variables: Record<string, string> = {}) => {
    const response = await renew(
      request('/api/ordercloud/Buyer/getNewAccessToken', { cookies, body: { variables } }),
    );
    return { response, body: (await response.json()) as Record<string, unknown> };
  };
  /** The storefront routes a signed-in user's token opens, and their statuses for this token. */
  const routeStatuses = async (s: Session) => {
    const project = await createProject(
      request('/api/ordercloud/Buyer/createNewProject', {
        body: { projectName: 'P', projectDesc: '', regionName: 'US', token: encodeURIComponent(s.access) },
      }),
    );
    const mail = await sendEmail(
      request('/api/sendEmail', {
        cookies: { UserToken: s.access },
        body: { variables: { userId: 'whoever', subject: 'Quote', body: 'Hello' } },
      }),
    );
    const quote = await submit(
      request('/api/ordercloud/Buyer/submitProjectforQuote', {
        body: { projectId: 'any', token: encodeURIComponent(s.access) },
      }),
    );
    const marketing = await marketingToken(
      request('/api/marketing/getAccessToken', { method: 'GET', cookies: { UserToken: s.access } }),
    );
    const search = await discoverToken(
      request('/api/discover/accessToken', { body: { token: encodeURIComponent(s.access) } }),
    );
    const renewal = await renewWith({ refreshToken: s.refresh });
    return {
      createNewProject: project.status,
      sendEmail: mail.status,
      submitProjectforQuote: quote.status,
      getAccessToken: marketing.status,
      discoverAccessToken: search.status,
      renewal: renewal.body.access_token === '' ? 'refused' : 'renewed',
    };
  };
  const ENDED = {
    createNewProject: 401,
    sendEmail: 401,
    submitProjectforQuote: 401,
    getAccessToken: 401,
    discoverAccessToken: 401,
    renewal: 'refused',
  };

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(60));
    setSharedDatabase(database);
    setSharedServices([createCommerceService(database, { basePath: '/ordercloud' })]);
    configureInProcessCommerce();
    admin = (await Auth.ElevatedLogin('admin-console-secret', 'admin', 'Admin#2026', 'admin-console'))
      .access_token;
  }, 120_000);
  afterAll(async () => {
    setSharedServices(null);
    setSharedDatabase(null);
    await database?.dispose();
  });

  it('renews from the HttpOnly refresh cookie when the page sends no rid, and never answers the refresh token', async () => {
    const s = await session('engineer');
    const fromCookie = await renewWith({ refreshToken: s.refresh });
    expect(fromCookie.response.status).toBe(200);
    expect(fromCookie.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.keys(fromCookie.body).sort()).toEqual(['access_token', 'expires_in']);
    expect(JSON.stringify(fromCookie.body)).not.toContain(s.refresh);
    const refreshCookie = setCookie(fromCookie.response, 'refreshToken');
    expect(refreshCookie).toContain('httponly');
    expect(refreshCookie).toContain('samesite=strict');
    expect(refreshCookie).toContain('path=/');
    const tokenCookie = setCookie(fromCookie.response, 'UserToken');
    expect(tokenCookie).not.toContain('httponly');
    expect(tokenCookie).toContain('samesite=lax');
    // Spec §7's own shape, the token in the body, still works.
    const fromBody = await renewWith({}, { rid: encodeURIComponent(s.refresh) });
    expect(fromBody.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.keys(fromBody.body).sort()).toEqual(['access_token', 'expires_in']);
  });

  it('ends the session in the commerce service at logout: refresh and access tokens refused', async () => {
    const s = await session('engineer');
    const answer = await logout(
      request('/api/auth/logout?redirectURI=%2Fnewsletter', {
        method: 'GET',
        cookies: { refreshToken: s.refresh, UserToken: s.access },
      }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${BASE}/newsletter`);
    expect(setCookie(answer, 'refreshToken')).toContain('expires=thu, 01 jan 1970');
    expect(await routeStatuses(s)).toEqual(ENDED);
  });

  it.each([
    ['deactivated', 'newbie', { Active: false }],
    ['given a new password', 'prefab', { Password: 'Fresh#2027x' }],
  ])('refuses a user %s on the next call of every storefront route', async (_what, username, change) => {
    const s = await session(username);
    expect(await routeStatuses(await session(username))).toMatchObject({
      createNewProject: 200,
      getAccessToken: 200,
      discoverAccessToken: 200,
      renewal: 'renewed',
    });
    await Users.Patch('ACME-US', username, change, { accessToken: admin });
    expect(await routeStatuses(s)).toEqual(ENDED);
  });
});
