import type { NextRequest } from 'next/server';
import { crossSiteRefusal, isCrossSite, readJsonBody } from '../../../../auth/route-guards';
import { storefrontConfig } from '../../../../config';
import { catalogueDb } from '../../../../data/database';
import { jsonError } from '../../../../delivery/request-user';
import { acceptMarketingToken } from '../../../../marketing/marketing-tokens';
import { postProjectDetailsBody, queueProjectDetails } from '../../../../marketing/project-details';
import { answeringUnavailable } from '../../unavailable';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/marketing/postProjectDetailsPardot {projectDetails, token}` (spec §7): `token` is one of
 * `getAccessToken` (401 otherwise); the details are checked (400 naming each problem) and queued as a
 * `marketing-push` outbox row, answered 202 `{queued: true, id, duplicate}`. Nothing is stored on a
 * refusal.
 */
export const POST = answeringUnavailable(async function POST(request: NextRequest): Promise<Response> {
  if (isCrossSite(request)) return crossSiteRefusal();
  const parsed = await readJsonBody(request, postProjectDetailsBody);
  if (!parsed.ok) return parsed.response;
  const accepted = await acceptMarketingToken(storefrontConfig().marketing, parsed.value.token);
  if (!accepted) return jsonError(401, 'The marketing token is invalid or has expired.');
  const queued = await queueProjectDetails(await catalogueDb(), parsed.value.projectDetails, accepted.userId);
  return Response.json(
    { queued: true, ...queued },
    { status: 202, headers: { 'cache-control': 'no-store' } },
  );
});
