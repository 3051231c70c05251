import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Database } from '@catalogue/db';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAINT_FIRST_LOADER, PaintFirstRewriter } from './paint-first';
import { createSiteServer } from './site';

/** The shape of what Next 16 sends: preinit chunks in the head, the bootstrap chunk after the shell. */
const PAGE = [
  '<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/runtime.js"/>',
  '<script src="/_next/static/chunks/react-dom.js" async=""></script>',
  '<script src="/_next/static/chunks/app.js?dpl=a&amp;b=1" async=""></script>',
  '<title>Ladder tray</title><script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<script src="https://cdn.example.com/tag.js" async=""></script></head>',
  '<body><h1>Ladder tray – größe 12</h1><script>self.x="<script src=\\"/_next/static/chunks/in-text.js\\" async=\\"\\">"</script>',
  '<script id="_R_">(globalThis.TURBOPACK||=[]).push({})</script>',
  '<script src="/_next/static/chunks/runtime.js" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>',
].join('');

function rewriteWhole(html: string): string {
  const rewriter = new PaintFirstRewriter();
  return rewriter.push(html) + rewriter.end();
}

describe('paint-first rewrite of a page', () => {
  const out = rewriteWhole(PAGE);

  it('puts the loader first in the head and turns framework chunks into loader calls', () => {
    expect(out.startsWith(`<!DOCTYPE html><html lang="en-US"><head>${PAINT_FIRST_LOADER}<meta`)).toBe(true);
    expect(out).toContain('<script>__paintFirst("/_next/static/chunks/react-dom.js")</script>');
    // Unescaped for the script text; the head's calls only queue, the bootstrap one (after the shell) arms.
    expect(out).toContain('<script>__paintFirst("/_next/static/chunks/app.js?dpl=a&b=1")</script>');
    expect(out).toContain(
      '<script id="_R_">(globalThis.TURBOPACK||=[]).push({})</script><script>__paintFirst("/_next/static/chunks/runtime.js",1)</script>',
    );
    expect(out).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
    expect(out).not.toContain('rel="preload" as="script"');
  });

  it('leaves the stylesheet, noModule polyfills, third-party scripts and inline scripts as they are', () => {
    for (const kept of [
      '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script src="https://cdn.example.com/tag.js" async=""></script>',
      '<h1>Ladder tray – größe 12</h1>',
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
    ]) {
      expect(out).toContain(kept);
    }
  });

  it('gives the same document whatever the chunk boundaries', () => {
    for (const size of [1, 2, 7, 64, 333]) {
      const rewriter = new PaintFirstRewriter();
      let streamed = '';
      for (let at = 0; at < PAGE.length; at += size) streamed += rewriter.push(PAGE.slice(at, at + size));
      streamed += rewriter.end();
      expect(streamed, `chunks of ${size}`).toBe(out);
    }
  });

  it('passes everything after the bootstrap script through, a late chunk included', () => {
    const late = '<script src="/_next/static/chunks/late.js" async=""></script>';
    const page = PAGE.replace('</body>', `${late}</body>`);
    for (const size of [5, page.length]) {
      const rewriter = new PaintFirstRewriter();
      let streamed = '';
      for (let at = 0; at < page.length; at += size) streamed += rewriter.push(page.slice(at, at + size));
      streamed += rewriter.end();
      expect(streamed).toBe(out.replace('</body>', `${late}</body>`));
    }
  });

  it('passes a document without a head through unchanged (no loader, so no calls of it)', () => {
    const fragment = '<p>hi</p><script src="/_next/static/chunks/app.js" async=""></script>';
    expect(rewriteWhole(fragment)).toBe(fragment);
  });

  it('cannot be made to close its own script by a chunk URL', () => {
    const hostile = '<html><head><script src="/_next/static/x</script><b>" async=""></script></head></html>';
    // The attribute pattern stops at `<`, so this is not a framework tag and stays as sent.
    expect(rewriteWhole(hostile)).toBe(hostile.replace('<head>', `<head>${PAINT_FIRST_LOADER}`));
  });
});

describe('the loader in a browser document', () => {
  function documentWith(body: string, options: { hidden?: boolean; painted?: () => boolean } = {}) {
    const dom = new JSDOM(
      `<!DOCTYPE html><html><head>${PAINT_FIRST_LOADER}</head><body>${body}</body></html>`,
      {
        runScripts: 'dangerously',
        pretendToBeVisual: true,
        beforeParse(window) {
          Object.defineProperty(window.document, 'visibilityState', {
            get: () => (options.hidden ? 'hidden' : 'visible'),
          });
          // The first contentful paint as Chromium reports it (jsdom has no paint timing).
          const painted = options.painted ?? (() => true);
          Object.defineProperty(window.performance, 'getEntriesByName', {
            value: (name: string) => (name === 'first-contentful-paint' && painted() ? [{ name }] : []),
          });
        },
      },
    );
    const loaded = () =>
      [...dom.window.document.head.querySelectorAll('script[src]')].map((s) => ({
        src: s.getAttribute('src'),
        async: (s as HTMLScriptElement).async,
      }));
    const frames = (n: number) =>
      new Promise<void>((resolve) => {
        const step = (left: number) =>
          left === 0
            ? resolve()
            : dom.window.requestAnimationFrame(() => setTimeout(() => step(left - 1), 0));
        step(n);
      });
    return { dom, loaded, frames };
  }

  it('queues chunks until the shell is parsed and painted, then loads them in order, async', async () => {
    const { dom, loaded, frames } = documentWith(
      '<script>__paintFirst("/a.js");__paintFirst("/b.js")</script><script>__paintFirst("/runtime.js",1)</script>',
    );
    expect(loaded()).toEqual([]);
    await frames(3);
    expect(loaded()).toEqual([
      { src: '/a.js', async: true },
      { src: '/b.js', async: true },
      { src: '/runtime.js', async: true },
    ]);
    // A chunk announced later in the stream loads at once.
    dom.window.eval('__paintFirst("/late.js")');
    expect(loaded().at(-1)).toEqual({ src: '/late.js', async: true });
    expect(loaded()).toHaveLength(4);
    dom.window.close();
  });

  it('without a reported first paint, loads two frames after the load event', async () => {
    const painted = false;
    const { dom, loaded, frames } = documentWith('<script>__paintFirst("/runtime.js",1)</script>', {
      painted: () => painted,
    });
    await frames(3);
    // jsdom has fired load by now: two more frames, then the scripts go.
    expect(dom.window.document.readyState).toBe('complete');
    await frames(3);
    expect(loaded().map((s) => s.src)).toEqual(['/runtime.js']);
    dom.window.close();
  });

  it('does not wait for a bootstrap script: DOMContentLoaded arms it', async () => {
    const { dom, loaded, frames } = documentWith('<script>__paintFirst("/a.js")</script>');
    await frames(3);
    expect(loaded()).toEqual([{ src: '/a.js', async: true }]);
    dom.window.close();
  });

  it('loads at once in a hidden tab, which paints nothing', () => {
    const { dom, loaded } = documentWith(
      '<script>__paintFirst("/a.js");__paintFirst("/runtime.js",1)</script>',
      {
        hidden: true,
      },
    );
    expect(loaded().map((s) => s.src)).toEqual(['/a.js', '/runtime.js']);
    dom.window.close();
  });
});

describe('pages through the single server: rewritten, then compressed', () => {
  let base: string;
  let server: ReturnType<typeof createSiteServer>;

  beforeAll(async () => {
    server = createSiteServer({
      database: {} as Database, // only /healthz reads it
      services: [],
      pagesState: () => 'ready',
      pages: (req, res) => {
        if (req.url === '/data') {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ html: PAGE.repeat(3) }));
          return;
        }
        res.setHeader('content-type', 'text/html; charset=utf-8');
        // What Next computed for the page before the rewrite: must not reach the browser.
        res.setHeader('content-length', String(Buffer.byteLength(PAGE)));
        const bytes = Buffer.from(PAGE);
        // Cut inside a tag and inside the two-byte "ö".
        const cuts = [0, 150, PAGE.indexOf('ö') + 1, bytes.length - 40, bytes.length];
        for (let i = 0; i < cuts.length - 2; i++) res.write(bytes.subarray(cuts[i], cuts[i + 1]));
        res.end(bytes.subarray(cuts[cuts.length - 2]));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The bytes as sent (fetch would decode them). */
  function raw(path: string, acceptEncoding: string) {
    return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  }

  it('sends the rewritten page in Brotli, gzip or as it is, without the stale length', async () => {
    const expected = rewriteWhole(PAGE);
    const br = await raw('/family', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(expected);
    const gzip = await raw('/family', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(expected);
    const plain = await raw('/family', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);
    expect(plain.headers['content-length']).not.toBe(String(Buffer.byteLength(PAGE)));
  });

  it('compresses other answers without touching them', async () => {
    const { headers, body } = await raw('/data', 'br');
    expect(headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual({ html: PAGE.repeat(3) });
  });
});
