import { quoteCsv, quotePdf } from '@catalogue/outbox/documents';
import type { NextRequest } from 'next/server';
import { unavailableAnswer } from '../app/api/unavailable';
import { jsonError, requestUser } from '../delivery/request-user';
import { ProjectError } from './commerce-projects';
import { exportFileName, projectDocumentOf, projectSheet } from './project-files';

/**
 * `GET /api/projects/{id}/export.csv|pdf`: the project as the quote request's CSV or printable PDF, for
 * its owner (UserToken cookie or bearer token; their own projects, submitted or not) or the seller's
 * administrator (submitted projects, for the sales inbox). No token: 401; a project the caller cannot
 * reach: the commerce service's 404.
 */
export async function exportProject(
  request: NextRequest,
  id: string,
  format: 'csv' | 'pdf',
): Promise<Response> {
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  try {
    const sheet = await projectSheet(caller.token, caller.user, id);
    const document = await projectDocumentOf(caller.token, sheet);
    const body =
      format === 'csv' ? Buffer.from(`\uFEFF${quoteCsv(document)}`) : await quotePdf(document, 'Project');
    const name = exportFileName(document, format);
    return new Response(new Uint8Array(body), {
      headers: {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
        'content-disposition': `${format === 'csv' ? 'attachment' : 'inline'}; filename="${name}"`,
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
