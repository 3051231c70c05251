import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { datasetContent } from '@catalogue/dataset/testing';
import type { Database } from '@catalogue/db';
import { createTestDatabase, type TestConnectionOptions, type TestDatabase } from '@catalogue/db/testing';
import { closeGracefully } from '@catalogue/service-kit';
import { getRequestListener } from '@hono/node-server';
import { createContentService } from '../app';
import { type ContentConfig, contentConfigFromEnv } from '../config';

// biome-ignore lint/suspicious/noExplicitAny: GraphQL answers of many shapes, read by tests
type Json = any;

export interface GraphQLAnswer {
  status: number;
  json: Json;
  headers: Headers;
}

export interface ContentUnderTest {
  url: string;
  /** The service's routes (method and path pattern under `/content`). */
  routes: { method: string; path: string }[];
  database: TestDatabase;
  /** POSTs `{ query, variables }` as the storefront does. */
  post(query: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer>;
  close(): Promise<void>;
}

export async function answerOf(response: Response): Promise<GraphQLAnswer> {
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`Not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
  }
  return { status: response.status, json, headers: response.headers };
}

export interface ContentInstance {
  url: string;
  routes: { method: string; path: string }[];
  post: ContentUnderTest['post'];
  /** Stops the service and its server; the database stays. */
  close(): Promise<void>;
}

/** One more instance of the service at `/content` on its own port, over an already prepared database. */
export async function serveContent(
  database: Database,
  config: Partial<ContentConfig> = {},
): Promise<ContentInstance> {
  const service = createContentService(database, {
    basePath: '/content',
    config: { ...contentConfigFromEnv({}), ...config },
  });
  const server = createServer(getRequestListener(service.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/content/graphql`;
  return {
    url,
    routes: service.routes,
    post: async (query, variables) =>
      answerOf(
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ query, variables: variables ?? {} }),
        }),
      ),
    async close() {
      service.stop();
      await closeGracefully(server, 1000);
    },
  };
}

/**
 * The content service on its own port at `/content` (as in the single server), over a fresh test database
 * holding a small demo dataset.
 */
export async function startContent(
  options: { skus?: number; config?: Partial<ContentConfig>; connection?: TestConnectionOptions } = {},
): Promise<ContentUnderTest> {
  const database = await createTestDatabase(
    undefined,
    datasetContent(options.skus ?? 200),
    options.connection,
  );
  const instance = await serveContent(database, options.config);
  return {
    ...instance,
    database,
    async close() {
      await instance.close();
      await database.dispose();
    },
  };
}
