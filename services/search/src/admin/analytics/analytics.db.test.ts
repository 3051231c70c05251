import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUnderTest, adminUnderTest } from '../testing/admin-under-test';

// biome-ignore lint/suspicious/noExplicitAny: API answers read by tests
type Json = any;

const DAY = 86_400_000;

/** The page context the SDK puts in every event. */
function context(language: string, country: string) {
  return { page: { uri: '/search', locale_country: country, locale_language: language } };
}

/** A search results widget's view as the SDK sends it when results appear (`trackViewEvent` + request). */
function searchView(uuid: string, keyword: string, total: number, locale = ['en', 'us'], rfkId = 'rfkid_7') {
  return {
    name: 'widget',
    action: 'view',
    uuid,
    client_time_ms: Date.now(),
    value: {
      entity: 'product',
      rfk_id: rfkId,
      request: {
        keyword,
        num_results: Math.min(total, 24),
        total_results: total,
        page_size: 24,
        page_number: 1,
      },
      entities: [],
      context: context(locale[0] as string, locale[1] as string),
    },
  };
}

/** A click on a result (`trackSearchResultsClickEntityEvent`): 0-based index and the search's request. */
function searchClick(uuid: string, keyword: string, index: number, product: string) {
  return {
    name: 'widget',
    action: 'click',
    action_cause: 'entity',
    uuid,
    client_time_ms: Date.now(),
    value: {
      entity: 'product',
      rfk_id: 'rfkid_7',
      index,
      request: { keyword, total_results: 40 },
      entities: [{ id: product, entity_type: 'product' }],
      context: context('en', 'us'),
    },
  };
}

/** A recommendation widget's view and a click on one of its products (storefront `entity-view.ts`). */
function recommendationEvent(
  uuid: string,
  rfkId: string,
  action: 'view' | 'click',
  product: string,
  index = 0,
) {
  return {
    name: 'widget',
    action,
    ...(action === 'click' ? { action_cause: 'entity' } : {}),
    uuid,
    client_time_ms: Date.now(),
    value: {
      entity: 'product',
      rfk_id: rfkId,
      ...(action === 'click' ? { index } : {}),
      entities: [{ id: product, entity_type: 'product' }],
      context: context('en', 'us'),
    },
  };
}

/** Reports over the stored events: top keyphrases, keyphrases without results, clicks by position, recommendations. */
describe(`search analytics on ${testDriver()}`, () => {
  let t: AdminUnderTest;

  beforeAll(async () => {
    t = await adminUnderTest({ skus: 60 });
    // Published through the service's public endpoint, as the storefront's SDK does.
    const events = [
      searchView('v1', 'conduit', 40),
      searchView('v1', 'Conduit ', 40),
      searchView('v2', 'conduit', 40),
      searchView('v2', 'cable  tray', 12),
      searchView('v3', 'zorbel', 0),
      searchView('v4', 'zorbel', 0),
      searchView('v4', 'quasar', 0),
      searchView('v5', 'conduit', 40, ['fr', 'ca']),
      searchView('v5', 'cond', 5, ['en', 'us'], 'rfkid_6'),
      searchClick('v1', 'conduit', 0, 'P-1'),
      searchClick('v2', 'conduit', 2, 'P-3'),
      searchClick('v2', 'cable tray', 0, 'P-9'),
      recommendationEvent('v1', 'rfkid_1', 'view', 'P-1'),
      recommendationEvent('v2', 'rfkid_1', 'view', 'P-1'),
      recommendationEvent('v1', 'rfkid_1', 'click', 'P-7'),
      recommendationEvent('v2', 'rfkid_1', 'click', 'P-7', 1),
      recommendationEvent('v2', 'rfkid_1', 'click', 'P-8', 2),
      recommendationEvent('v3', 'rfkid_2', 'view', 'P-2'),
    ];
    const published = await t.search.service.fetch(
      new Request('http://search.test/api/event/v4/publish', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(events),
      }),
    );
    expect(published.status, await published.clone().text()).toBe(200);
    expect(((await published.json()) as { stored: number }).stored).toBe(events.length);
    // Older events (40 days ago), outside the default 30 days.
    const old = new Date(Date.now() - 40 * DAY).toISOString();
    await t.search.database.db.execute(
      sql`insert into search_events (received_at, name, action, uuid, rfk_id, entity_type, locale, value)
          select ${old}::timestamptz, 'widget', 'view', 'old-' || n, 'rfkid_7', 'product', 'en-us',
                 jsonb_build_object('request', jsonb_build_object('keyword', 'ancient', 'total_results', 3))
          from generate_series(1, 5) n`,
    );
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  it('ranks keyphrases by searches, with visitors, searches without results and clicks', async () => {
    const report = await t.admin('GET', '/analytics/keyphrases');
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    expect(report.json.scope.widgets).toEqual(['rfkid_6', 'rfkid_7']);
    expect(report.json.items).toEqual([
      { keyphrase: 'conduit', searches: 4, visitors: 3, without_results: 0, clicks: 2, click_through: 0.5 },
      { keyphrase: 'zorbel', searches: 2, visitors: 2, without_results: 2, clicks: 0, click_through: 0 },
      { keyphrase: 'cable tray', searches: 1, visitors: 1, without_results: 0, clicks: 1, click_through: 1 },
      { keyphrase: 'cond', searches: 1, visitors: 1, without_results: 0, clicks: 0, click_through: 0 },
      { keyphrase: 'quasar', searches: 1, visitors: 1, without_results: 1, clicks: 0, click_through: 0 },
    ]);
    const french = await t.admin('GET', '/analytics/keyphrases?locale=fr-CA');
    expect(french.json.items).toEqual([expect.objectContaining({ keyphrase: 'conduit', searches: 1 })]);
    const preview = await t.admin('GET', '/analytics/keyphrases?widget=rfkid_6');
    expect(preview.json.items.map((i: Json) => i.keyphrase)).toEqual(['cond']);
    const top = await t.admin('GET', '/analytics/keyphrases?limit=1');
    expect(top.json.items.map((i: Json) => i.keyphrase)).toEqual(['conduit']);
  });

  it('reads the date range asked for, whole days inclusive', async () => {
    const day = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    const old = await t.admin('GET', `/analytics/keyphrases?from=${day}&to=${day}`);
    expect(old.json.items).toEqual([
      expect.objectContaining({ keyphrase: 'ancient', searches: 5, visitors: 5 }),
    ]);
    expect(old.json.scope.from).toBe(`${day}T00:00:00.000Z`);
    const wide = await t.admin(
      'GET',
      `/analytics/keyphrases?from=${day}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(wide.json.items.map((i: Json) => i.keyphrase)).toContain('ancient');
    expect(wide.json.items.map((i: Json) => i.keyphrase)).toContain('conduit');
  });

  it('lists keyphrases without results', async () => {
    const report = await t.admin('GET', '/analytics/keyphrases/no-results');
    expect(report.status).toBe(200);
    expect(report.json.items).toEqual([
      { keyphrase: 'zorbel', searches: 2, visitors: 2, last_searched: expect.any(String) },
      { keyphrase: 'quasar', searches: 1, visitors: 1, last_searched: expect.any(String) },
    ]);
    expect(Date.now() - Date.parse(report.json.items[0].last_searched)).toBeLessThan(10 * 60_000);
  });

  it('gives click-through by result position (1-based), positions nobody clicked included', async () => {
    const report = await t.admin('GET', '/analytics/click-positions');
    expect(report.status).toBe(200);
    expect(report.json).toMatchObject({ searches: 9, clicks: 3 });
    expect(report.json.positions).toEqual([
      { position: 1, clicks: 2, click_through: 0.2222, share_of_clicks: 0.6667 },
      { position: 2, clicks: 0, click_through: 0, share_of_clicks: 0 },
      { position: 3, clicks: 1, click_through: 0.1111, share_of_clicks: 0.3333 },
    ]);
    const first = await t.admin('GET', '/analytics/click-positions?positions=1');
    expect(first.json.positions.map((p: Json) => p.position)).toEqual([1]);
  });

  it("counts recommendation widgets' views and clicks, with their most clicked products", async () => {
    const report = await t.admin('GET', '/analytics/recommendations');
    expect(report.status).toBe(200);
    const byId = Object.fromEntries(report.json.items.map((i: Json) => [i.rfk_id, i]));
    expect(byId.rfkid_1).toEqual({
      rfk_id: 'rfkid_1',
      name: 'Similar products',
      views: 2,
      clicks: 3,
      click_through: 1.5,
      visitors_clicking: 2,
      top_products: [
        { id: 'P-7', clicks: 2 },
        { id: 'P-8', clicks: 1 },
      ],
    });
    expect(byId.rfkid_2).toMatchObject({ views: 1, clicks: 0, click_through: 0, top_products: [] });
    expect(byId.rfkid_4).toMatchObject({ views: 0, clicks: 0, click_through: null });
    const one = await t.admin('GET', '/analytics/recommendations?widget=rfkid_1&products=1');
    expect(one.json.items).toHaveLength(1);
    expect(one.json.items[0].top_products).toEqual([{ id: 'P-7', clicks: 2 }]);
  });

  it('refuses bad parameters with a 400 naming them', async () => {
    const future = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ['/analytics/keyphrases?from=yesterday', 'query.from'],
      [`/analytics/keyphrases?from=${future}&to=2020-01-01`, 'must be before to'],
      ['/analytics/keyphrases?from=2020-01-01&to=2026-01-01', 'at most 400 days'],
      ['/analytics/keyphrases?from=2026-02-30', 'not a real date'],
      ['/analytics/keyphrases?limit=0', 'query.limit'],
      ['/analytics/keyphrases?locale=xx-YY', "Unknown locale 'xx-YY'"],
      ['/analytics/keyphrases?locale=*', "Unknown locale '*'"],
      ['/analytics/keyphrases?widget=rfkid_1', 'not one of this report'],
      ['/analytics/keyphrases/no-results?bogus=1', 'bogus'],
      ['/analytics/click-positions?positions=101', 'query.positions'],
      ['/analytics/recommendations?widget=rfkid_7', 'not one of this report'],
      ['/analytics/recommendations?products=x', 'query.products'],
    ];
    const problems: string[] = [];
    for (const [path, expected] of cases) {
      const answer = await t.admin('GET', path);
      const error = answer.json?.errors?.[0];
      const said = `${error?.message ?? ''} ${JSON.stringify(error?.details ?? {})}`;
      if (answer.status !== 400 || !said.includes(expected))
        problems.push(`${path}: ${answer.status} ${said}`);
    }
    expect(problems).toEqual([]);
  });
});
