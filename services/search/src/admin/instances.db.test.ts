import { type Database, openDatabase } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchService, type SearchService } from '../app';
import { searchConfigFromEnv } from '../config';
import { ADMIN_PATH } from './routes';
import { type AdminUnderTest, adminUnderTest, idsOf, within } from './testing/admin-under-test';

// biome-ignore lint/suspicious/noExplicitAny: API answers read by tests
type Json = any;

/**
 * A merchandiser's change made through one instance of the search service reaches another one within
 * 2 seconds: each follows the database's change feed. The second instance reads the feed at the default
 * interval (1 s). On PostgreSQL it has its own connection pool, as another process would; PGlite allows
 * one process per database, so there both instances share it (each with its own engine).
 */
describe(`merchandising on two search instances over one database on ${testDriver()}`, () => {
  let t: AdminUnderTest;
  let secondDatabase: Database | null = null;
  let second: SearchService;

  beforeAll(async () => {
    t = await adminUnderTest();
    if (t.search.database.driver === 'postgres') {
      secondDatabase = await openDatabase({
        driver: 'postgres',
        url: t.search.database.url ?? '',
        poolSize: 3,
      });
    }
    second = createSearchService(secondDatabase ?? t.search.database, {
      basePath: '',
      config: { ...searchConfigFromEnv({}), SEARCH_EVENT_RETENTION_INTERVAL_S: 0 },
    });
    await second.engine.ready;
  }, 240_000);

  afterAll(async () => {
    second?.stop();
    await secondDatabase?.close();
    await t?.close();
  });

  /** A request to one instance; the merchandiser's, except the public search. */
  async function call(service: SearchService, method: string, path: string, body?: unknown): Promise<Json> {
    const admin = path.startsWith(ADMIN_PATH);
    const response = await service.fetch(
      new Request(`http://search.test${path}`, {
        method,
        headers: {
          ...(admin ? { authorization: `Bearer ${await t.token('merchandiser')}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
    return { status: response.status, json: response.status === 204 ? null : await response.json() };
  }

  async function find(service: SearchService, keyphrase: string, limit = 10): Promise<Json> {
    const answer = await call(service, 'POST', '/api/discover/v2', {
      context: { locale: { language: 'en', country: 'us' } },
      widget: { items: [{ entity: 'product', rfk_id: 'rfkid_7', search: { query: { keyphrase }, limit } }] },
    });
    return answer.json.widgets[0];
  }

  it('applies a rule saved on one instance on the other within 2 seconds, and its deletion too', async () => {
    const conduit = idsOf(await find(second, 'conduit'));
    const product = conduit[4] as string;
    const created = await call(t.search.service, 'POST', `${ADMIN_PATH}/rules`, {
      id: 'two-instances',
      name: 'Pin across instances',
      widgets: ['rfkid_7'],
      keyphrases: ['conduit'],
      pin: [{ id: product, slot: 1 }],
    });
    expect(created.status).toBe(201);
    const took = await within(2000, async () => idsOf(await find(second, 'conduit'))[0] === product);
    expect(took).toBeLessThanOrEqual(2000);

    // Written through the second instance, read back through the first at the same version.
    const read = await call(second, 'GET', `${ADMIN_PATH}/rules/two-instances`);
    expect(read.json.version).toBe(created.json.version);
    const deleted = await call(
      second,
      'DELETE',
      `${ADMIN_PATH}/rules/two-instances?version=${read.json.version}`,
    );
    expect(deleted.status).toBe(204);
    await within(2000, async () => idsOf(await t.find('conduit'))[0] === conduit[0]);
    await within(2000, async () => idsOf(await find(second, 'conduit'))[0] === conduit[0]);
  });

  it('applies widget settings saved on one instance on the other within 2 seconds', async () => {
    const current = (await call(second, 'GET', `${ADMIN_PATH}/widgets/rfkid_7`)).json;
    const changed = await call(t.search.service, 'PUT', `${ADMIN_PATH}/widgets/rfkid_7`, {
      config: { ...current.config, max_limit: 4 },
      version: current.version,
    });
    expect(changed.status).toBe(200);
    await within(2000, async () => (await find(second, 'conduit', 50)).limit === 4);
    const back = await call(second, 'PUT', `${ADMIN_PATH}/widgets/rfkid_7`, {
      config: current.config,
      version: changed.json.version,
    });
    expect(back.status).toBe(200);
    await within(2000, async () => (await find(t.search.service, 'conduit', 50)).limit === 50);
  });
});
