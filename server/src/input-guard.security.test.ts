import type { AddressInfo } from 'node:net';
import type { Database } from '@catalogue/db';
import { refusedPagePath } from '@catalogue/storefront/refused-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from './site';

describe('the storefront edge of the single server', () => {
  let base: string;
  let server: ReturnType<typeof createSiteServer>;
  const handed: string[] = [];
  const bodies: string[] = [];

  beforeAll(async () => {
    server = createSiteServer({
      database: {} as Database,
      services: [],
      pagesState: () => 'ready',
      refusedPagePath,
      pages: async (req, res) => {
        handed.push(`${req.method} ${req.url ?? ''}`);
        let body = '';
        for await (const chunk of req) body += String(chunk);
        bodies.push(body);
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
      'GET /product',
      'GET /product',
      'GET /fr-ca/product',
      'GET /de-eu/product',
      'GET /products/cable-tray?xp.Material=steel%7Caluminium&q=%C3%A9t%C3%A9',
    ]);
  });

  it("reads a form post before Next does: whole to Next when it parses, the 404 page or the route's 400 when not", async () => {
    handed.length = 0;
    bodies.length = 0;
    const form = new FormData();
    form.append('email', 'a@example.com');
    form.append('file', new Blob(['catalogue number,quantity\nX,1']), 'lines.csv');
    const sent = new Request('http://x', { method: 'POST', body: form });
    const bytes = await sent.text();
    const type = sent.headers.get('content-type') ?? '';
    expect(
      (
        await fetch(`${base}/fr-ca/newsletter`, {
          method: 'POST',
          headers: { 'content-type': type },
          body: bytes,
        })
      ).status,
    ).toBe(200);
    expect(handed).toEqual(['POST /fr-ca/newsletter']);
    expect(bodies).toEqual([bytes]);
    // Not the multipart its type announces (Next answered 500): a page gets the 404 page, a route a 400.
    const broken = {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'garbage',
    };
    expect((await fetch(`${base}/fr-ca/newsletter`, broken)).status).toBe(200);
    expect(handed.at(-1)).toBe('GET /fr-ca/product');
    const api = await fetch(`${base}/api/projects/import`, broken);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: expect.stringContaining('cannot be read') });
    const big = await fetch(`${base}/api/projects/p1/import`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
    expect(handed).toHaveLength(2);
  });

  it('hands a JSON body to Next whole, and refuses one over 1 MiB with 413 before Next reads it', async () => {
    handed.length = 0;
    bodies.length = 0;
    const json = JSON.stringify({ projectName: 'Büro', token: 'x' });
    const ok = await fetch(`${base}/api/ordercloud/Buyer/createNewProject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json,
    });
    expect(ok.status).toBe(200);
    expect(bodies).toEqual([json]);
    const huge = `{"projectName":"${'x'.repeat(1024 * 1024)}"}`;
    for (const body of [huge, new Blob([huge]).stream()]) {
      const answer = await fetch(`${base}/api/ordercloud/Buyer/createNewProject`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(answer.status).toBe(413);
      expect(await answer.json()).toEqual({ error: expect.stringContaining('larger than 1048576 bytes') });
    }
    expect(handed).toEqual(['POST /api/ordercloud/Buyer/createNewProject']);
  });
});
