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
 * serves it, else to CONTENT_SERVICE_URL. Answers the service's own response.
 */
export function postToContentService(request: GraphqlRequest): Promise<Response> {
  return callService(
    'content',
    '/graphql',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    },
    storefrontConfig().contentServiceUrl,
  );
}
