import { createCommerceService } from '@catalogue/commerce';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { PageController, setCredentials, WidgetDataAdapter } from '@sitecore-search/core';
import {
  defaultRequests,
  FilterAnd,
  FilterAnyOf,
  FilterEqual,
  FilterGeo,
  FilterGreaterThan,
  FilterNot,
  FilterOr,
  type SearchResponseWidget,
  type SearchResultsWidgetRequest,
  WidgetDataType,
  type WidgetRequest,
} from '@sitecore-search/data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchService } from './app';
import { searchConfigFromEnv } from './config';
import { NO_USER_MESSAGE } from './http/auth';
import { type SearchUnderTest, searchUnderTest } from './testing/search-under-test';
import { parseFacetValueId } from './wire/facet-id';

/**
 * Wire compatibility through the SDK's own request builders (@sitecore-search/data 3.0.0) and response
 * handling (@sitecore-search/core's WidgetDataAdapter, which matches the widget by rfk_id and entity):
 * the SDK's fetch goes to the service in-process.
 */

const API_KEY = '01-test-api-key-0123456789';
let search: SearchUnderTest;
const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  search = await searchUnderTest({ skus: 600, config: { SEARCH_API_KEYS: [API_KEY] } });
  const commerce = createCommerceService(search.database, { basePath: '' });
  setSharedServices([commerce, search.service]);
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    sent.push({
      url: String(input),
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    return search.service.fetch(new Request(`http://search.test${url.pathname}`, init));
  }) as typeof fetch;
  setCredentials({ customerKey: '11111-2222222', serviceHost: 'http://search.test', env: 'prod' } as never);
  PageController.getContext().setLocaleLanguage('en');
  PageController.getContext().setLocaleCountry('us');
}, 240_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  setSharedServices(null);
  await search?.close();
});

function searchResults(rfkId = 'rfkid_7', entity = 'product'): SearchResultsWidgetRequest {
  const request = defaultRequests.getDefaultRequestFor(
    WidgetDataType.SEARCH_RESULTS,
    rfkId,
  ) as SearchResultsWidgetRequest;
  request.setEntity(entity);
  return request;
}

function widgetData(rfkId: string, entity: string, request: WidgetRequest): Promise<SearchResponseWidget> {
  return WidgetDataAdapter.getWidgetData({
    rfkId,
    entity,
    request,
  } as never) as Promise<SearchResponseWidget>;
}

describe('search results through the SDK', () => {
  it('answers the widget the SDK asked for, with content, paging, sort choices and facet ids', async () => {
    const request = searchResults();
    request.setSearchQueryKeyphrase('conduit');
    request.setSearchLimit(5);
    const widget = await widgetData('rfkid_7', 'product', request);
    expect(widget).toMatchObject({
      rfk_id: 'rfkid_7',
      entity: 'product',
      type: 'content_grid',
      limit: 5,
      offset: 0,
    });
    expect(widget.content).toHaveLength(5);
    expect(widget.total_item).toBeGreaterThan(5);
    for (const item of widget.content) expect(item.name.toLowerCase()).toContain('conduit');
    expect(widget.sort.choices.map((c) => c.name)).toEqual([
      'featured_desc',
      'name_asc',
      'name_desc',
      'weight_asc',
    ]);
    const material = widget.facet.find((f) => f.name === 'material');
    expect(material?.label).toBe('Material');
    for (const value of material?.value ?? []) {
      expect(parseFacetValueId(value.id)).toMatchObject({ name: 'material' });
      expect(value.count).toBeGreaterThan(0);
    }
    // The SDK's request: widget item with facet all, sort choices, offset 0, the page context's locale.
    const body = sent.at(-1)?.body as { context: unknown; widget: { items: unknown[] } };
    expect(body.context).toMatchObject({ locale: { language: 'en', country: 'us' } });
    expect(body.widget.items[0]).toMatchObject({
      rfk_id: 'rfkid_7',
      entity: 'product',
      search: { facet: { all: true } },
    });
  });

  it('narrows by a facet value id sent back through addSearchFacetTypeFilter, counts equal to the total', async () => {
    const first = searchResults();
    first.setSearchQueryKeyphrase('conduit');
    const facets = (await widgetData('rfkid_7', 'product', first)).facet;
    const value = facets.find((f) => f.name === 'material')?.value[0];
    if (!value) throw new Error('no material facet value');
    const second = searchResults();
    second.setSearchQueryKeyphrase('conduit');
    second.addSearchFacetTypeFilter('material', value.id);
    const narrowed = await widgetData('rfkid_7', 'product', second);
    expect(narrowed.total_item).toBe(value.count);
    for (const item of narrowed.content) expect(item.material).toBe(parseFacetValueId(value.id)?.value);
  });

  it('applies filters built with the SDK filter classes', async () => {
    const request = searchResults();
    request.setSearchLimit(100);
    request.setSearchFilter(
      new FilterAnd([
        new FilterOr([new FilterEqual('material', 'steel'), new FilterEqual('material', 'steel-galvanized')]),
        new FilterNot(new FilterEqual('made_to_order', true)),
        new FilterGreaterThan('weight_kg', 0),
        new FilterAnyOf('region', ['USA']),
      ]),
    );
    const widget = await widgetData('rfkid_7', 'product', request);
    expect(widget.total_item).toBeGreaterThan(0);
    for (const item of widget.content) {
      expect(['steel', 'steel-galvanized']).toContain(item.material);
      expect(item.made_to_order).toBe(false);
    }
    const geo = searchResults();
    geo.setSearchFilter(new FilterGeo('location', '10km', { lat: 1, lon: 2 }));
    expect((await widgetData('rfkid_7', 'product', geo)).total_item).toBe(0);
  });

  it('answers preview search with keyphrase suggestions and top products', async () => {
    const request = defaultRequests.getDefaultRequestFor(WidgetDataType.PREVIEW_SEARCH, 'rfkid_6');
    request.setEntity('product');
    request.setSearchQueryKeyphrase('condu');
    request.setSearchLimit(4);
    request.setSearchSuggestion([
      { name: 'keyphrase', max: 3 },
      { name: 'category', max: 3 },
    ]);
    const widget = await widgetData('rfkid_6', 'product', request);
    expect(widget.type).toBe('preview_search');
    expect(widget.content.length).toBe(4);
    expect(widget.suggestion.keyphrase?.length).toBeGreaterThan(0);
    for (const s of widget.suggestion.keyphrase ?? []) expect(s.text.toLowerCase()).toContain('condu');
    expect(widget.suggestion.category?.length).toBeGreaterThan(0);
  });

  it('gives every product result the thumbnail of its drawing, which the storefront serves in the locale', async () => {
    const request = defaultRequests.getDefaultRequestFor(WidgetDataType.PREVIEW_SEARCH, 'rfkid_6');
    request.setEntity('product');
    request.setSearchQueryKeyphrase('condu');
    request.setSearchLimit(4);
    const widget = await widgetData('rfkid_6', 'product', request);
    expect(widget.content.length).toBe(4);
    for (const item of widget.content)
      expect(item.image_url).toBe(`/api/drawings/en-us/${encodeURIComponent(String(item.id))}/thumb.svg`);
  });

  it('gives an unknown rfk_id an error object in its widget (HTTP 200)', async () => {
    const request = searchResults('rfkid_nope');
    const widget = await widgetData('rfkid_nope', 'product', request);
    expect(widget.errors?.[0]).toMatchObject({ code: 404, type: 'widget_not_found', severity: 'medium' });
  });

  it('refuses a widget item without entity with a 400 the SDK reports', async () => {
    const request = defaultRequests.getDefaultRequestFor(WidgetDataType.SEARCH_RESULTS, 'rfkid_7');
    await expect(widgetData('rfkid_7', 'product', request)).rejects.toMatchObject({
      errors: [{ code: 400, type: 'invalid_request', message: expect.stringContaining('entity') }],
    });
  });
});

describe('the HTTP contract', () => {
  const body = { widget: { items: [{ entity: 'product', rfk_id: 'rfkid_7', search: { limit: 1 } }] } };

  it('takes the hosted path with the raw api key, and refuses a wrong key', async () => {
    const ok = await search.post(body, { path: '/discover/v2/2222222', headers: { authorization: API_KEY } });
    expect(ok.status).toBe(200);
    expect(ok.json.widgets[0].content).toHaveLength(1);
    const wrong = await search.post(body, { headers: { authorization: 'not-the-key' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.errors[0]).toMatchObject({ code: 401, severity: 'high' });
  });

  it('accepts a commerce token as Bearer and refuses a forged one', async () => {
    const tokenAnswer = await callCommerce('/oauth/token', {
      grant_type: 'password',
      client_id: 'storefront',
      username: 'employee',
      password: 'Buyer#2026',
    });
    const token = tokenAnswer.access_token as string;
    const ok = await search.post(body, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const [head, payload] = token.split('.');
    const forged = await search.post(body, { headers: { authorization: `Bearer ${head}.${payload}.AAAA` } });
    expect(forged.status).toBe(401);
    expect(forged.json.errors[0].message).toBe('Invalid token.');
  });

  it("refuses a search without credentials when public reads are off with the SDK's message", async () => {
    const closed = createSearchService(search.database, {
      basePath: '',
      config: { ...searchConfigFromEnv({}), SEARCH_PUBLIC_READS: false },
      engine: search.service.engine,
    });
    const answer = await closed.fetch(
      new Request('http://search.test/api/discover/v2', { method: 'POST', body: JSON.stringify(body) }),
    );
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      NO_USER_MESSAGE,
    );
  });

  it('answers bad bodies, unknown locales and other methods in its error format', async () => {
    const notJson = await search.post('{"widget":');
    expect(notJson.status).toBe(400);
    expect(notJson.json.errors[0]).toMatchObject({ code: 400, type: 'invalid_request' });
    const badFilter = await search.post({
      widget: {
        items: [{ entity: 'product', rfk_id: 'rfkid_7', search: { filter: { type: 'eq', value: 1 } } }],
      },
    });
    expect(badFilter.status).toBe(400);
    const locale = await search.post({ ...body, context: { locale: { country: 'xx', language: 'zz' } } });
    expect(locale.status).toBe(400);
    expect(locale.json.errors[0].type).toBe('invalid_locale');
    const get = await search.service.fetch(new Request('http://search.test/api/discover/v2'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

async function callCommerce(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const { callService } = await import('@catalogue/service-kit/shared');
  const answer = await callService('commerce', path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  if (!answer.ok) throw new Error(`commerce answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as Record<string, unknown>;
}
