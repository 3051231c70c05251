import type { AddressInfo } from 'node:net';
import type { Database } from '@catalogue/db';
import { refusedPagePath } from '@catalogue/storefront/refused-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from './site';

describe('the storefront edge of the single server', () => {
  let base: string;
  let server: ReturnType<typeof createSiteServer>;
  const handed: string[] = [];

  beforeAll(async () => {
    server = createSiteServer({
      database: {} as Database,
      services: [],
      pagesState: () => 'ready',
      refusedPagePath,
      pages: (req, res) => {
        handed.push(req.url ?? '');
        res.end('page');
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers the storefront's routes 400 in their {error} shape for a NUL or an undecodable path", async () => {
    for (const url of [
      '/api/projects/%00/export.pdf',
      '/api/projects/%E0%A4%A/export.csv',
      '/api/cmsApi?x=%00',
    ]) {
      const answer = await fetch(`${base}${url}`);
      expect(answer.status, url).toBe(400);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json()).toEqual({ error: expect.stringMatching(/NUL|percent-encoded/) });
    }
    expect(handed).toEqual([]);
  });

  it("sends pages with such URLs to the site's 404 page in their locale, and others through untouched", async () => {
    handed.length = 0;
    for (const url of [
      '/products/%00',
      '/products/%E0%A4%A?page=2',
      '/fr-ca/products/x?xp.Material=%00',
      '/DE-EU/%00',
    ]) {
      expect((await fetch(`${base}${url}`)).status).toBe(200);
    }
    await fetch(`${base}/products/cable-tray?xp.Material=steel%7Caluminium&q=%C3%A9t%C3%A9`);
    expect(handed).toEqual([
      '/product',
      '/product',
      '/fr-ca/product',
      '/de-eu/product',
      '/products/cable-tray?xp.Material=steel%7Caluminium&q=%C3%A9t%C3%A9',
    ]);
  });
});
