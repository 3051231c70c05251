import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@catalogue/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerNonce, NonceSwap, type PagePolicy } from './content-security-policy';
import { createSiteServer } from './site';

const RENDER_NONCE = 'R3nd3rN0nc3-of-the-proc';

/** A page as Next renders it with the render nonce: framework scripts, RSC payload, our inline script. */
function page(nonce: string): string {
  return [
    '<!DOCTYPE html><html><head>',
    `<link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="/_next/static/chunks/boot.js"/>`,
    `<script src="/_next/static/chunks/react.js" async="" nonce="${nonce}"></script>`,
    '</head><body><p>Ladder tray – größe 12</p>',
    `<script nonce="${nonce}">if(document.cookie)document.documentElement.dataset.x=''</script>`,
    `<script nonce="${nonce}" id="_R_">(globalThis.TURBOPACK||=[]).push({})</script>`,
    `<script src="/_next/static/chunks/boot.js" nonce="${nonce}" async=""></script>`,
    `<script nonce="${nonce}">self.__next_f.push([1,"0:HL[\\"/a.css\\",\\"style\\",{\\"nonce\\":\\"${nonce}\\"}]"])</script>`,
    '</body></html>',
  ].join('');
}

const POLICY: PagePolicy = {
  renderNonce: RENDER_NONCE,
  scriptPolicy: (nonce) =>
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'; object-src 'none'; base-uri 'none'`,
  apiPolicy: "default-src 'none'",
};

describe('the per-answer nonce swap', () => {
  it('draws every answer nonce afresh: 22 characters of 16 random bytes, none repeated across pool refills', () => {
    const nonces = Array.from({ length: 2000 }, answerNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('replaces every occurrence, wherever the chunks are cut, and leaves everything else as it was', () => {
    // The body's bytes, as rewriteBody hands them over (UTF-8 text may be cut inside a character).
    const bytes = Buffer.from(page(RENDER_NONCE).repeat(2));
    for (const replacement of [
      'N'.repeat(RENDER_NONCE.length),
      'short',
      'L'.repeat(RENDER_NONCE.length + 9),
    ]) {
      const expected = Buffer.from(page(RENDER_NONCE).repeat(2).replaceAll(RENDER_NONCE, replacement));
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 12 }), (cuts) => {
          const swap = new NonceSwap(RENDER_NONCE, replacement);
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const out: Buffer[] = [];
          for (let i = 0; i < points.length - 1; i++) {
            const chunk = bytes.subarray(points[i], points[i + 1]);
            const before = Buffer.from(chunk);
            // Odd chunks as made for the answer (from a string: may be written into), even ones as Next's own.
            const owned = i % 2 === 1;
            out.push(swap.bytes.push(owned ? Buffer.from(chunk) : chunk, owned));
            expect(chunk.equals(before)).toBe(true); // the writer's buffer is never written into
          }
          out.push(swap.bytes.end());
          expect(Buffer.concat(out).equals(expected)).toBe(true);
        }),
        { seed: 20_261_127, numRuns: 200 },
      );
    }
  });
});

describe('pages through the single server with a Content-Security-Policy', () => {
  let base: string;
  let server: ReturnType<typeof createSiteServer>;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = createSiteServer({
      database: {} as Database,
      services: [],
      pagesState: () => 'ready',
      contentSecurityPolicy: POLICY,
      pages: (req, res) => {
        seen.push({ ...req.headers });
        const nonce = /'nonce-([^']+)'/.exec(String(req.headers['content-security-policy']))?.[1] ?? '';
        res.setHeader('content-security-policy', "frame-ancestors 'self'");
        if (req.url === '/api/data') {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ ok: true }));
          return;
        }
        res.setHeader('content-type', req.url === '/rsc' ? 'text/x-component' : 'text/html; charset=utf-8');
        res.setHeader('etag', '"same-for-everyone"');
        res.setHeader('link', `</a.css>; rel=preload; as=style; nonce="${nonce}"`);
        const bytes = Buffer.from(page(nonce));
        // Cut inside a nonce and inside the two-byte "ö".
        const cuts = [0, bytes.indexOf(nonce) + 5, bytes.indexOf('ö') + 1, bytes.length];
        for (let i = 0; i < cuts.length - 2; i++) res.write(bytes.subarray(cuts[i], cuts[i + 1]));
        res.end(bytes.subarray(cuts[cuts.length - 2]));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('renders with the render nonce, whatever policy or validator the request carries', async () => {
    seen.length = 0;
    await fetch(`${base}/family`, {
      headers: {
        accept: 'text/html',
        'content-security-policy': "script-src 'nonce-chosen-by-a-visitor'",
        'content-security-policy-report-only': "script-src 'nonce-chosen-by-a-visitor'",
        'if-none-match': '"same-for-everyone"',
      },
    });
    expect(seen[0]?.['content-security-policy']).toBe(`script-src 'nonce-${RENDER_NONCE}'`);
    expect(seen[0]?.['content-security-policy-report-only']).toBeUndefined();
    expect(seen[0]?.['if-none-match']).toBeUndefined();
  });

  it('answers each page with a nonce of its own, in the policy and on every script, never the render nonce', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => fetch(`${base}/family`, { headers: { accept: 'text/html' } })),
    );
    const nonces: string[] = [];
    for (const answer of answers) {
      const policy = answer.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([A-Za-z0-9_-]{22})'/.exec(policy)?.[1] ?? '';
      nonces.push(nonce);
      expect(policy).toBe(
        `frame-ancestors 'self'; script-src 'nonce-${nonce}' 'strict-dynamic' 'self'; object-src 'none'; base-uri 'none'`,
      );
      const html = await answer.text();
      expect(html).not.toContain(RENDER_NONCE);
      expect(answer.headers.get('link')).toContain(`nonce="${nonce}"`);
      expect(answer.headers.get('etag')).toBeNull();
      // Every script tag carries the answer's nonce: Next's, ours, and the paint-first loader's.
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThanOrEqual(6);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      // Next's framework tags, nonce and all, became paint-first loader calls.
      expect(html).not.toMatch(/<script src="\/_next\/static\//);
      expect(html).not.toContain('rel="preload" as="script"');
      expect(html).toContain(
        `<script nonce="${nonce}">__paintFirst("/_next/static/chunks/boot.js",1)</script>`,
      );
      expect(html).toContain('größe');
      expect(html).toContain(`{\\"nonce\\":\\"${nonce}\\"}`);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('swaps the render nonce out of navigations too, and gives JSON answers a policy under which nothing runs', async () => {
    const rsc = await fetch(`${base}/rsc`);
    expect(await rsc.text()).not.toContain(RENDER_NONCE);
    const json = await fetch(`${base}/api/data`);
    expect(json.headers.get('content-security-policy')).toBe("frame-ancestors 'self'; default-src 'none'");
    expect(await json.json()).toEqual({ ok: true });
  });
});
