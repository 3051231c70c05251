import type { LocaleCode, UnitSystem } from '@catalogue/dataset/model';
import { retryAfterOf503 } from '../app/api/unavailable';
import type { VerifiedUser } from '../auth/verify-token';
import { generateProductFile } from '../product/generate-product-file';
import { isProductFileName, type ProductFileName } from '../product/product-files';
import { ProjectError } from '../projects/commerce-projects';
import { type GeneratedFile, projectExportFile } from '../projects/project-export';
import { decodeProductId } from '../routing/catalogue-paths';
import { DEFAULT_LOCALE, localeFromSegment } from '../routing/locales';

/**
 * The documents `/api/sendEmail` may attach: the site's own files, named by the address the site serves
 * them at, and generated here with the caller's rights — never bytes a caller sends.
 */
export type DocumentRef =
  | { kind: 'project'; projectId: string; format: 'csv' | 'pdf'; locale: LocaleCode }
  | { kind: 'product'; locale: LocaleCode; productId: string; file: ProductFileName };

export const DOCUMENT_ADDRESS_HELP =
  'attachment must be the address of one of the site’s documents — /api/projects/{id}/export.pdf or ' +
  'export.csv (optionally ?locale=de-eu), or /api/product-files/{locale}/{productId}/spec-sheet.pdf, cad.dxf, bim.ifc or ' +
  'master-spec.docx: the site generates the file itself and accepts no file content';

const PROJECT = /^\/api\/projects\/([^/]+)\/export\.(csv|pdf)$/;
const PRODUCT = /^\/api\/product-files\/([^/]+)\/([^/]+)\/([^/]+)$/;

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The document an address names (a path, or a URL on the request's own origin); null for anything else. */
export function documentOf(address: string, origin: string): DocumentRef | null {
  if (!address.startsWith('/') && !/^https?:\/\//i.test(address)) return null;
  let url: URL;
  try {
    url = new URL(address, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || url.hash) return null;
  const project = PROJECT.exec(url.pathname);
  if (project) {
    // A project export may name its language (`?locale=de-eu`, as the project page links it), nothing else.
    const language = /^\?locale=([a-z]{2}-[a-z]{2})$/.exec(url.search);
    const locale = url.search ? localeFromSegment(language?.[1] ?? '') : DEFAULT_LOCALE;
    const projectId = decoded(project[1] ?? '');
    if (!projectId || !locale) return null;
    return { kind: 'project', projectId, format: project[2] === 'csv' ? 'csv' : 'pdf', locale };
  }
  if (url.search) return null;
  const product = PRODUCT.exec(url.pathname);
  const locale = product ? localeFromSegment(product[1] ?? '') : null;
  const productId = product ? decodeProductId(product[2] ?? '') : null;
  const file = product?.[3] ?? '';
  if (!locale || !productId || !isProductFileName(file)) return null;
  return { kind: 'product', locale, productId, file };
}

export type GeneratedDocument =
  | { ok: true; file: GeneratedFile }
  | { ok: false; status: number; error: string };

/** Generates the document as the caller may see it: their own projects, products of the locale's catalog. */
export async function generateDocument(
  ref: DocumentRef,
  caller: { token: string; user: VerifiedUser },
  unitChoice: UnitSystem | null,
): Promise<GeneratedDocument> {
  if (ref.kind === 'project') {
    try {
      return {
        ok: true,
        file: await projectExportFile(caller.token, caller.user, ref.projectId, ref.format, ref.locale),
      };
    } catch (error) {
      // A busy service is thrown on, so the route answers 503 with its Retry-After (answeringUnavailable).
      if (error instanceof ProjectError && retryAfterOf503(error) === null)
        return { ok: false, status: error.status, error: error.message };
      throw error;
    }
  }
  // The caller's token was verified before: files that need a login are theirs to have.
  const outcome = await generateProductFile(
    ref.locale,
    ref.productId,
    ref.file,
    unitChoice,
    async () => true,
  );
  if (outcome.ok) return outcome;
  return { ok: false, status: 404, error: `Product ${ref.productId} has no ${ref.file} in ${ref.locale}.` };
}

/**
 * The attachment's name: the document's own, or the caller's `fileName` when it keeps the document's
 * type (a PDF is never called `invoice.exe`); null when it would not.
 */
export function attachmentName(fileName: string | undefined, generated: string): string | null {
  if (fileName === undefined) return generated;
  const extension = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';
  return extension(fileName) === extension(generated) ? fileName : null;
}
