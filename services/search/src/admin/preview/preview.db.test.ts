import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUnderTest, adminUnderTest, idsOf, within } from '../testing/admin-under-test';

// biome-ignore lint/suspicious/noExplicitAny: API answers read by tests
type Json = any;

/**
 * POST /admin/v1/preview: a search with unsaved rules in place of the stored ones, explained per result;
 * the storefront's search keeps answering with the stored rules until they are saved.
 */
describe(`the rules preview on ${testDriver()}`, () => {
  let t: AdminUnderTest;
  let conduit: string[];

  beforeAll(async () => {
    t = await adminUnderTest();
    conduit = idsOf(await t.find('conduit', { limit: 24 }));
    expect(conduit.length).toBeGreaterThan(5);
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

  const preview = (body: Record<string, unknown>) =>
    t.admin('POST', '/preview', {
      body: { widget: 'rfkid_7', locale: 'en-US', keyphrase: 'conduit', ...body },
    });

  const pin = (product: string) => ({
    id: 'pin-preview',
    name: 'Pin one',
    keyphrases: ['conduit'],
    pin: [{ id: product, slot: 1 }],
  });

  it('differs from the live search until the rule is saved, and says why each result is where it is', async () => {
    const product = conduit[4] as string;
    const before = await stored();
    const unsaved = await preview({ rules: [pin(product)] });
    expect(unsaved.status, JSON.stringify(unsaved.json)).toBe(200);
    expect(unsaved.json).toMatchObject({
      widget: 'rfkid_7',
      locale: 'en-US',
      rules: 'preview',
      entity: 'product',
    });
    expect(unsaved.json.results[0]).toMatchObject({
      position: 1,
      id: product,
      why: 'pinned',
      rule: 'pin-preview',
    });
    expect(unsaved.json.results[1]).toMatchObject({ position: 2, why: 'organic', rule: null });
    expect(unsaved.json.applied_rules).toEqual([{ id: 'pin-preview', behaviors: ['pin-preview:pin:0'] }]);
    // Nothing was stored; the storefront's search still answers without the pin.
    expect(await stored()).toEqual(before);
    expect(idsOf(await t.find('conduit'))[0]).toBe(conduit[0]);
    const live = await preview({});
    expect(live.json.rules).toBe('stored');
    expect(live.json.results[0].id).toBe(conduit[0]);

    const saved = await t.admin('POST', '/rules', { body: { ...pin(product), widgets: ['rfkid_7'] } });
    expect(saved.status).toBe(201);
    await within(2000, async () => idsOf(await t.find('conduit'))[0] === product);
    const after = await preview({});
    expect(after.json.results[0]).toMatchObject({ id: product, why: 'pinned', rule: 'pin-preview' });
    // An empty rule set previews the search without any rule, stored ones included.
    const bare = await preview({ rules: [] });
    expect(bare.json.results[0].id).toBe(conduit[0]);
    expect(bare.json.results.every((r: Json) => r.why === 'organic')).toBe(true);
    await t.admin('DELETE', `/rules/pin-preview?version=${saved.json.version}`);
  });

  it('explains boosts, includes and burials, with synonyms and a redirect', async () => {
    // The stored rule of search.yaml boosts stock items among equally relevant ones.
    const live = await preview({ limit: 24 });
    const boosted = live.json.results.filter((r: Json) => r.why === 'boosted');
    expect(boosted.length).toBeGreaterThan(0);
    expect(boosted[0].rules).toEqual(['stock-before-made-to-order']);

    const outsider = idsOf(await t.find('', { limit: 100 })).find((id) => !conduit.includes(id)) as string;
    const answer = await preview({
      keyphrase: 'quasarduct',
      limit: 100,
      rules: [
        {
          id: 'words',
          name: 'Words',
          synonyms: [{ type: 'one_way', from: 'quasarduct', to: ['conduit'] }],
          redirect: { url: '/calculators' },
        },
        {
          id: 'places',
          name: 'Places',
          include: [{ filter: { type: 'eq', name: 'id', value: outsider }, slots: [3] }],
          bury: { filter: { type: 'eq', name: 'id', value: conduit[0] as string } },
        },
      ],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.synonyms).toEqual([{ words: ['quasarduct'], alternatives: [['conduit']] }]);
    expect(answer.json.redirect_url).toBe('/calculators');
    expect(answer.json.results[2]).toMatchObject({ id: outsider, why: 'included', rule: 'places' });
    const buried = answer.json.results.find((r: Json) => r.id === conduit[0]);
    if (answer.json.total <= 100) expect(buried).toMatchObject({ why: 'buried', rule: 'places' });
    expect(answer.json.results.filter((r: Json) => r.why === 'organic').length).toBeGreaterThan(3);
    // The live search knows no such word.
    expect(idsOf(await t.find('quasarduct'))).toEqual([]);
  });

  it('previews the as-you-type widget, and pages', async () => {
    const typed = await preview({ widget: 'rfkid_6', keyphrase: 'condu', limit: 3 });
    expect(typed.status).toBe(200);
    expect(typed.json.results).toHaveLength(3);
    const second = await preview({ limit: 3, offset: 3, rules: [] });
    expect(second.json.results.map((r: Json) => r.position)).toEqual([4, 5, 6]);
  });

  it('refuses bad input with a 400 (404 for an unknown widget) and stores nothing', async () => {
    const before = await stored();
    const cases: [string, unknown, number, string][] = [
      ['no widget', { widget: undefined }, 400, 'body.widget'],
      ['an unknown widget', { widget: 'rfkid_nope' }, 404, 'rfkid_nope'],
      ['a block widget', { widget: 'rfkid_seo' }, 400, 'previews run search widgets'],
      ['every locale', { locale: '*' }, 400, "Unknown locale '*'"],
      ['an unknown locale', { locale: 'xx-YY' }, 400, 'xx-YY'],
      ['an unknown entity', { entity: 'page' }, 400, 'body.entity'],
      ['limit 0', { limit: 0 }, 400, 'body.limit'],
      ['a negative offset', { offset: -1 }, 400, 'body.offset'],
      ['an unknown field', { keyword: 'x' }, 400, 'keyword'],
      ['a bad filter', { filter: { type: 'near', name: 'x' } }, 400, 'body.filter'],
      ['rules that are not a list', { rules: 'all' }, 400, 'body.rules'],
      [
        'a bad rule',
        { rules: [pin(conduit[0] as string), { ...pin('NO-SUCH-SKU'), id: 'two' }] },
        400,
        "rules[1].pin[0].id: no product 'NO-SUCH-SKU'",
      ],
      [
        'a rule without a name',
        { rules: [{ ...pin(conduit[0] as string), name: undefined }] },
        400,
        'rules[0].name',
      ],
      ['one id twice', { rules: [pin(conduit[0] as string), pin(conduit[1] as string)] }, 400, 'given twice'],
      ['not JSON', '{', 400, 'not valid JSON'],
    ];
    const problems: string[] = [];
    for (const [what, body, status, expected] of cases) {
      const answer =
        typeof body === 'string'
          ? await t.admin('POST', '/preview', { body })
          : await preview(body as Record<string, unknown>);
      const error = answer.json?.errors?.[0];
      const said = `${error?.message ?? ''} ${JSON.stringify(error?.details ?? {})}`;
      if (answer.status !== status || !said.includes(expected))
        problems.push(`${what}: ${answer.status} ${said.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
    expect(await stored()).toEqual(before);
  });
});
