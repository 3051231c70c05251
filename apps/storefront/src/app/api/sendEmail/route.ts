import type { NextRequest } from 'next/server';
import { Me } from 'ordercloud-javascript-sdk';
import { crossSiteRefusal, isCrossSite, readJsonBody } from '../../../auth/route-guards';
import { storefrontConfig } from '../../../config';
import { configureInProcessCommerce } from '../../../data/commerce-sdk';
import { catalogueDb } from '../../../data/database';
import { jsonError, requestUser } from '../../../delivery/request-user';
import { MAX_ATTACHMENT_BYTES, queueEmail, sendEmailBody, userMessage } from '../../../delivery/send-email';
import { answeringUnavailable, unavailableAnswer } from '../unavailable';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/sendEmail {variables:{userId, subject, body, fileName, attachment}}` (spec §7): mails the
 * signed-in user (UserToken cookie or bearer token) at their own address, with the sales team as
 * Reply-To, optionally with one base64 attachment (≤ 5 MB). `userId` must be the token's user. The mail
 * is queued in the outbox in a transaction and answered 202 `{queued: true, id}`; the outbox worker
 * delivers it (SMTP or `.eml` file) with retries. Refusals: 400 bad body, 401 token, 403 another user or
 * another site, 409 a user without an e-mail address, 413 too large.
 */
export const POST = answeringUnavailable(async function POST(request: NextRequest): Promise<Response> {
  if (isCrossSite(request)) return crossSiteRefusal();
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_ATTACHMENT_BYTES * 1.4 + 64 * 1024)
    return jsonError(413, `The request is too large (at most ${MAX_ATTACHMENT_BYTES} bytes of attachment).`);
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  const parsed = await readJsonBody(request, sendEmailBody);
  if (!parsed.ok) return parsed.response;
  const { variables } = parsed.value;
  if (variables.userId !== caller.user.userId)
    return jsonError(403, 'Mail can only be sent to the signed-in user.');
  configureInProcessCommerce();
  let me: Awaited<ReturnType<typeof Me.Get>>;
  try {
    me = await Me.Get({ accessToken: caller.token });
  } catch (error) {
    const unavailable = unavailableAnswer(error);
    if (unavailable) return unavailable;
    console.error('[sendEmail] could not read the user:', error);
    return jsonError(502, 'The account service failed; nothing was sent.');
  }
  if (!me.Email) return jsonError(409, 'Your account has no e-mail address.');
  const message = userMessage(
    variables,
    { email: me.Email, name: `${me.FirstName ?? ''} ${me.LastName ?? ''}`.trim() },
    storefrontConfig().salesEmail,
  );
  const id = await queueEmail(await catalogueDb(), message);
  return Response.json({ queued: true, id }, { status: 202, headers: { 'cache-control': 'no-store' } });
});
