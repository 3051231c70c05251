import { forwardGraphql } from '../graphql-forward';

/** `POST /api/cmsApi` {query, variables}: CMS content from the content service (spec §7). */
export const POST = forwardGraphql;
export const dynamic = 'force-dynamic';
