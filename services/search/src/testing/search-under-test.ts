import { datasetContent } from '@catalogue/dataset/testing';
import {
  createTestDatabase,
  type TestConnectionOptions,
  type TestDatabase,
  type TestDriver,
} from '@catalogue/db/testing';
import { createSearchService, type SearchService } from '../app';
import { type SearchConfig, searchConfigFromEnv } from '../config';

// biome-ignore lint/suspicious/noExplicitAny: wire answers of many shapes, read by tests
type Json = any;

export interface SearchAnswer {
  status: number;
  json: Json;
}

export interface SearchUnderTest {
  service: SearchService;
  database: TestDatabase;
  /** POSTs a body to `/api/discover/v2` (or another path) and parses the answer. */
  post(body: unknown, options?: { path?: string; headers?: Record<string, string> }): Promise<SearchAnswer>;
  close(): Promise<void>;
}

/**
 * The search service at the root path over a fresh test database loaded with the demo dataset
 * (`skus` SKUs), its index built.
 */
export async function searchUnderTest(
  options: {
    skus?: number;
    config?: Partial<SearchConfig>;
    driver?: TestDriver;
    connection?: TestConnectionOptions;
  } = {},
): Promise<SearchUnderTest> {
  const database = await createTestDatabase(
    options.driver,
    datasetContent(options.skus ?? 3000),
    options.connection,
  );
  const config = { ...searchConfigFromEnv({}), SEARCH_FEED_INTERVAL_MS: 100, ...options.config };
  const service = createSearchService(database, { basePath: '', config });
  await service.engine.ready;
  return {
    service,
    database,
    async post(body, { path = '/api/discover/v2', headers = {} } = {}) {
      const response = await service.fetch(
        new Request(`http://search.test${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );
      const text = await response.text();
      try {
        return { status: response.status, json: JSON.parse(text) };
      } catch {
        throw new Error(`Not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
      }
    },
    async close() {
      service.stop();
      await database.dispose();
    },
  };
}
