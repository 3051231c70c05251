import { readFileSync } from 'node:fs';
import type { Db } from '@catalogue/db';
import type { CommerceTokenVerifier } from '@catalogue/service-kit/commerce-token';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { createSchema, createYoga } from 'graphql-yoga';
import type { ContentConfig } from '../config';
import { EditingRequest } from '../editing/request';
import { useInputGuard } from '../http/input-guard';
import { maskUnavailable, quietOnUnavailable } from '../http/unavailable';
import type { NewsletterSignUps } from '../newsletter/mutation';
import type { ContentStore } from '../store/content-store';
import { type GraphQLContext, RequestContent } from './context';
import { useRefusalStatus } from './refusal-status';
import { resolvers } from './resolvers';

/** What the Hono app hands yoga with each request. */
export interface ContentServerContext {
  clientAddress: string;
  /** The request asked for the editors' preview and its token was allowed it (`editing/preview.ts`). */
  preview: boolean;
}

/** The schema, defined once in SDL (schema.graphql). */
const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

/**
 * GraphQL over HTTP at `<basePath>/graphql` (GET and POST) with graphql-yoga. No GraphiQL page (it would
 * load scripts from a CDN); introspection stays on. Queries are refused before they run when they exceed
 * the depth, cost, alias, directive or token limits of the configuration.
 */
export function createContentYoga(
  store: ContentStore,
  db: Db,
  config: ContentConfig,
  basePath: string,
  newsletter: NewsletterSignUps,
  verifier: CommerceTokenVerifier,
) {
  return createYoga<ContentServerContext, GraphQLContext>({
    schema: createSchema<GraphQLContext>({ typeDefs, resolvers }),
    graphqlEndpoint: `${basePath.replace(/\/+$/, '')}/graphql`,
    graphiql: false,
    landingPage: false,
    logging: quietOnUnavailable(),
    maskedErrors: { maskError: maskUnavailable },
    context: ({ clientAddress, preview, request }) => ({
      content: new RequestContent(store, db, preview),
      newsletter,
      clientAddress,
      preview,
      editing: new EditingRequest(
        db,
        verifier,
        request.headers.get('authorization'),
        config.CONTENT_MAX_ITEM_BYTES,
      ),
    }),
    plugins: [
      useInputGuard(),
      maxTokensPlugin({ n: config.CONTENT_MAX_TOKENS }),
      maxDepthPlugin({ n: config.CONTENT_MAX_DEPTH, flattenFragments: true }),
      maxAliasesPlugin({ n: config.CONTENT_MAX_ALIASES }),
      maxDirectivesPlugin({ n: config.CONTENT_MAX_DIRECTIVES }),
      costLimitPlugin({ maxCost: config.CONTENT_MAX_COST }),
      useRefusalStatus(),
    ],
  });
}
