import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

/** The files worth compressing, with their content type (Next's, but for JavaScript's). */
const TYPES: Record<string, string> = {
  // RFC 9239: text/javascript is the JavaScript media type; application/javascript is obsolete.
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=UTF-8',
};

const PREFIX = '/_next/static/';

/**
 * Next's build assets (`/_next/static/…`, immutable: their names carry a content hash) in Brotli at its
 * best quality, for browsers that accept it. Next's own server only gzips them, on every request, and the
 * framework's JavaScript (React, the App Router) is most of the first-load budget (≤ 130 KB compressed,
 * docs/BENCHMARKS.md): Brotli 11 sends about 15 % less than gzip. Quality 11 is too slow to run per
 * request, so each file is compressed once, in the background after the start, and kept in memory
 * (under 1 MiB for the whole build). A file not compressed yet, a browser without `br` and any other path
 * go to Next as before.
 */
export class StaticAssets {
  private readonly compressed = new Map<string, Buffer>();

  constructor(private readonly staticDir: string) {}

  /** Compresses every asset of the build; resolves when done (requests are served meanwhile). */
  async prepare(): Promise<void> {
    for (const file of await listFiles(this.staticDir)) {
      if (!(path.extname(file) in TYPES)) continue;
      const body = await readFile(file);
      const packed = await compress(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      if (packed.length < body.length) this.compressed.set(file, packed);
    }
  }

  /** Answers the request when it is for a compressed asset and the browser accepts Brotli. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (!pathname.startsWith(PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    if (!acceptsBrotli(req.headers['accept-encoding'])) return false;
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(PREFIX.length));
    } catch {
      return false;
    }
    const file = path.resolve(this.staticDir, relative);
    if (!file.startsWith(`${this.staticDir}${path.sep}`)) return false;
    const body = this.compressed.get(file);
    const type = TYPES[path.extname(file)];
    if (!body || !type) return false;
    res.writeHead(200, {
      'content-type': type,
      'content-encoding': 'br',
      'content-length': body.length,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}

/** Whether an Accept-Encoding header lists `br` with a non-zero quality. */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'br') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
