import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@catalogue/db';
import { afterEach, describe, expect, it } from 'vitest';
import { createSiteServer } from './site';

/**
 * Issue 20 item 10: without a trusted proxy (TRUST_PROXY), the X-Forwarded-Host, -Proto and -Port a
 * request carries never reach the pages and routes, so no redirect (the logout's, the locale proxy's)
 * and no origin check is built on a forged host. Behind a trusted proxy they pass.
 */
describe('forwarded origin headers', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function headersSeenByPages(trustProxy: boolean): Promise<Record<string, unknown>> {
    server = createSiteServer({
      database: {} as Database,
      services: [],
      pages: (req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(req.headers));
      },
      pagesState: () => 'ready',
      trustProxy,
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/api/auth/logout`, {
      headers: {
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '443',
      },
    });
    return (await answer.json()) as Record<string, unknown>;
  }

  it('drops them for pages unless a proxy is trusted', async () => {
    const seen = await headersSeenByPages(false);
    expect(seen['x-forwarded-host']).toBeUndefined();
    expect(seen['x-forwarded-proto']).toBeUndefined();
    expect(seen['x-forwarded-port']).toBeUndefined();
    expect(seen.host).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it("keeps a trusted proxy's", async () => {
    const seen = await headersSeenByPages(true);
    expect(seen).toMatchObject({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
  });
});
