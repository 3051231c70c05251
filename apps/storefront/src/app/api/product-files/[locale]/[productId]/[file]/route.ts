import type { NextRequest } from 'next/server';
import { getDictionary } from '../../../../../../data/content';
import { loadProductSheet } from '../../../../../../data/product-sheet';
import { requestToken, signedInUser } from '../../../../../../data/user-session';
import { renderBimIfc } from '../../../../../../documents/bim-ifc';
import { renderCadDxf } from '../../../../../../documents/cad-dxf';
import { renderMasterSpecDocx } from '../../../../../../documents/master-spec-docx';
import type { ProductSheet } from '../../../../../../documents/product-sheet';
import { renderSpecSheetPdf } from '../../../../../../documents/spec-sheet-pdf';
import { createTranslator } from '../../../../../../i18n/translator';
import {
  attachmentDisposition,
  fileOffer,
  isProductFileName,
  PRODUCT_FILES,
  type ProductFileName,
} from '../../../../../../product/product-files';
import { decodeProductId } from '../../../../../../routing/catalogue-paths';
import { localeFromSegment } from '../../../../../../routing/locales';
import { USER_TOKEN_COOKIE } from '../../../../../../tracking/login-status';
import { UNIT_SYSTEM_COOKIE, unitSystemOf } from '../../../../../../units/unit-system';
import { answeringUnavailable } from '../../../../unavailable';

export const dynamic = 'force-dynamic';

interface FileRouteContext {
  params: Promise<{ locale: string; productId: string; file: string }>;
}

const RENDERERS: Record<ProductFileName, (sheet: ProductSheet) => Promise<Buffer | string> | string> = {
  'spec-sheet.pdf': renderSpecSheetPdf,
  'cad.dxf': renderCadDxf,
  'bim.ifc': renderBimIfc,
  'master-spec.docx': renderMasterSpecDocx,
};

function refusal(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * `GET /api/product-files/<locale>/<ID>/<file>`: a SKU's spec sheet (PDF), CAD drawing (DXF), BIM model
 * (IFC) or master specification (DOCX), generated now in the locale's language and the visitor's unit
 * system. Unknown locale, file, product, a product outside the locale's regional catalog or a file the
 * product does not offer: 404. A file that needs a login without a valid UserToken cookie (or bearer
 * token): 401. Refusals are short texts in the page's language.
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
  const unitChoice = unitSystemOf(request.cookies.get(UNIT_SYSTEM_COOKIE)?.value);
  const sheet = await loadProductSheet(locale, decodeProductId(productId), unitChoice);
  if (!sheet) return refusal(404, t('notFound.title'));
  const offer = fileOffer(sheet.product, file);
  if (!offer.available) return refusal(404, t('product.noFiles'));
  if (offer.requiresLogin) {
    const token = requestToken(request, request.cookies.get(USER_TOKEN_COOKIE)?.value ?? null);
    if (!(await signedInUser(token))) return refusal(401, t('loginPrompt.message'));
  }
  const body = await RENDERERS[file](sheet);
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: {
      'content-type': PRODUCT_FILES[file].contentType,
      'content-disposition': attachmentDisposition(sheet.product.id, file, locale),
      // Made for this visitor (language, units, login): never shared by caches.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
