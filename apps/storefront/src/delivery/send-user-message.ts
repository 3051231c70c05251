import type { NextRequest } from 'next/server';
import { originOfRequest } from '../auth/route-guards';
import type { VerifiedUser } from '../auth/verify-token';
import { storefrontConfig } from '../config';
import { catalogueDb } from '../data/database';
import { UNIT_SYSTEM_COOKIE, unitSystemOf } from '../units/unit-system';
import { attachmentName, DOCUMENT_ADDRESS_HELP, documentOf, generateDocument } from './mail-documents';
import { accountAddress, mailLocale } from './mail-recipient';
import { jsonError } from './request-user';
import { queueUserMessage, type SendEmailVariables } from './send-email';

type Attachment = { filename: string; contentType: string; contentBase64: string };

/** The attachment the variables name, generated now with the caller's rights; a refusal otherwise. */
async function attachmentOf(
  request: NextRequest,
  caller: { token: string; user: VerifiedUser },
  variables: SendEmailVariables,
): Promise<{ ok: true; attachment: Attachment | null } | { ok: false; response: Response }> {
  if (variables.attachment === undefined) return { ok: true, attachment: null };
  const reference = documentOf(variables.attachment, originOfRequest(request.headers, request.url));
  if (!reference) return { ok: false, response: jsonError(400, `Invalid body: ${DOCUMENT_ADDRESS_HELP}.`) };
  const unitChoice = unitSystemOf(request.cookies.get(UNIT_SYSTEM_COOKIE)?.value);
  const document = await generateDocument(reference, caller, unitChoice);
  if (!document.ok) return { ok: false, response: jsonError(document.status, document.error) };
  const filename = attachmentName(variables.fileName, document.file.name);
  if (!filename) {
    return {
      ok: false,
      response: jsonError(
        400,
        `Invalid body: fileName must keep the document's type (${document.file.name}).`,
      ),
    };
  }
  return {
    ok: true,
    attachment: {
      filename,
      contentType: document.file.contentType.split(';')[0]?.trim() ?? 'application/octet-stream',
      contentBase64: document.file.body.toString('base64'),
    },
  };
}

/**
 * `/api/sendEmail`'s use case, after the route's guards: the user's verified address, the attachment the
 * site generates, then the mail queued within the hourly limits (429 with Retry-After past them).
 */
export async function sendUserMessage(
  request: NextRequest,
  caller: { token: string; user: VerifiedUser },
  variables: SendEmailVariables,
): Promise<Response> {
  if (variables.userId !== caller.user.userId)
    return jsonError(403, 'Mail can only be sent to the signed-in user.');
  const recipient = await accountAddress(caller.token);
  if (!recipient.ok) return recipient.response;
  const attachment = await attachmentOf(request, caller, variables);
  if (!attachment.ok) return attachment.response;
  const config = storefrontConfig();
  const locale = mailLocale(request);
  const { user } = caller;
  const queued = await queueUserMessage(
    await catalogueDb(),
    config.sendEmailLimits,
    { key: `${user.userType}:${user.companyId}:${user.userId}`, address: recipient.email },
    {
      template: 'user-message',
      to: recipient.email,
      replyTo: config.salesEmail,
      name: recipient.name,
      username: user.username,
      subject: variables.subject,
      body: variables.body,
      ...(attachment.attachment ? { attachments: [attachment.attachment] } : {}),
      ...(locale ? { locale } : {}),
    },
  );
  if (!queued.ok) {
    const wait = queued.retryAfterSeconds;
    return jsonError(429, `Too many mails: try again in ${wait} s.`, {}, { 'retry-after': String(wait) });
  }
  return Response.json(
    { queued: true, id: queued.id },
    { status: 202, headers: { 'cache-control': 'no-store' } },
  );
}
