import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUnderTest, adminUnderTest, idsOf, within } from '../testing/admin-under-test';

// biome-ignore lint/suspicious/noExplicitAny: API answers read by tests
type Json = any;

/**
 * Merchandising rules through the admin API, and what the storefront's own search (POST
 * /api/discover/v2) answers once they are saved: the engine follows each write through the change feed.
 */
describe(`search rules through the admin API on ${testDriver()}`, () => {
  let t: AdminUnderTest;
  /** Products the public search finds for `conduit` in en-US, in its order. */
  let conduit: string[];

  beforeAll(async () => {
    t = await adminUnderTest();
    conduit = idsOf(await t.find('conduit', { limit: 24 }));
    expect(conduit.length).toBeGreaterThan(5);
    // Records the audit actor every write to content items runs under (the audit helper's triggers read
    // the same setting).
    await t.search.database.db.execute(sql`create table test_actor_log (type text, id text, actor text)`);
    await t.search.database.db.execute(sql`create function test_log_actor() returns trigger language plpgsql as $$
      begin
        insert into test_actor_log values (coalesce(new.type, old.type), coalesce(new.id, old.id),
                                           current_setting('audit.actor', true));
        return null;
      end $$`);
    await t.search.database.db.execute(sql`create trigger test_actor_log after insert or update or delete
      on content_items for each row execute function test_log_actor()`);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Every rule and widget item as stored (id, locale, digest): what "nothing changed" compares. */
  async function stored(): Promise<string[]> {
    const rows = await queryRows<{ row: string }>(
      t.search.database.db,
      sql`select type || ' ' || id || ' ' || locale || ' ' || md5(data::text) as row from content_items
          where type in ('search-rule', 'search-widget') order by 1`,
    );
    return rows.map((r) => r.row);
  }

  const pinRule = (id: string, product: string, keyphrase = 'conduit') => ({
    id,
    name: `Pin ${product} for ${keyphrase}`,
    widgets: ['rfkid_7'],
    keyphrases: [keyphrase],
    pin: [{ id: product, slot: 1 }],
  });

  it('creates, reads, lists, replaces and deletes a rule, each write at the version it read', async () => {
    const product = conduit[3] as string;
    const created = await t.admin('POST', '/rules', { body: pinRule('crud-pin', product) });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.headers.get('location')).toBe('/admin/v1/rules/crud-pin');
    expect(created.json).toMatchObject({
      id: 'crud-pin',
      locale: '*',
      widgets: ['rfkid_7'],
      keyphrases: ['conduit'],
      match: 'exact',
      enabled: true,
      synonyms: [],
      redirect: null,
      pin: [{ id: product, slot: [1] }],
      bury: null,
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect((await t.admin('GET', '/rules/crud-pin')).json).toEqual(created.json);

    const listed = await t.admin('GET', '/rules?widget=rfkid_7');
    expect(listed.status).toBe(200);
    expect(listed.json.items.map((r: Json) => r.id)).toEqual(
      expect.arrayContaining(['crud-pin', 'stock-before-made-to-order']),
    );
    expect((await t.admin('GET', '/rules?search=CONDUIT')).json.items.map((r: Json) => r.id)).toContain(
      'crud-pin',
    );
    expect((await t.admin('GET', '/rules?locale=fr-ca')).json.items).toEqual([]);
    const paged = await t.admin('GET', '/rules?pageSize=1&page=2');
    expect(paged.json.meta).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.json.items).toHaveLength(1);

    const { version: firstVersion, updated_at: _, ...rest } = created.json;
    const replaced = await t.admin('PUT', '/rules/crud-pin', {
      body: { ...rest, version: firstVersion, name: 'Renamed', locale: 'en-us' },
    });
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
    expect(replaced.json).toMatchObject({ name: 'Renamed', locale: 'en-US' });
    expect(replaced.json.version).not.toBe(firstVersion);

    // A second writer with the first version is told to read again, and changes nothing.
    const before = await stored();
    const stale = await t.admin('PUT', '/rules/crud-pin', {
      body: { ...rest, version: firstVersion, name: 'Lost update', locale: 'en-US' },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.errors[0]).toMatchObject({
      code: 409,
      type: 'conflict',
      details: { current_version: replaced.json.version },
    });
    expect((await t.admin('DELETE', `/rules/crud-pin?version=${firstVersion}`)).status).toBe(409);
    expect((await t.admin('POST', '/rules', { body: pinRule('crud-pin', product) })).status).toBe(409);
    expect(await stored()).toEqual(before);

    expect((await t.admin('DELETE', `/rules/crud-pin?version=${replaced.json.version}`)).status).toBe(204);
    const gone = await t.admin('GET', '/rules/crud-pin');
    expect(gone.status).toBe(404);
    expect(gone.json.errors[0]).toMatchObject({ code: 404, type: 'not_found' });

    // Each write named its actor for the audit trail, in its own transaction.
    const actors = await queryRows<{ actor: string | null }>(
      t.search.database.db,
      sql`select actor from test_actor_log where id = 'crud-pin'`,
    );
    expect(actors.length).toBeGreaterThanOrEqual(3);
    for (const { actor } of actors) {
      expect(JSON.parse(actor ?? 'null')).toMatchObject({
        username: 'merchandiser',
        userType: 'admin',
        clientId: 'admin-console',
        impersonatedBy: null,
      });
    }
  });

  it('makes up an id when none is given', async () => {
    const created = await t.admin('POST', '/rules', {
      body: {
        name: 'No id',
        widgets: ['rfkid_6'],
        bury: { filter: { name: 'made_to_order', values: [true] } },
      },
    });
    expect(created.status).toBe(201);
    expect(created.json.id).toMatch(/^rule-[0-9a-f]{12}$/);
    expect(
      (await t.admin('DELETE', `/rules/${created.json.id}?version=${created.json.version}`)).status,
    ).toBe(204);
  });

  it('pins a product for a keyphrase: the public search answers it first within 2 seconds', async () => {
    const product = conduit[5] as string;
    expect(conduit[0]).not.toBe(product);
    const created = await t.admin('POST', '/rules', { body: pinRule('pin-first', product) });
    expect(created.status).toBe(201);
    await within(2000, async () => idsOf(await t.find('conduit'))[0] === product);
    const answer = await t.find('Conduit ');
    expect(idsOf(answer)[0]).toBe(product);
    expect(answer.rule.behaviors).toContainEqual({ id: 'pin-first:pin:0', version: created.json.version });
    // Another keyphrase is not touched.
    expect((await t.find('conduit fitting')).rule?.behaviors ?? []).not.toContainEqual(
      expect.objectContaining({ id: 'pin-first:pin:0' }),
    );
    // Disabled, the rule stays stored and stops applying.
    const { version, updated_at: _, ...rest } = created.json;
    const disabled = await t.admin('PUT', '/rules/pin-first', { body: { ...rest, version, enabled: false } });
    expect(disabled.status).toBe(200);
    await within(2000, async () => idsOf(await t.find('conduit'))[0] === conduit[0]);
    await t.admin('DELETE', `/rules/pin-first?version=${disabled.json.version}`);
  });

  it('makes a search find products through synonyms, equivalent and one-way', async () => {
    expect(idsOf(await t.find('quasarduct'))).toEqual([]);
    expect(idsOf(await t.find('racewayx'))).toEqual([]);
    const created = await t.admin('POST', '/rules', {
      body: {
        id: 'synonyms',
        name: 'Conduit synonyms',
        widgets: ['rfkid_7', 'rfkid_6'],
        synonyms: [
          { type: 'equivalent', terms: ['quasarduct', 'conduit'] },
          { type: 'one_way', from: 'racewayx', to: ['conduit'] },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    await within(2000, async () => idsOf(await t.find('quasarduct')).length > 0);
    expect(new Set(idsOf(await t.find('quasarduct', { limit: 24 })))).toEqual(new Set(conduit));
    expect(new Set(idsOf(await t.find('racewayx', { limit: 24 })))).toEqual(new Set(conduit));
    // Preview search (as-you-type) uses them too.
    expect(idsOf(await t.find('quasarduct', { rfkId: 'rfkid_6' })).length).toBeGreaterThan(0);
    await t.admin('DELETE', `/rules/synonyms?version=${created.json.version}`);
    await within(2000, async () => idsOf(await t.find('quasarduct')).length === 0);
  });

  it("hides a blacklisted product from every search of the widget in the rule's locale only", async () => {
    const canadian = idsOf(await t.find('conduit', { country: 'ca', limit: 24 }));
    const hidden = conduit.find((id) => canadian.includes(id));
    if (!hidden) throw new Error('no conduit product sold in both the US and Canada');
    const created = await t.admin('POST', '/rules', {
      body: {
        id: 'hide-in-us',
        locale: 'en-US',
        name: 'Hide one product in the US',
        widgets: ['rfkid_7'],
        blacklist: { filter: { type: 'eq', name: 'id', value: hidden } },
      },
    });
    expect(created.status).toBe(201);
    await within(2000, async () => !idsOf(await t.find('conduit', { limit: 24 })).includes(hidden));
    expect(idsOf(await t.find('conduit', { country: 'ca', limit: 24 }))).toContain(hidden);
    await t.admin('DELETE', `/rules/hide-in-us?version=${created.json.version}`);
  });

  it("redirects a keyphrase: the answer carries redirect_url with the locale's prefix", async () => {
    const created = await t.admin('POST', '/rules', {
      body: {
        id: 'calculators',
        name: 'Calculators',
        widgets: ['rfkid_7', 'rfkid_6'],
        keyphrases: ['calculator', 'conduit fill'],
        redirect: { url: '{base}/calculators' },
      },
    });
    expect(created.status).toBe(201);
    await within(2000, async () => (await t.find('calculator')).redirect_url === '/calculators');
    const french = await t.find('Calculator', { language: 'fr', country: 'ca' });
    expect(french.redirect_url).toBe('/fr-ca/calculators');
    expect(french.rule.behaviors).toContainEqual({
      id: 'calculators:redirect',
      version: created.json.version,
    });
    expect((await t.find('conduit')).redirect_url).toBeUndefined();
    await t.admin('DELETE', `/rules/calculators?version=${created.json.version}`);
  });

  it('includes a product at a slot and buries others, for keyphrases that contain a trigger', async () => {
    const all = idsOf(await t.find('', { limit: 1000 }));
    const outsider = all.find((id) => !conduit.includes(id)) as string;
    const buried = conduit[0] as string;
    const created = await t.admin('POST', '/rules', {
      body: {
        id: 'include-and-bury',
        name: 'Include one, bury one',
        widgets: ['rfkid_7'],
        keyphrases: ['conduit'],
        match: 'contains',
        include: [{ filter: { type: 'eq', name: 'id', value: outsider }, slots: [2] }],
        bury: { filter: { type: 'eq', name: 'id', value: buried } },
      },
    });
    expect(created.status).toBe(201);
    await within(2000, async () => idsOf(await t.find('conduit'))[1] === outsider);
    // Buried: after every other result (beyond the page when there are more than a page of them).
    const answer = await t.find('conduit', { limit: 100 });
    if (answer.total_item <= 100) expect(idsOf(answer).at(-1)).toBe(buried);
    else expect(idsOf(answer)).not.toContain(buried);
    // `contains`: a keyphrase holding the trigger's words triggers it too.
    expect(idsOf(await t.find('the conduit', { limit: 2 }))[1]).toBe(outsider);
    await t.admin('DELETE', `/rules/include-and-bury?version=${created.json.version}`);
  });

  it('pins a product in a recommendation widget (a rule without keyphrases)', async () => {
    const product = conduit[2] as string;
    const created = await t.admin('POST', '/rules', {
      body: {
        id: 'trending-pin',
        name: 'Feature one',
        widgets: ['rfkid_2'],
        pin: [{ id: product, slot: 1 }],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const recommended = async () => {
      const answer = await t.search.post({
        context: { locale: { language: 'en', country: 'us' } },
        widget: { items: [{ entity: 'product', rfk_id: 'rfkid_2' }] },
      });
      return answer.json.widgets[0];
    };
    await within(2000, async () => idsOf(await recommended())[0] === product);
    expect((await recommended()).rule.behaviors).toContainEqual({
      id: 'trending-pin',
      version: created.json.version,
    });
    await t.admin('DELETE', `/rules/trending-pin?version=${created.json.version}`);
  });

  it('refuses bad rules with a 400 in the service format naming the problem, changing nothing', async () => {
    const product = conduit[1] as string;
    const good = pinRule('bad-input', product);
    const hundred = (from: number) => ({
      type: 'or',
      filters: Array.from({ length: 100 }, (_, i) => ({ type: 'eq', name: 'id', value: `x${from + i}` })),
    });
    const deepOr = {
      type: 'or',
      filters: [hundred(0), hundred(100), { type: 'eq', name: 'id', value: 'y' }],
    };
    const cases: [string, unknown, string][] = [
      ['not JSON', '{"name":', 'not valid JSON'],
      ['an array', [good], 'body'],
      ['nothing', {}, 'body.name'],
      ['an unknown field', { ...good, pins: [] }, 'pins'],
      ['no widget', { ...good, widgets: [] }, 'body.widgets'],
      [
        'an unknown widget',
        { ...good, widgets: ['rfkid_nope'] },
        "no widget is configured with rfk_id 'rfkid_nope'",
      ],
      ['a block widget', { ...good, widgets: ['rfkid_seo'] }, "rules do not apply to 'rfkid_seo'"],
      ['keyphrases on recommendations', { ...good, widgets: ['rfkid_1'] }, 'recommendation widget'],
      ['an unknown product', { ...good, pin: [{ id: 'NO-SUCH-SKU', slot: 1 }] }, "no product 'NO-SUCH-SKU'"],
      ['slot 0', { ...good, pin: [{ id: product, slot: 0 }] }, 'body.pin[0].slot'],
      [
        'an unknown attribute',
        { ...good, bury: { filter: { name: 'materal', values: ['steel'] } } },
        "'materal', an attribute",
      ],
      [
        'an unknown filter type',
        { ...good, bury: { filter: { type: 'between', name: 'weight_kg', values: [1] } } },
        'body.bury.filter',
      ],
      ['too large a filter', { ...good, blacklist: { filter: deepOr } }, 'at most 200'],
      ['a script redirect', { ...good, redirect: { url: 'javascript:alert(1)' } }, 'body.redirect.url'],
      [
        'another host, scheme-relative',
        { ...good, redirect: { url: '//evil.example/x' } },
        'body.redirect.url',
      ],
      [
        'a one-term synonym set',
        { ...good, synonyms: [{ type: 'equivalent', terms: ['a'] }] },
        'body.synonyms[0].terms',
      ],
      ['a blank keyphrase', { ...good, keyphrases: ['   '] }, 'body.keyphrases[0]'],
      ['punctuation only', { ...good, keyphrases: ['?!'] }, 'letter or digit'],
      ['an unknown locale', { ...good, locale: 'xx-YY' }, "Unknown locale 'xx-YY'"],
      ['a bad id', { ...good, id: 'bad id!' }, 'body.id'],
      ['a rule that does nothing', { ...good, pin: [] }, 'must do something'],
      ['NUL in the name', { ...good, name: 'a\u0000b' }, 'NUL'],
    ];
    const before = await stored();
    const problems: string[] = [];
    for (const [what, body, expected] of cases) {
      const answer = await t.admin('POST', '/rules', { body });
      const error = answer.json?.errors?.[0];
      const said = `${error?.message ?? ''} ${JSON.stringify(error?.details ?? {})}`;
      if (answer.status !== 400 || error?.type !== 'invalid_request' || !said.includes(expected))
        problems.push(`${what}: ${answer.status} ${said.slice(0, 300)}`);
    }
    const huge = await t.admin('POST', '/rules', { body: { ...good, name: 'x'.repeat(300_000) } });
    if (huge.status !== 413 || huge.json.errors[0].type !== 'payload_too_large')
      problems.push(`a body over the limit: ${huge.status}`);
    expect(problems).toEqual([]);
    expect(await stored()).toEqual(before);

    const created = await t.admin('POST', '/rules', { body: good });
    expect(created.status).toBe(201);
    const { version, updated_at: _, ...rest } = created.json;
    const afterCreate = await stored();
    const updates: [string, string, unknown, number][] = [
      ['no version', '/rules/bad-input', rest, 400],
      ['a made-up version', '/rules/bad-input', { ...rest, version: 'abc' }, 400],
      ['another id', '/rules/bad-input', { ...rest, version, id: 'other' }, 400],
      ['no locale', '/rules/bad-input', { ...rest, version, locale: undefined }, 400],
      ['bad data', '/rules/bad-input', { ...rest, version, widgets: ['rfkid_nope'] }, 400],
      ['an unknown rule', '/rules/no-such-rule', { ...rest, id: undefined, version }, 404],
      ['a bad path id', '/rules/bad%20id', { ...rest, id: undefined, version }, 400],
    ];
    for (const [what, path, body, status] of updates) {
      const answer = await t.admin('PUT', path, { body });
      if (answer.status !== status)
        problems.push(`PUT ${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
    }
    for (const [path, status] of [
      ['/rules/bad-input', 400],
      ['/rules/bad-input?version=zz', 400],
      [`/rules/bad-input?version=${version}&version=${version}`, 400],
      [`/rules/no-such-rule?version=${version}`, 404],
    ] as const) {
      const answer = await t.admin('DELETE', path);
      if (answer.status !== status) problems.push(`DELETE ${path}: ${answer.status}`);
    }
    for (const query of ['page=0', 'pageSize=1000', 'bogus=1', 'locale=xx-YY', 'page=abc']) {
      const answer = await t.admin('GET', `/rules?${query}`);
      if (answer.status !== 400) problems.push(`GET /rules?${query}: ${answer.status}`);
    }
    expect(problems).toEqual([]);
    expect(await stored()).toEqual(afterCreate);
    await t.admin('DELETE', `/rules/bad-input?version=${version}`);
  });
});
