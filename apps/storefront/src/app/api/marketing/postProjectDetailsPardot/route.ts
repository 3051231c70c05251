import type { NextRequest } from 'next/server';
import { crossSiteRefusal, isCrossSite, readJsonBody } from '../../../../auth/route-guards';
import { storefrontConfig } from '../../../../config';
import { catalogueDb } from '../../../../data/database';
import { jsonError, requestUser } from '../../../../delivery/request-user';
import { acceptMarketingToken } from '../../../../marketing/marketing-tokens';
import { postProjectDetailsBody, queueProjectDetails } from '../../../../marketing/project-details';
import { mismatchesWith, ownSubmittedProjectDetails } from '../../../../marketing/project-push';
import { ProjectError } from '../../../../projects/commerce-projects';
import { answeringUnavailable } from '../../unavailable';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/marketing/postProjectDetailsPardot {projectDetails, token}` (spec §7): `token` is one of
 * `getAccessToken` (401 otherwise) and the caller is the signed-in user of `Authorization: Bearer` or the
 * `UserToken` cookie (401 otherwise; 403 when the marketing token was issued to someone else). What is
 * queued is the caller's own submitted project as the commerce service stores it (`project-push.ts`):
 * another user's project is refused (403/404), one not submitted 409, and details that differ from the
 * stored project (made-up lines or quantities, another user) 422 naming each field. Queued as a
 * `marketing-push` outbox row, answered 202 `{queued: true, id, duplicate}`. Nothing is stored on a refusal.
 */
export const POST = answeringUnavailable(async function POST(request: NextRequest): Promise<Response> {
  if (isCrossSite(request)) return crossSiteRefusal();
  const parsed = await readJsonBody(request, postProjectDetailsBody);
  if (!parsed.ok) return parsed.response;
  const accepted = await acceptMarketingToken(storefrontConfig().marketing, parsed.value.token);
  if (!accepted) return jsonError(401, 'The marketing token is invalid or has expired.');
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  if (accepted.userId !== null && accepted.userId !== caller.user.userId) {
    return jsonError(403, 'The marketing token was issued to another user.');
  }
  const claimed = parsed.value.projectDetails;
  let stored: Awaited<ReturnType<typeof ownSubmittedProjectDetails>>;
  try {
    stored = await ownSubmittedProjectDetails(caller.token, caller.user, claimed.projectId);
  } catch (error) {
    if (error instanceof ProjectError) return jsonError(error.status, error.message);
    throw error;
  }
  const mismatches = mismatchesWith(claimed, stored);
  if (mismatches.length > 0) {
    return jsonError(
      422,
      `The project details differ from project ${claimed.projectId} as stored: ${mismatches.join(', ')}.`,
      { mismatches },
    );
  }
  const queued = await queueProjectDetails(await catalogueDb(), stored, caller.user.userId);
  return Response.json(
    { queued: true, ...queued },
    { status: 202, headers: { 'cache-control': 'no-store' } },
  );
});
