import { callService } from '@catalogue/service-kit/shared';
import { storefrontConfig } from '../config';

/** A GraphQL request as the storefront's API routes accept it and the content service answers it. */
export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/**
 * Sends a GraphQL request to the content service (`/content/graphql`): in-process when this process
 * serves it, else to CONTENT_SERVICE_URL. Answers the service's own response. `forwardedFor` is the
 * page request's X-Forwarded-For as the site server wrote it, passed on whole so the service's limits per
 * client address count the visitor (it reads the header knowing TRUST_PROXY), not this process.
 */
export function postToContentService(
  request: GraphqlRequest,
  { forwardedFor }: { forwardedFor?: string | null } = {},
): Promise<Response> {
  return callService(
    'content',
    '/graphql',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: JSON.stringify(request),
    },
    storefrontConfig().contentServiceUrl,
  );
}
