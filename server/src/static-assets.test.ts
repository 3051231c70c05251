import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptsBrotli, StaticAssets } from './static-assets';

describe('Brotli for the build assets', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'static-assets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = `console.log(${JSON.stringify('react '.repeat(2000))});`;
  mkdirSync(path.join(dir, 'chunks'));
  writeFileSync(path.join(dir, 'chunks', 'a.js'), script);
  writeFileSync(path.join(dir, 'secret.key'), 'not an asset');

  function request(url: string, acceptEncoding: string, method = 'GET') {
    const sent: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
    const req = { method, headers: { 'accept-encoding': acceptEncoding } } as unknown as IncomingMessage;
    const res = {
      writeHead(status: number, headers: Record<string, unknown>) {
        sent.status = status;
        sent.headers = headers;
      },
      end(body?: Buffer) {
        sent.body = body;
      },
    } as unknown as ServerResponse;
    return { sent, req, res, url };
  }

  it('serves a compressed asset with its type and immutable caching to browsers that accept br', async () => {
    const assets = new StaticAssets(dir);
    const before = request('/_next/static/chunks/a.js', 'gzip, deflate, br');
    expect(assets.serve(before.req, before.res, before.url)).toBe(false); // not compressed yet: Next serves it
    await assets.prepare();
    const { sent, req, res, url } = request('/_next/static/chunks/a.js', 'gzip, deflate, br');
    expect(assets.serve(req, res, url)).toBe(true);
    expect(sent.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(brotliDecompressSync(sent.body ?? Buffer.alloc(0)).toString()).toBe(script);
    expect(sent.body?.length).toBeLessThan(script.length / 10);
  });

  it('leaves other encodings, paths outside the build, unknown files and other methods to Next', async () => {
    const assets = new StaticAssets(dir);
    await assets.prepare();
    for (const [url, encoding, method] of [
      ['/_next/static/chunks/a.js', 'gzip', 'GET'],
      ['/_next/static/chunks/a.js', 'br;q=0, gzip', 'GET'],
      ['/_next/static/../static/chunks/missing.js', 'br', 'GET'],
      ['/_next/static/%2e%2e/secret.key', 'br', 'GET'],
      ['/_next/static/secret.key', 'br', 'GET'],
      ['/products/a.js', 'br', 'GET'],
      ['/_next/static/chunks/a.js', 'br', 'POST'],
    ] as const) {
      const { req, res } = request(url, encoding, method);
      expect(assets.serve(req, res, url), `${method} ${url} (${encoding})`).toBe(false);
    }
  });

  it('reads Accept-Encoding with qualities', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('br;q=0')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
    expect(acceptsBrotli('gzip')).toBe(false);
  });
});
