import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Database } from '@catalogue/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PagePolicy } from '../content-security-policy';
import { PageCache } from '../page-cache/page-cache';
import { type TagChange, TagVersions } from '../page-cache/tag-feed';
import { createSiteServer } from '../site';
import { storedEncoding } from './accept-encoding';
import { ResponseCache } from './response-cache';

const RENDER_NONCE = 'R3nd3rN0nc3-of-the-proc';
const POLICY: PagePolicy = {
  renderNonce: RENDER_NONCE,
  scriptPolicy: (nonce) => `script-src 'nonce-${nonce}' 'strict-dynamic'`,
  apiPolicy: "default-src 'none'",
};

/** A page as Next renders it with the render nonce (paint-first turns its framework script into a call). */
function page(nonce: string, edition: number): string {
  return [
    '<!DOCTYPE html><html><head>',
    `<script src="/_next/static/chunks/react.js" async="" nonce="${nonce}"></script>`,
    `</head><body><h1>Ladder tray – größe 12, edition ${edition}</h1>`,
    '<table>',
    '<tr><td>row</td><td>Aluminium ladder tray, 600 mm</td></tr>'.repeat(400),
    '</table>',
    `<script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script>`,
    `<script src="/_next/static/chunks/boot.js" nonce="${nonce}" async=""></script>`,
    '</body></html>',
  ].join('');
}

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Lets the answer just sent be kept (the response cache stores it after the answer has gone). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const nonceOf = (answer: Raw) =>
  /'nonce-([A-Za-z0-9_-]{22})'/.exec(String(answer.headers['content-security-policy']))?.[1] ?? '';

describe('cached pages answered by the response cache', () => {
  const changes: TagChange[] = [];
  let version = 0;
  const commit = (tag: string) => changes.push({ tag, version: ++version });
  const tags = new TagVersions(async (after) => changes.filter((change) => change.version > after));
  const pageCache = new PageCache(tags, 1 << 24, async () => undefined);
  const responseCache = new ResponseCache(pageCache, RENDER_NONCE, 1 << 24);
  let edition = 1;
  let calls = 0;
  let base: string;
  let server: ReturnType<typeof createSiteServer>;

  beforeAll(async () => {
    server = createSiteServer({
      database: {} as Database,
      services: [],
      pagesState: () => 'ready',
      contentSecurityPolicy: POLICY,
      responseCache,
      // Next, as far as the response cache sees it: a page-cache read, then the page rendered or stored.
      pages: async (req, res) => {
        calls += 1;
        const url = req.url ?? '/';
        const nonce = /'nonce-([^']+)'/.exec(String(req.headers['content-security-policy']))?.[1] ?? '';
        const cached = await pageCache.get(url);
        let html = cached?.value?.html as string | undefined;
        if (!html) {
          html = page(nonce, edition);
          await pageCache.set(
            url,
            { kind: 'APP_PAGE', html, headers: { 'x-next-cache-tags': 'product:1' } },
            [],
          );
        }
        res.setHeader('x-nextjs-cache', cached ? 'HIT' : 'MISS');
        res.setHeader('content-security-policy', "frame-ancestors 'self'");
        res.setHeader('content-type', req.headers.rsc ? 'text/x-component' : 'text/html; charset=utf-8');
        res.setHeader('vary', 'rsc, next-router-state-tree, Accept-Encoding');
        res.setHeader('cache-control', 's-maxage=31536000');
        res.setHeader('link', `</a.css>; rel=preload; as=style; nonce="${nonce}"`);
        if (url === '/with-cookie') res.setHeader('set-cookie', 'a=b');
        const bytes = Buffer.from(html);
        res.write(bytes.subarray(0, 1000));
        res.end(bytes.subarray(1000));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    calls = 0;
  });

  /** Renders `path` into the page cache, then lets a page-cache hit fill the response cache. */
  async function warm(path: string) {
    await get(base, path);
    await get(base, path);
    await settle();
    calls = 0;
  }

  it('answers a page-cache hit again without Next: gzip with a fresh nonce each time, the render nonce never', async () => {
    await warm('/family');
    const answers = [
      await get(base, '/family', { 'accept-encoding': 'gzip, deflate, br, zstd' }),
      await get(base, '/family', { 'accept-encoding': 'gzip, br' }),
    ];
    expect(calls).toBe(0);
    const nonces = answers.map(nonceOf);
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const [i, answer] of answers.entries()) {
      const nonce = nonces[i] ?? '';
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.headers['content-security-policy']).toBe(
        `frame-ancestors 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'`,
      );
      expect(answer.headers.link).toContain(`nonce="${nonce}"`);
      expect(answer.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(answer.headers.date).toBeDefined();
      const html = gunzipSync(answer.body).toString();
      expect(JSON.stringify(answer.headers)).not.toContain(RENDER_NONCE);
      expect(html).not.toContain(RENDER_NONCE);
      // The answer as the usual way makes it: paint-first rewrite, every script with this answer's nonce.
      expect(html).toContain(
        `<script nonce="${nonce}">__paintFirst("/_next/static/chunks/boot.js",1)</script>`,
      );
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThanOrEqual(4);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      expect(html).toContain('größe 12, edition 1');
    }
    expect(answers[0]?.headers.etag).toBe(answers[1]?.headers.etag);
  });

  it('sends the text itself to a client without gzip, and Brotli-only clients the usual way', async () => {
    await warm('/product');
    const plain = await get(base, '/product');
    expect(calls).toBe(0);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const nonce = nonceOf(plain);
    expect(plain.body.toString()).toContain(`{\\"nonce\\":\\"${nonce}\\"}`);
    expect(plain.body.toString()).not.toContain(RENDER_NONCE);
    const brotli = await get(base, '/product', { 'accept-encoding': 'br' });
    expect(calls).toBe(1);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toContain(`nonce="${nonceOf(brotli)}"`);
  });

  it('answers a matching If-None-Match with 304 and no Content-Security-Policy', async () => {
    await warm('/validated');
    const first = await get(base, '/validated', { 'accept-encoding': 'gzip' });
    const again = await get(base, '/validated', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const other = await get(base, '/validated', { 'if-none-match': 'W/"another"' });
    expect(other.status).toBe(200);
    expect(calls).toBe(0);
  });

  it('drops a page as soon as a tag of its page-cache entry changes: the change shows on the next request', async () => {
    await warm('/changing');
    expect(
      gunzipSync((await get(base, '/changing', { 'accept-encoding': 'gzip' })).body).toString(),
    ).toContain('edition 1');
    edition = 2;
    commit('product:2'); // another product: still answered from the response cache
    await get(base, '/changing');
    expect(calls).toBe(0);
    commit('product:1');
    const changed = await get(base, '/changing', { 'accept-encoding': 'gzip' });
    expect(calls).toBe(1);
    expect(gunzipSync(changed.body).toString()).toContain('edition 2');
    edition = 1;
  });

  it('lets RSC and router requests, answers with cookies and page-cache misses through to Next', async () => {
    await warm('/family');
    await get(base, '/family', { rsc: '1' });
    await get(base, '/family', { 'next-router-state-tree': '%5B%5D' });
    await get(base, '/family?_rsc=abc');
    expect(calls).toBe(3);
    await warm('/with-cookie');
    await get(base, '/with-cookie');
    expect(calls).toBe(1);
    const size = responseCache.size;
    await get(base, '/never-seen');
    await settle();
    expect(responseCache.size).toBe(size); // a render (page-cache miss) is never kept
  });
});

describe('the encodings a stored page can be sent in', () => {
  it('prefers gzip, falls back for Brotli-only clients, and honours refusals', () => {
    expect(storedEncoding('gzip, deflate, br, zstd')).toBe('gzip');
    expect(storedEncoding('br;q=1, gzip;q=0.5')).toBe('gzip');
    expect(storedEncoding('br')).toBeNull();
    expect(storedEncoding('gzip;q=0, br')).toBeNull();
    expect(storedEncoding(undefined)).toBe('identity');
    expect(storedEncoding('deflate')).toBe('identity');
    expect(storedEncoding('*')).toBe('gzip');
    expect(storedEncoding('identity;q=0')).toBeNull();
  });
});
