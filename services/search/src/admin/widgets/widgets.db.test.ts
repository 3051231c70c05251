import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUnderTest, adminUnderTest, idsOf, within } from '../testing/admin-under-test';

// biome-ignore lint/suspicious/noExplicitAny: API answers read by tests
type Json = any;

/** Widget settings through /admin/v1/widgets, checked by each widget type's own schema. */
describe(`widget settings through the admin API on ${testDriver()}`, () => {
  let t: AdminUnderTest;

  beforeAll(async () => {
    t = await adminUnderTest();
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  async function stored(): Promise<string[]> {
    const rows = await queryRows<{ row: string }>(
      t.search.database.db,
      sql`select type || ' ' || id || ' ' || locale || ' ' || md5(data::text) as row from content_items
          where type in ('search-rule', 'search-widget') order by 1`,
    );
    return rows.map((r) => r.row);
  }

  it('lists every widget with its variants and reads one variant', async () => {
    const list = await t.admin('GET', '/widgets');
    expect(list.status).toBe(200);
    const results = list.json.items.find((w: Json) => w.rfk_id === 'rfkid_7');
    expect(results).toMatchObject({
      type: 'content_grid',
      entities: ['product', 'content'],
      variants: [{ locale: '*', version: expect.stringMatching(/^[0-9a-f]{16}$/) }],
    });
    expect(list.json.items.map((w: Json) => w.type)).toEqual(
      expect.arrayContaining(['recommendation', 'preview_search', 'html_block']),
    );
    const one = await t.admin('GET', '/widgets/rfkid_7');
    expect(one.json).toMatchObject({ rfk_id: 'rfkid_7', locale: '*', type: 'content_grid' });
    expect(one.json.config.facets.map((f: Json) => f.name)).toContain('material');
    expect((await t.admin('GET', '/widgets/rfkid_7?locale=fr-CA')).status).toBe(404);
    expect((await t.admin('GET', '/widgets/rfkid_nope')).status).toBe(404);
  });

  it("changes a search widget's page size and facets; the storefront's search follows within 2 seconds", async () => {
    const current = (await t.admin('GET', '/widgets/rfkid_7')).json;
    expect((await t.find('conduit', { limit: 100 })).limit).toBe(100);
    const config = {
      ...current.config,
      max_limit: 5,
      facets: current.config.facets.filter((f: Json) => f.name !== 'finish'),
    };
    const changed = await t.admin('PUT', '/widgets/rfkid_7', { body: { config, version: current.version } });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.config.max_limit).toBe(5);
    expect(changed.json.version).not.toBe(current.version);
    await within(2000, async () => (await t.find('conduit', { limit: 100 })).limit === 5);
    const faceted = await t.search.post({
      context: { locale: { language: 'en', country: 'us' } },
      widget: {
        items: [
          {
            entity: 'product',
            rfk_id: 'rfkid_7',
            search: { query: { keyphrase: 'conduit' }, facet: { all: true } },
          },
        ],
      },
    });
    expect(faceted.json.widgets[0].facet.map((f: Json) => f.name)).not.toContain('finish');

    // The read version is spent: a second writer is told to read again.
    const stale = await t.admin('PUT', '/widgets/rfkid_7', { body: { config, version: current.version } });
    expect(stale.status).toBe(409);
    expect(stale.json.errors[0].details.current_version).toBe(changed.json.version);
    const back = await t.admin('PUT', '/widgets/rfkid_7', {
      body: { config: current.config, version: changed.json.version },
    });
    expect(back.status).toBe(200);
    await within(2000, async () => (await t.find('conduit', { limit: 100 })).limit === 100);
  });

  it("switches a recommendation widget's recipe", async () => {
    const current = (await t.admin('GET', '/widgets/rfkid_1')).json;
    expect(current.config.recipe).toBe('similar');
    const changed = await t.admin('PUT', '/widgets/rfkid_1', {
      body: {
        config: { ...current.config, recipe: 'trending', limit: 3 },
        version: current.version,
        name: 'Popular',
      },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({ name: 'Popular', config: { recipe: 'trending', limit: 3 } });
    await t.admin('PUT', '/widgets/rfkid_1', {
      body: { config: current.config, version: changed.json.version, name: current.name },
    });
  });

  it("adds a locale's own variant, which that locale's search uses, and removes it", async () => {
    const main = (await t.admin('GET', '/widgets/rfkid_6')).json;
    const created = await t.admin('PUT', '/widgets/rfkid_6?locale=fr-ca', {
      body: { config: { ...main.config, limit: 2 } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ locale: 'fr-CA', type: 'preview_search', name: main.name });
    const french = async () =>
      idsOf(await t.find('conduit', { rfkId: 'rfkid_6', language: 'fr', country: 'ca', limit: null }));
    await within(2000, async () => (await french()).length === 2);
    expect(idsOf(await t.find('conduit', { rfkId: 'rfkid_6', limit: null })).length).toBeGreaterThan(2);
    // Adding it again without a version is refused (it exists now), with the version it is changed.
    expect(
      (await t.admin('PUT', '/widgets/rfkid_6?locale=fr-CA', { body: { config: main.config } })).status,
    ).toBe(400);
    expect((await t.admin('DELETE', `/widgets/rfkid_6?locale=fr-CA&version=${main.version}`)).status).toBe(
      409,
    );
    expect(
      (await t.admin('DELETE', `/widgets/rfkid_6?locale=fr-CA&version=${created.json.version}`)).status,
    ).toBe(204);
    await within(2000, async () => (await french()).length > 2);
  });

  it('refuses bad settings with a 400 naming the problem, changing nothing', async () => {
    const current = (await t.admin('GET', '/widgets/rfkid_7')).json;
    const recommendation = (await t.admin('GET', '/widgets/rfkid_2')).json;
    const base = { version: current.version };
    const cases: [string, string, unknown, number, string][] = [
      [
        'a page size of 0',
        '/widgets/rfkid_7',
        { ...base, config: { ...current.config, limit: 0 } },
        400,
        'config.limit',
      ],
      [
        'a facet of no attribute',
        '/widgets/rfkid_7',
        { ...base, config: { ...current.config, facets: [{ name: 'colour' }] } },
        400,
        "'colour'",
      ],
      [
        'a sort by no attribute',
        '/widgets/rfkid_7',
        { ...base, config: { ...current.config, sort: { choices: [{ name: 'x', by: 'height' }] } } },
        400,
        "'height'",
      ],
      [
        'a default sort that is nothing',
        '/widgets/rfkid_7',
        { ...base, config: { ...current.config, sort: { default: 'nope', choices: [] } } },
        400,
        'config.sort.default',
      ],
      [
        'a bad filter',
        '/widgets/rfkid_7',
        { ...base, config: { ...current.config, filter: { type: 'eq', name: 'materal', value: 'x' } } },
        400,
        "'materal'",
      ],
      [
        'rules in the settings',
        '/widgets/rfkid_7',
        {
          ...base,
          config: {
            ...current.config,
            rules: [{ id: 'x', bury: { filter: { name: 'id', values: ['a'] } } }],
          },
        },
        400,
        'POST /admin/v1/rules',
      ],
      [
        'an unknown recipe',
        '/widgets/rfkid_2',
        { version: recommendation.version, config: { recipe: 'random' } },
        400,
        'config.recipe',
      ],
      ['a block widget', '/widgets/rfkid_seo', { config: {} }, 400, 'content service'],
      ['an unknown widget', '/widgets/rfkid_nope', { config: {} }, 404, 'rfkid_nope'],
      [
        'an unknown entity',
        '/widgets/rfkid_7',
        { ...base, entities: ['page'], config: current.config },
        400,
        'body.entities',
      ],
      ['an unknown field', '/widgets/rfkid_7', { ...base, type: 'seo', config: current.config }, 400, 'type'],
      ['no config', '/widgets/rfkid_7', base, 400, 'body.config'],
      ['an unknown locale', '/widgets/rfkid_7?locale=xx-YY', { config: current.config }, 400, 'xx-YY'],
      ['a bad rfk_id', '/widgets/bad%20id', { config: current.config }, 400, 'path.rfk_id'],
      [
        'a stale version',
        '/widgets/rfkid_7',
        { version: '0123456789abcdef', config: current.config },
        409,
        'read them again',
      ],
    ];
    const before = await stored();
    const problems: string[] = [];
    for (const [what, path, body, status, expected] of cases) {
      const answer = await t.admin('PUT', path, { body });
      const error = answer.json?.errors?.[0];
      const said = `${error?.message ?? ''} ${JSON.stringify(error?.details ?? {})}`;
      if (answer.status !== status || !said.includes(expected))
        problems.push(`${what}: ${answer.status} ${said.slice(0, 300)}`);
    }
    for (const [path, status] of [
      [`/widgets/rfkid_7?locale=*&version=${current.version}`, 400],
      ['/widgets/rfkid_7?locale=fr-CA', 400],
      [`/widgets/rfkid_7?locale=fr-CA&version=${current.version}`, 404],
    ] as const) {
      const answer = await t.admin('DELETE', path);
      if (answer.status !== status) problems.push(`DELETE ${path}: ${answer.status}`);
    }
    if ((await t.admin('GET', '/widgets?locale=*')).status !== 400) problems.push('GET /widgets?locale');
    expect(problems).toEqual([]);
    expect(await stored()).toEqual(before);
  });
});
