import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

/**
 * The storefront runs inside the single server (server/src/main.ts), which opens the database and hands
 * every non-service request to Next. Workspace packages are TypeScript source, so Next transpiles them;
 * the database drivers, pdfkit (it reads its font metrics
 * from files beside its code) and jsdom (the server's DOM for sanitising content blocks; it reads files
 * beside its code too) stay outside the bundle. Type errors are caught by the root `tsc`, not here.
 */
const nextConfig: NextConfig = {
  transpilePackages: [
    '@catalogue/db',
    '@catalogue/dataset',
    '@catalogue/service-kit',
    '@catalogue/outbox',
    '@catalogue/drawings',
    // Only its `favourites-ids` subpath: the favourites collection IDs the service reserves.
    '@catalogue/commerce',
  ],
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pdfkit', 'jsdom'],
  poweredByHeader: false,
  // The site shows no image through next/image (search results use plain <img>), so the optimiser's
  // `/_next/image` endpoint, which fetches any local URL it is given, is off: it answers the 404 page.
  images: { unoptimized: true },
  // The single server compresses pages (Brotli or gzip) after its paint-first rewrite of the HTML
  // (server/src/site.ts, server/src/paint-first.ts); Next would hand it gzip it cannot read.
  compress: false,
  // No page may be framed by another site (clickjacking); the login page may not be framed at all. The
  // reset page's address holds the emailed code: it is never sent on as a Referer.
  async headers() {
    const framing = (ancestors: string, option: string) => [
      { key: 'Content-Security-Policy', value: `frame-ancestors ${ancestors}` },
      { key: 'X-Frame-Options', value: option },
    ];
    const noReferrer = [{ key: 'Referrer-Policy', value: 'no-referrer' }];
    return [
      { source: '/:path*', headers: framing("'self'", 'SAMEORIGIN') },
      { source: '/login', headers: framing("'none'", 'DENY') },
      { source: '/:locale/login', headers: framing("'none'", 'DENY') },
      { source: '/reset-password', headers: noReferrer },
      { source: '/:locale/reset-password', headers: noReferrer },
    ];
  },
  // Rendered pages and unstable_cache results live in the single server's page cache, checked against the
  // database's tag feed on every read (server/src/page-cache/, docs/ARCHITECTURE.md "Page cache").
  cacheHandler: fileURLToPath(new URL('./page-cache-handler.mjs', import.meta.url)),
  cacheMaxMemorySize: 0,
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // app/global-not-found.tsx answers URLs no route matches, in the site's shell (the root layout sits
    // under the [locale] segment, so there is no layout Next could wrap a root not-found page in).
    globalNotFound: true,
    // Turbopack's chunker avoids more than one chunk per page below `minChunkSize` (default 50 KB of
    // unminified code). At the default it split Next's start-up code into six files and the site shell's
    // lazy-loader stubs (0.7 KB) into a file of their own whenever the shell grew by a few bytes. At 200 KB
    // every page starts with three fewer requests and 1.4–2.2 KB less compressed JavaScript (the files'
    // headers, and Brotli doing better on bigger files); no lazily loaded code moves into the start-up
    // chunks (docs/BENCHMARKS.md, "Start-up chunks").
    turbopackChunking: { minChunkSize: 200_000 },
  },
};

export default nextConfig;
