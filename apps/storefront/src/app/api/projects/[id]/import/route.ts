import type { NextRequest } from 'next/server';
import { crossSiteRefusal, isCrossSite } from '../../../../../auth/route-guards';
import { jsonError, requestUser } from '../../../../../delivery/request-user';
import { ProjectError } from '../../../../../projects/commerce-projects';
import { importLines, MAX_IMPORT_BYTES, parseImportCsv } from '../../../../../projects/project-files';
import { unavailableAnswer } from '../../../unavailable';

export const dynamic = 'force-dynamic';

const TOO_LARGE = { code: 'too-large', max: MAX_IMPORT_BYTES / 1024 };

/**
 * `POST /api/projects/{id}/import`: lines from a CSV of catalogue numbers and quantities into the
 * signed-in user's unsubmitted project, all or nothing. The CSV is the body (`text/csv` or
 * `text/plain`) or the `file` field of a multipart form. Answers `{applied, lines: [{line,
 * catalogueNumber, quantity, status, message?}]}`: 200 when applied, 422 when any line was refused
 * (nothing changed). Refusals: 400 unreadable/empty CSV (with the problem's `code` for the page's words), 401 token, 403 another site, 404 a project the
 * user does not own, 409 a submitted project, 413 larger than 256 KB, 415 another content type.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  if (isCrossSite(request)) return crossSiteRefusal();
  const { id } = await params;
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  if (caller.user.userType !== 'buyer') return jsonError(403, 'Only the project’s owner can import lines.');
  if (Number(request.headers.get('content-length') ?? 0) > MAX_IMPORT_BYTES + 16 * 1024)
    return jsonError(413, `The CSV is too large (at most ${MAX_IMPORT_BYTES / 1024} KB).`, TOO_LARGE);
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  let csv: string;
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return jsonError(400, 'The form cannot be read.');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) return jsonError(400, 'The form has no file field.');
    if (file.size > MAX_IMPORT_BYTES)
      return jsonError(413, `The CSV is too large (at most ${MAX_IMPORT_BYTES / 1024} KB).`, TOO_LARGE);
    csv = await file.text();
  } else if (type.startsWith('text/csv') || type.startsWith('text/plain')) {
    csv = await request.text();
    if (Buffer.byteLength(csv) > MAX_IMPORT_BYTES)
      return jsonError(413, `The CSV is too large (at most ${MAX_IMPORT_BYTES / 1024} KB).`, TOO_LARGE);
  } else {
    return jsonError(415, 'Send the CSV as text/csv or as the file field of a multipart form.');
  }
  const parsed = parseImportCsv(csv);
  if ('error' in parsed) {
    const { error, ...problem } = parsed;
    return jsonError(400, error, problem);
  }
  try {
    const report = await importLines(caller.token, id, parsed.rows);
    return Response.json(report, {
      status: report.applied ? 200 : 422,
      headers: { 'cache-control': 'no-store' },
    });
  } catch (error) {
    const unavailable = unavailableAnswer(error);
    if (unavailable) return unavailable;
    if (error instanceof ProjectError) {
      if (error.status >= 500) console.error('[projects] import failed:', error);
      return jsonError(error.status, error.message);
    }
    throw error;
  }
}
