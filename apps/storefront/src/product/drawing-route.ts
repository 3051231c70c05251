import { getDictionary } from '../data/content';
import { getProductForLocale } from '../data/product-detail';
import { createTranslator } from '../i18n/translator';
import { decodeProductId } from '../routing/catalogue-paths';
import { localeFromSegment } from '../routing/locales';
import { drawingSvg, drawingVersion, isDrawingVariant } from './drawing-images';

/**
 * The answer of `GET /api/drawings/<locale>/<ID>/<variant>.svg`: the drawing of a SKU of the locale's
 * regional catalog (anything else 404), generated from its catalogue data. A `v` naming the current
 * content is cached for a year as immutable (the page that linked it will link another `v` when the
 * product changes); without it, or with an old one, for five minutes. Every answer carries the content's
 * ETag, and a matching If-None-Match gets a 304. Drawings are the same for every visitor (the unit
 * system is in the path), so shared caches may keep them.
 */

const YEAR_SECONDS = 31_536_000;
const SHORT_SECONDS = 300;

function notFound(): Response {
  return new Response('Not found.\n', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export async function answerDrawing(
  segment: string,
  productId: string,
  file: string,
  request: { version: string | null; ifNoneMatch: string | null },
): Promise<Response> {
  const locale = localeFromSegment(segment);
  const variant = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
  if (!locale || !isDrawingVariant(variant)) return notFound();
  const found = await getProductForLocale(locale, decodeProductId(productId));
  if (!found) return notFound();
  const t = createTranslator(await getDictionary(locale));
  return svgAnswer(drawingSvg(found.product, variant, locale, t), request);
}

/** The answer for a drawing's SVG: caching by the asked version, ETag and 304 (see the file's comment). */
export function svgAnswer(
  svg: string,
  request: { version: string | null; ifNoneMatch: string | null },
): Response {
  const version = drawingVersion(svg);
  const etag = `"${version}"`;
  const headers = {
    'cache-control':
      request.version === version
        ? `public, max-age=${YEAR_SECONDS}, immutable`
        : `public, max-age=${SHORT_SECONDS}`,
    etag,
    // Opened on its own the SVG is a document: it may style itself and nothing else.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
  };
  const matches = request.ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  if (matches) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers: { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' } });
}
