import { forwardGraphql } from '../graphql-forward';

/** `POST /api/contentHubApi` {query, variables: {productsArr, locale?}}: product marketing content (spec §7). */
export const POST = forwardGraphql;
export const dynamic = 'force-dynamic';
