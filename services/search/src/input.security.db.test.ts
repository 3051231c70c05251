import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import {
  assertTwice,
  hostileBodyText,
  hostileContentType,
  hostileHeaderValue,
  hostileJson,
  hostileText,
  hostileUrlPart,
  nestedJsonText,
} from '@catalogue/service-kit/security-fuzz';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchUnderTest, searchUnderTest } from './testing/search-under-test';

/**
 * Bad input never answers 5xx (issue 20 item 8) and the 5xx fuzz of the search service's public inputs
 * (item 11): searches and event publishes, on every route of the app's own route table.
 */

interface Answer {
  status: number;
  type: string | undefined;
  text: string;
}

/** A search the SDK would send, with `slots` put where the engine reads them. */
function searchBody(slots: {
  keyphrase?: unknown;
  name?: unknown;
  value?: unknown;
  rfk?: unknown;
  language?: unknown;
}) {
  return {
    context: {
      locale: { country: 'us', language: slots.language ?? 'en' },
      page: { uri: '/search' },
      user: { uuid: 'fuzz-visitor' },
    },
    widget: {
      items: [
        {
          entity: 'product',
          rfk_id: slots.rfk ?? 'rfkid_7',
          search: {
            content: {},
            limit: 10,
            offset: 0,
            query: { keyphrase: slots.keyphrase ?? 'conduit' },
            facet: { all: true, types: [{ name: slots.name ?? 'material' }] },
            sort: { value: [{ name: slots.name ?? 'name', order: 'asc' }] },
            filter: { type: 'eq', name: slots.name ?? 'material', value: slots.value ?? 'steel' },
          },
        },
      ],
    },
  };
}

/** An event the SDK would publish, with `slots` in the fields that are stored. */
function eventBody(slots: { id?: unknown; uri?: unknown; name?: unknown; uuid?: unknown }) {
  return {
    name: slots.name ?? 'entity_page',
    action: 'view',
    uuid: slots.uuid ?? 'fuzz-visitor',
    client_time_ms: 1,
    value: {
      context: { page: { uri: slots.uri ?? '/product/x', locale_country: 'us', locale_language: 'en' } },
      entities: [{ id: slots.id ?? 'P-1', entity_type: 'product' }],
    },
  };
}

describe(`hostile input to the search service on ${testDriver()}`, () => {
  let search: SearchUnderTest;

  async function send(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await search.service.fetch(
      new Request(`http://search.test${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body }),
      }),
    );
    const text = await response.text();
    let type: string | undefined;
    try {
      type = (JSON.parse(text) as { errors?: { type: string }[] }).errors?.[0]?.type;
    } catch {
      type = undefined;
    }
    return { status: response.status, type, text };
  }

  async function storedEvents(): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      search.database.db,
      sql`select count(*)::int as n from search_events`,
    );
    return rows[0]?.n ?? 0;
  }

  beforeAll(async () => {
    search = await searchUnderTest({ skus: 60 });
  });
  afterAll(async () => {
    await search?.close();
  });

  it("refuses the hostile test's inputs with a 400 in the service's error format, storing none of them", async () => {
    const before = await storedEvents();
    const deep = nestedJsonText(5000);
    const bodies: [string, string][] = [
      ['NUL keyphrase', JSON.stringify(searchBody({ keyphrase: 'a\u0000' }))],
      ['lone surrogate facet', JSON.stringify(searchBody({ name: '\uD800' }))],
      ['NUL event id', JSON.stringify(eventBody({ id: 'P\u0000' }))],
      ['lone surrogate page', JSON.stringify(eventBody({ uri: '/x\uDC00' }))],
      ['deep', `{"context":${deep},"widget":{"items":[]}}`],
      ['deep event', `{"name":"entity_page","action":"view","uuid":"u","value":${deep}}`],
    ];
    const problems: string[] = [];
    for (const path of [
      '/api/discover/v2',
      '/discover/v2/1234',
      '/api/v1/search/d',
      '/api/event/v4/publish',
    ]) {
      for (const [what, body] of bodies) {
        const answer = await send('POST', path, body);
        if (answer.status !== 400 || answer.type !== 'invalid_request') {
          problems.push(`${path} ${what}: ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      }
    }
    for (const path of ['/discover/v2/%00', '/event/%00/v4/publish', '/api/discover/v2?x=%00', '/%E0%A4%A']) {
      const answer = await send('POST', path, JSON.stringify(searchBody({})));
      if (answer.status !== 400 || answer.type !== 'invalid_request')
        problems.push(`${path}: ${answer.status}`);
    }
    // The consent cookie is read on every publish: a value that does not decode is not "off".
    const cookie = await send('POST', '/api/event/v4/publish', JSON.stringify(eventBody({})), {
      cookie: 'tracking_consent=%E0%A4%A',
    });
    if (cookie.status !== 200) problems.push(`undecodable consent cookie: ${cookie.status} ${cookie.text}`);
    expect(problems).toEqual([]);
    expect(await storedEvents()).toBe(before + 1);
  });

  it('answers no hostile search, event, path or header with a 5xx (fuzz over the route table)', async () => {
    const routes = search.service.routes;
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const eventRoutes = routes.filter((r) => r.path.includes('/event/'));
    const searchRoutes = routes.filter((r) => !r.path.includes('/event/'));
    const slot = fc.option(hostileJson, { nil: undefined, freq: 2 });
    const event = fc.record({ id: slot, uri: slot }).map(eventBody);
    const header = fc.oneof(
      fc.tuple(fc.constantFrom('authorization', 'accept-language', 'x-forwarded-for'), hostileHeaderValue),
      fc.tuple(
        fc.constant('cookie'),
        fc.oneof(
          hostileHeaderValue,
          hostileUrlPart.map((v) => `tracking_consent=${v}`),
        ),
      ),
    );
    const query = fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.tuple(hostileUrlPart, hostileText.map(encodeURIComponentSafe)) },
    );
    const param = fc.oneof(fc.constant('11111-2222222'), hostileUrlPart);
    // Each case sends what the chosen route reads, with hostile values where the service uses them.
    const request = fc.oneof(
      fc.record({
        route: fc.constantFrom(...searchRoutes),
        body: fc
          .record({ keyphrase: slot, name: slot, value: slot, rfk: slot, language: slot })
          .map((slots) => JSON.stringify(searchBody(slots))),
        param,
        query,
        header,
        contentType: fc.constant('application/json'),
      }),
      fc.record({
        route: fc.constantFrom(...eventRoutes),
        body: fc.oneof(event, fc.array(event, { maxLength: 3 })).map((value) => JSON.stringify(value)),
        param,
        query,
        header,
        contentType: fc.constant('application/json'),
      }),
      fc.record({
        route: fc.constantFrom(...routes),
        body: fc.oneof(
          hostileJson.map((value) => JSON.stringify(value) ?? 'null'),
          hostileBodyText,
        ),
        param,
        query,
        header,
        contentType: hostileContentType,
      }),
    );
    await assertTwice(
      request,
      async ({ route, param, body, contentType, header, query }) => {
        const path = `${route.path.replace(/:[A-Za-z]+/g, param)}${query ? `?${query[0]}=${query[1]}` : ''}`;
        const answer = await send(route.method, path, route.method === 'GET' ? undefined : body, {
          'content-type': contentType,
          [header[0]]: header[1],
        });
        expect(answer.status, `${route.method} ${path}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      },
      { seed: 20_261_127, numRuns: 200 },
    );
  });
});

function encodeURIComponentSafe(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return 'x';
  }
}
