import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import * as sdk from '@sitecore-search/data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchService, type SearchService } from '../app';
import { searchConfigFromEnv } from '../config';

/**
 * The v4 publish endpoint driven by the official SDK (`@sitecore-search/data`'s track functions build and
 * send every valid event here); invalid events, which the SDK refuses to send, are posted by hand.
 */

let database: TestDatabase;
let service: SearchService;
const sent: { url: string; status: number; body: unknown }[] = [];

async function count(): Promise<number> {
  const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from search_events`);
  return rows[0]?.n ?? 0;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return service.fetch(
    new Request(`http://search.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  service = createSearchService(database, { basePath: '', config: searchConfigFromEnv({}) });
  // The SDK posts with the global fetch: hand its requests to the service.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const response = await service.fetch(
      new Request(new URL(new URL(url).pathname, 'http://search.test'), init),
    );
    sent.push({ url, status: response.status, body: await response.clone().json() });
    return response;
  });
  sdk.setup({ customerKey: '11111-2222222', serviceHost: 'http://search.test' } as never);
  const context = sdk.EventContext.get();
  context.setPageUri('/fr-ca/products/cable-tray');
  context.setLocaleLanguage('fr');
  context.setLocaleCountry('CA');
});

afterAll(async () => {
  vi.unstubAllGlobals();
  service?.stop();
  await database?.dispose();
});

beforeEach(() => {
  sent.length = 0;
  sdk.setTrackConsent(true);
});

describe('POST /api/event/v4/publish', () => {
  it('stores the events the SDK sends, with the columns the recipes read', async () => {
    await sdk.trackEntityPageViewEvent('product', { items: [{ id: 'T-100' }] });
    await sdk.trackViewEvent('rfkid_1', 'product', { items: [{ id: 'T-100' }, { id: 'T-200' }] });
    await sdk.trackSearchResultsClickEntityEvent('rfkid_7', 'product', {
      index: 2,
      items: [{ id: 'T-300' }],
      keyword: 'tray',
      totalResults: 40,
    });
    await sdk.trackSearchResultsFacetClickEvent('rfkid_7', 'product', {
      filters: [{ facetId: 'material', facetTitle: 'Material', facetValueId: 'facetid_x', valueIndex: 0 }],
      keyword: 'tray',
    });
    await sdk.trackAddToCartEvent('product', { items: [{ id: 'T-100', quantity: 1 }] });
    await sdk.trackOrderConfirmEvent('product', {
      orderId: 'P-1',
      items: [{ id: 'T-100' }, { id: 'T-300' }],
    });
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(sent.every((s) => (s.body as { stored: number }).stored === 1)).toBe(true);

    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select name, action, action_cause, action_sub_type, rfk_id, entity_type, entity_ids, position, locale,
                 page_uri, uuid is not null as has_uuid, client_time is not null as has_time,
                 value->'request'->>'keyword' as keyword, value->'filters'->0->>'name' as facet
          from search_events order by id`,
    );
    expect(rows).toEqual([
      expect.objectContaining({ name: 'entity_page', action: 'view', entity_ids: ['T-100'], rfk_id: null }),
      expect.objectContaining({
        name: 'widget',
        action: 'view',
        rfk_id: 'rfkid_1',
        entity_ids: ['T-100', 'T-200'],
      }),
      expect.objectContaining({ action: 'click', action_cause: 'entity', position: 2, keyword: 'tray' }),
      expect.objectContaining({ action_cause: 'filter', facet: 'material', entity_ids: [] }),
      expect.objectContaining({ name: 'cart', action: 'add', action_sub_type: 'conversion' }),
      expect.objectContaining({ name: 'order_confirm', entity_ids: ['T-100', 'T-300'] }),
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        entity_type: 'product',
        locale: 'fr-CA',
        page_uri: '/fr-ca/products/cable-tray',
        has_uuid: true,
        has_time: true,
      });
    }
  });

  it('refuses each invalid event of spec §5 with a 400 and its reason, storing nothing', async () => {
    const before = await count();
    const uuid = 'visitor-1';
    const cases: [unknown, string, string][] = [
      [{ uuid, action: 'view' }, 'Event name is not defined', 'name'],
      [
        { uuid, name: 'cart', action: 'add', value: { entities: [{ entity_type: 'product' }] } },
        'A field is missing on one or more of the items provided',
        'value.entities[0].id',
      ],
      [
        { uuid, name: 'cart', action: 'add', value: { entities: [{ id: 'T-1' }] } },
        'A field is missing on one or more of the items provided',
        'value.entities[0].entity_type',
      ],
      [
        {
          uuid,
          name: 'widget',
          action: 'click',
          action_cause: 'entity',
          value: { rfk_id: 'rfkid_7', entities: [{ id: 'T-1', entity_type: 'product' }] },
        },
        'Field index is mandatory for widget click entity events and is having invalid/missing value',
        'value.index',
      ],
      [
        {
          uuid,
          name: 'widget',
          action: 'click',
          action_cause: 'filter',
          value: { filters: [{ title: 'Material' }] },
        },
        'Facet events need a facet id',
        'value.filters[0].name',
      ],
    ];
    for (const [event, message, field] of cases) {
      const response = await post('/api/event/v4/publish', event);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        errors: [{ code: 400, type: 'invalid_event', message, details: { field } }],
      });
    }
    // A batch with one bad event stores none of it.
    const good = {
      uuid,
      name: 'entity_page',
      action: 'view',
      value: { entities: [{ id: 'T-1', entity_type: 'product' }] },
    };
    const batch = await post('/api/event/v4/publish', [good, { ...good, name: undefined }]);
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ errors: [{ details: { field: '[1].name' } }] });
    expect((await post('/api/event/v4/publish', '{"name":')).status).toBe(400);
    expect((await post('/api/event/v4/publish', 'x'.repeat(70 * 1024))).status).toBe(413);
    expect(await count()).toBe(before);
    // …and a whole good batch is stored.
    const stored = await post('/api/event/v4/publish', [good, good]);
    expect(await stored.json()).toMatchObject({ stored: 2 });
    expect(await count()).toBe(before + 2);
  });

  it('stores nothing when tracking consent is off', async () => {
    const before = await count();
    sdk.setTrackConsent(false);
    await sdk.trackEntityPageViewEvent('product', { items: [{ id: 'T-100' }] });
    expect(sent).toEqual([]); // the SDK does not even send
    const event = { uuid: 'v', name: 'entity_page', action: 'view' };
    const byCookie = await post('/api/event/v4/publish', event, { cookie: 'a=1; tracking_consent=off' });
    expect(byCookie.status).toBe(200);
    expect(await byCookie.json()).toMatchObject({ stored: 0 });
    const byFlag = await post('/api/event/v4/publish', { ...event, consent: false });
    expect(await byFlag.json()).toMatchObject({ stored: 0 });
    expect(await count()).toBe(before);
    const on = await post('/api/event/v4/publish', event, { cookie: 'tracking_consent=on' });
    expect(await on.json()).toMatchObject({ stored: 1 });
    expect(await count()).toBe(before + 1);
  });

  it('answers the hosted path only for a digits-dash-digits customer key, and other methods with 405', async () => {
    const event = { uuid: 'v', name: 'entity_page', action: 'view' };
    expect((await post('/event/11111-2222222/v4/publish', event)).status).toBe(200);
    const bad = await post('/event/abc-123/v4/publish', event);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ type: 'invalid_customer_key' }] });
    const get = await service.fetch(new Request('http://search.test/api/event/v4/publish'));
    expect(get.status).toBe(405);
  });

  it('answers under the single server’s /discover prefix', async () => {
    const mounted = createSearchService(database, {
      basePath: '/discover',
      config: searchConfigFromEnv({}),
      engine: service.engine,
    });
    const response = await mounted.fetch(
      new Request('http://site.test/discover/api/event/v4/publish', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uuid: 'v', name: 'entity_page', action: 'view' }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ stored: 1 });
  });

  it('keeps stored events unchanged (append-only)', async () => {
    await expect(database.db.execute(sql`update search_events set name = 'changed'`)).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from search_events where name = 'changed'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('publishing with an api key', () => {
  it('requires the raw key in Authorization once one is configured (unless public events are on)', async () => {
    const keyed = createSearchService(database, {
      basePath: '',
      config: searchConfigFromEnv({ SEARCH_API_KEYS: '01-secret-key' }),
      engine: service.engine,
    });
    {
      const event = JSON.stringify({ uuid: 'v', name: 'entity_page', action: 'view' });
      const send = (authorization?: string) =>
        keyed.fetch(
          new Request('http://search.test/event/11111-2222222/v4/publish', {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
            body: event,
          }),
        );
      expect((await send('01-secret-key')).status).toBe(200);
      expect((await send('wrong')).status).toBe(401);
      expect((await send()).status).toBe(401);
    }
    const open = createSearchService(database, {
      basePath: '',
      config: searchConfigFromEnv({ SEARCH_API_KEYS: '01-secret-key', SEARCH_PUBLIC_EVENTS: 'true' }),
      engine: service.engine,
    });
    const anonymous = await open.fetch(
      new Request('http://search.test/api/event/v4/publish', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uuid: 'v', name: 'entity_page', action: 'view' }),
      }),
    );
    expect(anonymous.status).toBe(200);
  });
});
