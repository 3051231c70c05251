import type { LocaleCode } from '@catalogue/dataset/model';
import type { ProductDetail } from '../data/product-shapes';
import { routeSegmentOf } from '../routing/locales';

/**
 * The files a SKU offers and where they are generated: `/api/product-files/<locale>/<ID>/<file>`. The
 * spec sheet is open to everyone; CAD, BIM and the master specification need a logged-in user (spec §5,
 * §6: the dataset marks CAD and BIM `shouldAskLogin`; visitors get no master-spec links). A kind the
 * product's download list does not name is not offered, and its link is shown disabled (spec §5).
 */

export type ProductFileName = 'spec-sheet.pdf' | 'cad.dxf' | 'bim.ifc' | 'master-spec.docx';

export interface ProductFileType {
  /** The stem of the file name given to the browser (`EMT-075-10-spec-sheet-fr-ca.pdf`). */
  stem: string;
  extension: string;
  contentType: string;
  /** The dataset's download kind that offers the file; null: every product (master specification). */
  downloadKind: ProductDetail['downloads'][number]['kind'] | null;
  /** Dictionary key of the link's text. */
  labelKey: string;
}

export const PRODUCT_FILES: Record<ProductFileName, ProductFileType> = {
  'spec-sheet.pdf': {
    stem: 'spec-sheet',
    extension: 'pdf',
    contentType: 'application/pdf',
    downloadKind: 'specSheet',
    labelKey: 'product.downloadSpecSheet',
  },
  'cad.dxf': {
    stem: 'cad',
    extension: 'dxf',
    contentType: 'image/vnd.dxf',
    downloadKind: 'cad',
    labelKey: 'product.downloadCad',
  },
  'bim.ifc': {
    stem: 'bim',
    extension: 'ifc',
    contentType: 'application/x-step',
    downloadKind: 'bim',
    labelKey: 'product.downloadBim',
  },
  'master-spec.docx': {
    stem: 'master-spec',
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    downloadKind: null,
    labelKey: 'product.downloadMasterSpec',
  },
};

export function isProductFileName(value: string): value is ProductFileName {
  return Object.hasOwn(PRODUCT_FILES, value);
}

/** What a product offers of one file: whether it exists for it and whether a visitor must log in. */
export interface FileOffer {
  file: ProductFileName;
  available: boolean;
  requiresLogin: boolean;
}

export function fileOffer(product: Pick<ProductDetail, 'downloads'>, file: ProductFileName): FileOffer {
  const { downloadKind } = PRODUCT_FILES[file];
  if (downloadKind === null) return { file, available: true, requiresLogin: true };
  const listed = product.downloads.filter((download) => download.kind === downloadKind);
  return {
    file,
    available: listed.length > 0,
    requiresLogin: listed.some((download) => download.shouldAskLogin),
  };
}

export function productFileHref(locale: LocaleCode, productId: string, file: ProductFileName): string {
  return `/api/product-files/${routeSegmentOf(locale)}/${encodeURIComponent(productId)}/${file}`;
}

/** `EMT-075-10-spec-sheet-de-eu.pdf` (catalogue numbers are ASCII). */
export function productFileName(productId: string, file: ProductFileName, locale: LocaleCode): string {
  const { stem, extension } = PRODUCT_FILES[file];
  return `${productId}-${stem}-${routeSegmentOf(locale)}.${extension}`;
}
