import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCommerceService } from '@catalogue/commerce';
import { datasetContent } from '@catalogue/dataset/testing';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { closeGracefully } from '@catalogue/service-kit';
import { getRequestListener } from '@hono/node-server';
import type { ContentConfig } from '../config';
import { answerOf, type ContentInstance, type GraphQLAnswer, serveContent } from './content-server';

/** The demo users of the authorisation matrix: the back office's roles, a buyer, and the administrator. */
export const USERS = ['admin', 'catalogue', 'editor', 'merchandiser', 'service', 'employee'] as const;
export type DemoUser = (typeof USERS)[number];

export interface EditingSite {
  database: TestDatabase;
  commerceUrl: string;
  content: ContentInstance;
  /** Access tokens of the demo users, signed in once. */
  tokens: Record<DemoUser, string>;
  /** POSTs a GraphQL request as `user` (no Authorization header for null), with extra headers. */
  as(
    user: DemoUser | null,
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLAnswer>;
  /** Another content instance over the same database (the same commerce service verifies its tokens). */
  serveAnother(config?: Partial<ContentConfig>): Promise<ContentInstance>;
  close(): Promise<void>;
}

/** Signs a demo user in at the commerce service as the console (staff) or the storefront (the buyer). */
export async function signIn(commerceUrl: string, user: DemoUser): Promise<string> {
  const form: Record<string, string> =
    user === 'employee'
      ? { grant_type: 'password', client_id: 'storefront', username: user, password: 'Buyer#2026' }
      : {
          grant_type: 'password',
          client_id: 'admin-console',
          client_secret: 'admin-console-secret',
          username: user,
          password: user === 'admin' ? 'Admin#2026' : 'Staff#2026',
        };
  const answer = await fetch(`${commerceUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!answer.ok || !body.access_token) throw new Error(`${user} could not sign in: ${JSON.stringify(body)}`);
  return body.access_token;
}

/**
 * The content service and the commerce service (whose tokens it verifies) on their own ports over one
 * fresh demo database, the scheduled-publication job off unless `config` turns it on.
 */
export async function startEditingSite(config: Partial<ContentConfig> = {}): Promise<EditingSite> {
  const database = await createTestDatabase(undefined, datasetContent(200));
  const commerceService = createCommerceService(database, { basePath: '' });
  const commerceServer = createServer(getRequestListener(commerceService.fetch));
  await new Promise<void>((resolve) => commerceServer.listen(0, '127.0.0.1', resolve));
  const commerceUrl = `http://127.0.0.1:${(commerceServer.address() as AddressInfo).port}`;
  const contentConfig = { CONTENT_SCHEDULE_INTERVAL_S: 0, COMMERCE_SERVICE_URL: commerceUrl, ...config };
  const content = await serveContent(database, contentConfig);
  const instances: ContentInstance[] = [content];
  const tokens = Object.fromEntries(
    await Promise.all(USERS.map(async (user) => [user, await signIn(commerceUrl, user)] as const)),
  ) as Record<DemoUser, string>;
  return {
    database,
    commerceUrl,
    content,
    tokens,
    as: async (user, query, variables, headers = {}) =>
      answerOf(
        await fetch(content.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(user ? { authorization: `Bearer ${tokens[user]}` } : {}),
            ...headers,
          },
          body: JSON.stringify({ query, variables: variables ?? {} }),
        }),
      ),
    async serveAnother(more = {}) {
      const instance = await serveContent(database, { ...contentConfig, ...more });
      instances.push(instance);
      return instance;
    },
    async close() {
      for (const instance of instances) await instance.close();
      commerceService.stop();
      await closeGracefully(commerceServer, 1000);
      await database.dispose();
    },
  };
}
