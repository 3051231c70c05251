import type { NextRequest } from 'next/server';
import { crossSiteRefusal, isCrossSite, readJsonBody } from '../../../auth/route-guards';
import { jsonError, requestUser } from '../../../delivery/request-user';
import { MAX_SEND_EMAIL_BYTES, sendEmailBody } from '../../../delivery/send-email';
import { sendUserMessage } from '../../../delivery/send-user-message';
import { answeringUnavailable } from '../unavailable';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/sendEmail {variables:{userId, subject, body, fileName, attachment}}` (spec §7): the signed-in
 * user (UserToken cookie or bearer token; `userId` must be theirs) mails themselves a note at their own
 * verified address, inside the product's `user-message` template, with the sales team as Reply-To and
 * optionally one of the site's documents, which the site generates with the user's rights (`attachment`
 * is its address, `fileName` its name; file content is refused). Queued in the outbox: 202 `{queued, id}`.
 * Refusals `{error}`: 400 bad body or attachment, 401 token, 403 another user or site, 404 a document the
 * user cannot reach, 409 no verified address, 413 too large, 429 (Retry-After) over the hourly limits.
 */
export const POST = answeringUnavailable(async function POST(request: NextRequest): Promise<Response> {
  if (isCrossSite(request)) return crossSiteRefusal();
  if (Number(request.headers.get('content-length') ?? 0) > MAX_SEND_EMAIL_BYTES)
    return jsonError(413, `The request is too large (at most ${MAX_SEND_EMAIL_BYTES} bytes).`);
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  const parsed = await readJsonBody(request, sendEmailBody);
  if (!parsed.ok) return parsed.response;
  return sendUserMessage(request, caller, parsed.value.variables);
});
