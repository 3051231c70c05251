import type { AddressInfo } from 'node:net';
import { createCommerceService } from '@catalogue/commerce';
import { createContentService } from '@catalogue/content';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { createSearchService } from '@catalogue/search';
import { closeGracefully } from '@catalogue/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer, type NodeHandler } from './site';

describe(`single server on ${testDriver()}`, () => {
  let database: TestDatabase;
  let base: string;
  let server: ReturnType<typeof createSiteServer>;
  const pageHits: string[] = [];
  let releaseSlowPage: () => void = () => undefined;

  const pages: NodeHandler = (req, res) => {
    pageHits.push(req.url ?? '');
    if (req.url === '/slow') {
      releaseSlowPage = () => res.end('slow page done');
      return;
    }
    res.setHeader('content-type', 'text/html');
    if (req.url === '/cached') res.setHeader('Cache-Control', 's-maxage=31536000');
    if (req.url === '/private') res.setHeader('Cache-Control', 'private, no-cache, no-store');
    res.end('<h1>page</h1>');
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    server = createSiteServer({
      database,
      services: [
        createCommerceService(database, { basePath: '/ordercloud' }),
        createSearchService(database, { basePath: '/discover' }),
        createContentService(database, { basePath: '/content' }),
      ],
      pages,
      pagesState: () => 'ready',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await closeGracefully(server, 1000);
    await database?.dispose();
  });

  it('reports the driver and every service on /healthz', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ driver: testDriver(), ok: true });
    expect(body.services).toEqual({
      storefront: 'ready',
      commerce: 'ready',
      search: 'ready',
      content: 'ready',
    });
  });

  it('sends service prefixes to the services, in their own error formats, and never to the pages', async () => {
    const commerce = await fetch(`${base}/ordercloud/no-such-thing`);
    expect(commerce.status).toBe(404);
    expect((await commerce.json()).Errors[0].ErrorCode).toBe('NotFound');

    const search = await fetch(`${base}/discover/api/no-such-thing`, { method: 'POST', body: '{}' });
    expect(search.status).toBe(404);
    expect((await search.json()).errors[0]).toMatchObject({ code: 404, severity: 'low' });

    const content = await fetch(`${base}/content/no-such-thing?x=1`, { method: 'POST', body: '{}' });
    expect(content.status).toBe(404);
    expect((await content.json()).errors[0].message).toContain('/content/no-such-thing');
    const graphql = await fetch(`${base}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(graphql.status).toBe(400);
    expect((await graphql.json()).errors[0].message).toBe('Must provide query string.');

    expect(pageHits.filter((u) => /^\/(ordercloud|discover|content)/.test(u))).toEqual([]);
  });

  it('sends everything else, including look-alike prefixes, to the pages', async () => {
    for (const path of ['/', '/fr-ca', '/ordercloudish', '/contents/x', '/healthz2']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe('<h1>page</h1>');
    }
  });

  it("keeps pages of Next's route cache out of shared caches, and leaves other cache headers alone", async () => {
    expect((await fetch(`${base}/cached`)).headers.get('cache-control')).toBe(
      'public, max-age=0, must-revalidate',
    );
    expect((await fetch(`${base}/private`)).headers.get('cache-control')).toBe('private, no-cache, no-store');
  });

  it('refuses other methods on /healthz', async () => {
    const response = await fetch(`${base}/healthz`, { method: 'POST' });
    expect(response.status).toBe(405);
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = { ...database, ping: () => Promise.reject(new Error('connection refused')) };
    const other = createSiteServer({ database: broken, services: [], pages, pagesState: () => 'ready' });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/healthz`);
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body).toMatchObject({
        status: 'unavailable',
        database: { ok: false, error: 'connection refused' },
      });
    } finally {
      await closeGracefully(other, 1000);
    }
  });

  it('lets an in-flight request finish while shutting down, then refuses new connections', async () => {
    const slow = fetch(`${base}/slow`).then((r) => r.text());
    await expect.poll(() => pageHits.includes('/slow')).toBe(true);
    const closed = closeGracefully(server, 5000);
    releaseSlowPage();
    expect(await slow).toBe('slow page done');
    await closed;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
