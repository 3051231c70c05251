import type { LocaleCode, UnitSystem } from '@catalogue/dataset/model';
import { loadProductSheet } from '../data/product-sheet';
import { renderBimIfc } from '../documents/bim-ifc';
import { renderCadDxf } from '../documents/cad-dxf';
import { renderMasterSpecDocx } from '../documents/master-spec-docx';
import type { ProductSheet } from '../documents/product-sheet';
import { renderSpecSheetPdf } from '../documents/spec-sheet-pdf';
import type { GeneratedFile } from '../projects/project-export';
import { fileOffer, PRODUCT_FILES, type ProductFileName, productFileName } from './product-files';

const RENDERERS: Record<ProductFileName, (sheet: ProductSheet) => Promise<Buffer | string> | string> = {
  'spec-sheet.pdf': renderSpecSheetPdf,
  'cad.dxf': renderCadDxf,
  'bim.ifc': renderBimIfc,
  'master-spec.docx': renderMasterSpecDocx,
};

export type ProductFileOutcome =
  | { ok: true; file: GeneratedFile }
  | { ok: false; status: 404; reason: 'notFound' | 'noFiles' }
  | { ok: false; status: 401; reason: 'login' };

/**
 * A SKU's file generated now, in the locale's language and the unit system: unknown product or one outside
 * the locale's regional catalog, or a file the product does not offer: 404; a file that needs a login
 * when `signedIn` says no: 401. Shared by the download route and `/api/sendEmail`'s attachments.
 */
export async function generateProductFile(
  locale: LocaleCode,
  productId: string,
  file: ProductFileName,
  unitChoice: UnitSystem | null,
  signedIn: () => Promise<boolean>,
): Promise<ProductFileOutcome> {
  const sheet = await loadProductSheet(locale, productId, unitChoice);
  if (!sheet) return { ok: false, status: 404, reason: 'notFound' };
  const offer = fileOffer(sheet.product, file);
  if (!offer.available) return { ok: false, status: 404, reason: 'noFiles' };
  if (offer.requiresLogin && !(await signedIn())) return { ok: false, status: 401, reason: 'login' };
  const body = await RENDERERS[file](sheet);
  return {
    ok: true,
    file: {
      name: productFileName(sheet.product.id, file, locale),
      contentType: PRODUCT_FILES[file].contentType,
      body: typeof body === 'string' ? Buffer.from(body) : body,
    },
  };
}
