import type { LocaleCode } from '@catalogue/dataset/model';
import { quoteCsv, quotePdf } from '@catalogue/outbox/documents';
import { packagingLabels } from '@catalogue/outbox/packaging';
import type { NextRequest } from 'next/server';
import { unavailableAnswer } from '../app/api/unavailable';
import type { VerifiedUser } from '../auth/verify-token';
import { getDictionary, getLocaleInfo, getRegionNames } from '../data/content';
import { jsonError, requestUser } from '../delivery/request-user';
import { createTranslator } from '../i18n/translator';
import { DEFAULT_LOCALE, localeOrDefault } from '../routing/locales';
import { ProjectError } from './commerce-projects';
import { exportFileName, projectDocumentOf, projectSheet } from './project-files';

/** A document the site generated: its file name, type and bytes. */
export interface GeneratedFile {
  name: string;
  contentType: string;
  body: Buffer;
}

/**
 * The project as the quote request's CSV or printable PDF, read with the caller's token: their own
 * projects, or for the seller's administrator the submitted ones. Throws `ProjectError` (the commerce
 * service's 404 for a project the caller cannot reach). Values print as labels in `locale`'s language.
 */
export async function projectExportFile(
  token: string,
  user: VerifiedUser,
  id: string,
  format: 'csv' | 'pdf',
  locale: LocaleCode = DEFAULT_LOCALE,
): Promise<GeneratedFile> {
  const [sheet, dictionary, info] = await Promise.all([
    projectSheet(token, user, id),
    getDictionary(locale),
    getLocaleInfo(locale),
  ]);
  const stored = await projectDocumentOf(token, sheet);
  // The region by its name in the reader's language, not its code (US → United States).
  const regionNames = await getRegionNames(info.language);
  const document = { ...stored, regionName: regionNames[stored.regionName] ?? stored.regionName };
  const packaging = packagingLabels(createTranslator(dictionary));
  return {
    name: exportFileName(document, format),
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
    body:
      format === 'csv'
        ? Buffer.from(`\uFEFF${quoteCsv(document, packaging)}`)
        : await quotePdf(document, 'Project', packaging),
  };
}

/**
 * `GET /api/projects/{id}/export.csv|pdf[?locale=de-eu]`: the project's file for its owner (UserToken
 * cookie or bearer token; their own projects, submitted or not) or the seller's administrator (submitted
 * projects, for the sales inbox), its values in the locale's language (default en-US). No token: 401; a
 * project the caller cannot reach: the commerce service's 404.
 */
export async function exportProject(
  request: NextRequest,
  id: string,
  format: 'csv' | 'pdf',
): Promise<Response> {
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  try {
    const locale = localeOrDefault(request.nextUrl.searchParams.get('locale') ?? undefined);
    const file = await projectExportFile(caller.token, caller.user, id, format, locale);
    return new Response(new Uint8Array(file.body), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `${format === 'csv' ? 'attachment' : 'inline'}; filename="${file.name}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    const unavailable = unavailableAnswer(error);
    if (unavailable) return unavailable;
    if (error instanceof ProjectError) {
      if (error.status >= 500) console.error('[projects] export failed:', error);
      return jsonError(error.status, error.message);
    }
    throw error;
  }
}
