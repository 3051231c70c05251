import { z } from 'zod';
import { postToContentService } from '../../data/content-service';

const MAX_BODY_BYTES = 100_000;

const graphqlBody = z.strictObject({
  query: z.string().trim().min(1, 'query must be a non-empty GraphQL document'),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

/** A GraphQL-shaped refusal (`errors[]`), as the content service itself answers bad requests. */
function refusal(status: number, message: string): Response {
  return Response.json({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }, { status });
}

/**
 * `POST /api/cmsApi` and `POST /api/contentHubApi` (spec §7): `{query, variables}` forwarded to the
 * content service, whose answer (status and GraphQL body) is returned as it is. A body that is not such a
 * request is refused here with a GraphQL error and never reaches the service.
 */
export async function forwardGraphql(request: Request): Promise<Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    return refusal(415, 'Send the GraphQL request as JSON (content-type: application/json).');
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    return refusal(413, `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refusal(400, 'The request body is not valid JSON.');
  }
  const parsed = graphqlBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return refusal(400, `Invalid GraphQL request: ${where}${issue?.message ?? 'malformed'}.`);
  }
  // On the visitor's behalf: the service's limits per client address (newsletter sign-ups) count them.
  const answer = await postToContentService(parsed.data, {
    forwardedFor: request.headers.get('x-forwarded-for'),
  });
  return new Response(answer.body, {
    status: answer.status,
    headers: {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-store',
      // A busy service's 503 says when to try again.
      ...(answer.headers.has('retry-after')
        ? { 'retry-after': answer.headers.get('retry-after') ?? '' }
        : {}),
    },
  });
}
