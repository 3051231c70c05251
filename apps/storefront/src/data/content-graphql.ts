import { postToContentService } from './content-service';

/** A GraphQL answer of the content service. */
interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** A refusal of the content service: its first error's message and code (e.g. RATE_LIMITED). */
export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/**
 * Runs a GraphQL operation on the content service and answers its `data`; a GraphQL error becomes a
 * `ContentError` with the service's message and code. Never called at build time (see `catalogueDb`).
 * `forwardedFor`: the visitor's X-Forwarded-For, for calls made on a visitor's behalf (sign-ups).
 */
export async function queryContent<T>(
  query: string,
  variables: Record<string, unknown> = {},
  options: { forwardedFor?: string | null } = {},
): Promise<T> {
  const response = await postToContentService({ query, variables }, options);
  const answer = (await response.json()) as GraphqlAnswer<T>;
  const first = answer.errors?.[0];
  if (first) throw new ContentError(first.message, first.extensions?.code ?? null);
  if (!answer.data)
    throw new ContentError(`The content service answered ${response.status} without data.`, null);
  return answer.data;
}
