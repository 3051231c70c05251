import type { NextRequest } from 'next/server';
import { getDictionary } from '../../../../../../data/content';
import { requestToken, signedInUser } from '../../../../../../data/user-session';
import { createTranslator } from '../../../../../../i18n/translator';
import { generateProductFile } from '../../../../../../product/generate-product-file';
import { isProductFileName } from '../../../../../../product/product-files';
import { decodeProductId } from '../../../../../../routing/catalogue-paths';
import { localeFromSegment } from '../../../../../../routing/locales';
import { USER_TOKEN_COOKIE } from '../../../../../../tracking/login-status';
import { UNIT_SYSTEM_COOKIE, unitSystemOf } from '../../../../../../units/unit-system';
import { answeringUnavailable } from '../../../../unavailable';

export const dynamic = 'force-dynamic';

interface FileRouteContext {
  params: Promise<{ locale: string; productId: string; file: string }>;
}

function refusal(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * `GET /api/product-files/<locale>/<ID>/<file>`: a SKU's spec sheet (PDF), CAD drawing (DXF), BIM model
 * (IFC) or master specification (DOCX), generated now in the locale's language and the visitor's unit
 * system (`product/generate-product-file.ts`). Unknown locale, file, product, a product outside the
 * locale's regional catalog or a file the product does not offer: 404. A file that needs a login without
 * a valid UserToken cookie (or bearer token): 401. Refusals are short texts in the page's language.
 */
export const GET = answeringUnavailable(async function GET(
  request: NextRequest,
  { params }: FileRouteContext,
): Promise<Response> {
  const { locale: segment, productId, file } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) return refusal(404, 'Not found.');
  const t = createTranslator(await getDictionary(locale));
  if (!isProductFileName(file)) return refusal(404, t('notFound.title'));
  const outcome = await generateProductFile(
    locale,
    decodeProductId(productId),
    file,
    unitSystemOf(request.cookies.get(UNIT_SYSTEM_COOKIE)?.value),
    async () =>
      (await signedInUser(requestToken(request, request.cookies.get(USER_TOKEN_COOKIE)?.value ?? null))) !==
      null,
  );
  if (!outcome.ok) {
    const message = { notFound: 'notFound.title', noFiles: 'product.noFiles', login: 'loginPrompt.message' };
    return refusal(outcome.status, t(message[outcome.reason]));
  }
  return new Response(new Uint8Array(outcome.file.body), {
    headers: {
      'content-type': outcome.file.contentType,
      'content-disposition': `attachment; filename="${outcome.file.name}"`,
      // Made for this visitor (language, units, login): never shared by caches.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
