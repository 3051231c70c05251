import { queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from './engine/analysis';
import { type SearchUnderTest, searchUnderTest } from './testing/search-under-test';
import { facetValueId } from './wire/facet-id';

/**
 * Relevance, facets, paging and rules on the demo dataset (3,000 SKUs), as the storefront asks:
 * rfkid_7 (search results) on product and content, in the locales of the dataset.
 */

// biome-ignore lint/suspicious/noExplicitAny: wire answers read by tests
type Json = any;

let search: SearchUnderTest;

beforeAll(async () => {
  search = await searchUnderTest({ skus: 3000 });
}, 300_000);

afterAll(async () => {
  await search?.close();
});

const LOCALES: Record<string, { language: string; country: string }> = {
  'en-US': { language: 'en', country: 'us' },
  'en-CA': { language: 'en', country: 'ca' },
  'fr-CA': { language: 'fr', country: 'ca' },
  'en-GB': { language: 'en', country: 'gb' },
  'de-EU': { language: 'de', country: 'eu' },
};

async function find(
  searchPart: Record<string, unknown>,
  options: { locale?: string; entity?: string; rfkId?: string } = {},
): Promise<Json> {
  const answer = await search.post({
    context: { locale: LOCALES[options.locale ?? 'en-US'] },
    widget: {
      items: [
        { entity: options.entity ?? 'product', rfk_id: options.rfkId ?? 'rfkid_7', search: searchPart },
      ],
    },
  });
  expect(answer.status).toBe(200);
  const widget = answer.json.widgets[0];
  expect(widget.errors).toBeUndefined();
  return widget;
}

const ids = (widget: Json): string[] => widget.content.map((c: Json) => c.id);

async function productsOf(catalogId: string): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    search.database.db,
    sql`select a.product_id as id from catalog_product_assignments a join products p on p.id = a.product_id
        where a.catalog_id = ${catalogId} and p.active`,
  );
  return new Set(rows.map((r) => r.id));
}

describe('catalogue numbers', () => {
  it('ranks an exact catalogue number first, with or without dashes and spaces, in any case', async () => {
    const us = await productsOf('catalog-us');
    const id = [...us].find((p) => (p.match(/-/g) ?? []).length >= 3) as string;
    for (const typed of [
      id,
      id.toLowerCase().replace(/-/g, ''),
      id.replace(/-/g, ' '),
      ` ${id.toLowerCase()} `,
    ]) {
      const widget = await find({ query: { keyphrase: typed }, limit: 5 });
      expect(ids(widget)[0], typed).toBe(id);
    }
  });

  it('lists the numbers a partial catalogue number starts', async () => {
    const us = [...(await productsOf('catalog-us'))];
    const id = us.find((p) => (p.match(/-/g) ?? []).length >= 3) as string;
    const stem = id.split('-').slice(0, 2).join('-');
    const widget = await find({ query: { keyphrase: stem.replace(/-/g, '') }, limit: 10 });
    expect(widget.total_item).toBeGreaterThan(0);
    for (const found of ids(widget))
      expect(found.replace(/-/g, '').startsWith(stem.replace(/-/g, ''))).toBe(true);
  });
});

describe('words', () => {
  it('finds a family by its misspelt name (one typo from five letters, transpositions included)', async () => {
    const [family] = await queryRows<{ id: string; name: string }>(
      search.database.db,
      sql`select id, name from categories where catalog_id = 'catalog-us' and xp->>'Kind' = 'family'
          and name ilike '%conduit%' order by id limit 1`,
    );
    if (!family) throw new Error('no conduit family');
    const misspelt = family.name.replace(/conduit/i, 'condiut');
    const content = await find({ query: { keyphrase: misspelt }, limit: 10 }, { entity: 'content' });
    expect(content.content.some((c: Json) => c.category_id === family.id && c.type === 'family')).toBe(true);
    const products = await find({ query: { keyphrase: misspelt }, limit: 10 });
    expect(products.total_item).toBeGreaterThan(0);
    for (const item of products.content) expect(item.category_names.map(fold).join(' ')).toContain('conduit');
  });

  it('stems and folds accents: French plural and accented forms find the same products', async () => {
    const plain = await find({ query: { keyphrase: 'ecrous ressort' }, limit: 100 }, { locale: 'fr-CA' });
    const accented = await find(
      { query: { keyphrase: 'Écrou à RESSORTS' }, limit: 100 },
      { locale: 'fr-CA' },
    );
    expect(plain.total_item).toBeGreaterThan(0);
    expect(ids(accented)).toEqual(ids(plain));
  });

  it('returns French content for French queries on fr-CA', async () => {
    const [family] = await queryRows<{ id: string; fr: string }>(
      search.database.db,
      sql`select id, xp->'Names'->>'fr' as fr from categories where catalog_id = 'catalog-ca'
          and xp->>'Kind' = 'family' order by id limit 1`,
    );
    if (!family) throw new Error('no family in catalog-ca');
    const widget = await find(
      { query: { keyphrase: family.fr }, limit: 10 },
      { entity: 'content', locale: 'fr-CA' },
    );
    expect(widget.total_item).toBeGreaterThan(0);
    expect(widget.content[0].name).toBe(family.fr);
    for (const item of widget.content) expect(item.url.startsWith('/fr-ca/')).toBe(true);
    const products = await find({ query: { keyphrase: family.fr }, limit: 5 }, { locale: 'fr-CA' });
    const [first] = await queryRows<{ fr: string }>(
      search.database.db,
      sql`select xp->'Names'->>'fr' as fr from products where id = ${products.content[0].id}`,
    );
    expect(products.content[0].name).toBe(first?.fr);
  });

  it('shows only products sold in the locale’s region', async () => {
    const gb = await productsOf('catalog-gb');
    const widget = await find({ query: { keyphrase: 'steel' }, limit: 100 }, { locale: 'en-GB' });
    expect(widget.total_item).toBeGreaterThan(0);
    for (const id of ids(widget)) expect(gb.has(id)).toBe(true);
    const browse = await find({ limit: 1 }, { locale: 'en-GB' });
    expect(browse.total_item).toBe(gb.size);
  });

  it('highlights matched words within the fragment size', async () => {
    const widget = await find({
      query: {
        keyphrase: 'galvanized',
        highlight: { fields: ['description'], fragment_size: 40, pre_tag: '[', post_tag: ']' },
      },
      limit: 3,
    });
    for (const item of widget.content) {
      const [fragment] = item.highlight.description;
      expect(fragment).toMatch(/\[galvanized\]/i);
      expect(fragment.replace(/[[\]…]/g, '').length).toBeLessThanOrEqual(60);
    }
  });
});

describe('facets, sort and paging', () => {
  it('gives facet counts equal to the totals their selection gives (or within a facet, and across)', async () => {
    const base = { query: { keyphrase: 'steel' }, limit: 1, facet: { all: true } };
    const first = await find(base);
    const material = first.facet.find((f: Json) => f.name === 'material');
    expect(material.value.length).toBeGreaterThan(1);
    for (const value of material.value.slice(0, 3)) {
      const one = await find({
        ...base,
        facet: { all: true, types: [{ name: 'material', filter: { type: 'or', values: [value.id] } }] },
      });
      expect(one.total_item).toBe(value.count);
      // Within the selection, each finish value's count is the total of adding it.
      const finish = one.facet.find((f: Json) => f.name === 'finish');
      for (const f of finish.value.slice(0, 2)) {
        const two = await find({
          ...base,
          facet: {
            all: true,
            types: [
              { name: 'material', filter: { type: 'or', values: [value.id] } },
              { name: 'finish', filter: { type: 'or', values: [f.id] } },
            ],
          },
        });
        expect(two.total_item).toBe(f.count);
      }
    }
    const [a, b] = material.value;
    const both = await find({
      ...base,
      facet: { all: true, types: [{ name: 'material', filter: { type: 'or', values: [a.id, b.id] } }] },
    });
    expect(both.total_item).toBe(a.count + b.count);
    // With `or`, the selected facet still counts its other values as if unselected.
    const again = both.facet.find((f: Json) => f.name === 'material');
    expect(again.value.find((v: Json) => v.id === a.id).count).toBe(a.count);
  });

  it('combines a facet with `and` when asked (multi-valued certifications)', async () => {
    const base = { limit: 1, facet: { all: true } };
    const first = await find(base, { locale: 'en-CA' });
    const certifications = first.facet.find((f: Json) => f.name === 'certifications').value;
    const [x, y] = certifications;
    const andBoth = await find(
      {
        ...base,
        facet: {
          all: true,
          types: [{ name: 'certifications', filter: { type: 'and', values: [x.id, y.id] } }],
        },
      },
      { locale: 'en-CA' },
    );
    const andFacet = andBoth.facet.find((f: Json) => f.name === 'certifications').value;
    expect(andFacet.find((v: Json) => v.id === x.id).count).toBe(andBoth.total_item);
    expect(andBoth.total_item).toBeLessThanOrEqual(Math.min(x.count, y.count));
  });

  // Issue 22 item 10: the search page showed "Made to order: false" and "true".
  it("names the made-to-order facet values in the reader's language, never true or false", async () => {
    const expected: Record<string, string[]> = {
      'en-US': ['Made to order', 'Stock item'],
      'fr-CA': ['Fabriqué sur commande', 'Article en stock'],
      'de-EU': ['Auftragsfertigung', 'Lagerartikel'],
    };
    for (const [locale, labels] of Object.entries(expected)) {
      const widget = await find({ limit: 1, facet: { all: true } }, { locale });
      const facet = widget.facet.find((f: Json) => f.name === 'made_to_order');
      expect(facet.value.map((v: Json) => v.text).sort(), locale).toEqual([...labels].sort());
      // The value ids stay the codes a filter sends back.
      const stock = facet.value.find((v: Json) => v.text === labels[1]);
      expect(stock.id).toBe(facetValueId('made_to_order', 'false'));
    }
  });

  it('counts a facet without the hard filters when its filtering_options leave them out', async () => {
    const filter = { type: 'eq', name: 'made_to_order', value: true };
    const query = { query: { keyphrase: 'steel' }, limit: 1 };
    const unfiltered = await find({ ...query, facet: { types: [{ name: 'material' }] } });
    const hard = await find({ ...query, filter, facet: { types: [{ name: 'material' }] } });
    const soft = await find({
      ...query,
      filter,
      facet: { types: [{ name: 'material', filtering_options: ['other_facet_values'] }] },
    });
    expect(soft.total_item).toBe(hard.total_item);
    expect(hard.total_item).toBeLessThan(unfiltered.total_item);
    expect(soft.facet[0].value).toEqual(unfiltered.facet[0].value);
    const sum = (widget: Json) => widget.facet[0].value.reduce((n: number, v: Json) => n + v.count, 0);
    expect(sum(hard)).toBe(hard.total_item);
  });

  it('sorts by name and pages without overlap', async () => {
    const all = await find({
      query: { keyphrase: 'tray' },
      sort: { value: [{ name: 'name_asc' }] },
      limit: 60,
    });
    const names = all.content.map((c: Json) => fold(c.name));
    expect([...names].sort()).toEqual(names);
    const pages: string[] = [];
    for (let offset = 0; offset < 60; offset += 20)
      pages.push(
        ...ids(
          await find({
            query: { keyphrase: 'tray' },
            sort: { value: [{ name: 'name_asc' }] },
            limit: 20,
            offset,
          }),
        ),
      );
    expect(pages).toEqual(ids(all));
  });

  it('limits facet values (default 10, max and min_count from the request) and answers their labels', async () => {
    const widget = await find({ limit: 1, facet: { all: true, max: 2 } }, { locale: 'de-EU' });
    for (const facet of widget.facet) expect(facet.value.length).toBeLessThanOrEqual(2);
    expect(widget.facet.find((f: Json) => f.name === 'material').label).toBe('Werkstoff');
  });
});

describe('rules', () => {
  const query = { query: { keyphrase: 'conduit' }, limit: 10 };

  it('pins, boosts into slots, buries, blacklists and includes, and echoes what applied', async () => {
    const plain = await find(query);
    const pinned = ids(plain)[5] as string;
    const withPin = await find({ ...query, rule: { pin: [{ id: pinned, slot: 1 }] } });
    expect(ids(withPin)[0]).toBe(pinned);
    expect(withPin.rule.behaviors.map((b: Json) => b.id)).toContain('request:pin:0');

    const steel = facetValueId('material', 'steel');
    expect(steel).toMatch(/^facetid_/);
    const boosted = await find({
      ...query,
      rule: { boost: [{ filter: { name: 'material', values: ['steel-galvanized'] }, slots: [1, 2] }] },
    });
    expect(boosted.content.slice(0, 2).map((c: Json) => c.material)).toEqual([
      'steel-galvanized',
      'steel-galvanized',
    ]);

    // Bury stock items: the made-to-order ones (counted by their facet) come first.
    const counted = await find({ ...query, facet: { types: [{ name: 'made_to_order' }] } });
    const madeToOrder =
      counted.facet[0].value.find((v: Json) => v.id === facetValueId('made_to_order', 'true'))?.count ?? 0;
    expect(madeToOrder).toBeGreaterThan(0);
    const buried = await find({
      ...query,
      limit: 100,
      rule: { bury: { filter: { name: 'made_to_order', values: [false] } } },
    });
    const flags = buried.content.map((c: Json) => c.made_to_order);
    const first = Math.min(madeToOrder, flags.length);
    expect(flags.slice(0, first).every(Boolean)).toBe(true);
    expect(flags.slice(first).some(Boolean)).toBe(false);
    expect(buried.total_item).toBe(plain.total_item);

    const banned = await find({
      ...query,
      limit: 1000,
      rule: { blacklist: { filter: { name: 'material', values: ['steel-galvanized'] } } },
    });
    expect(banned.content.some((c: Json) => c.material === 'steel-galvanized')).toBe(false);
    expect(banned.total_item).toBeLessThan(plain.total_item);

    const outsider = ids(await find({ query: { keyphrase: 'threaded rod' }, limit: 1 }))[0] as string;
    const included = await find({
      ...query,
      rule: { include: [{ filter: { type: 'eq', name: 'id', value: outsider }, slots: [3] }] },
    });
    expect(ids(included)[2]).toBe(outsider);
    expect(included.total_item).toBe(plain.total_item + 1);
  });

  it("places pinned and included products only where they pass the request's filters and facet selections", async () => {
    const material = (id: string, answer: Json) => answer.content.find((c: Json) => c.id === id)?.material;
    const plain = await find({ ...query, limit: 100 });
    const galvanised = plain.content.find((c: Json) => c.material === 'steel-galvanized')?.id as string;
    const other = plain.content.find((c: Json) => c.material && c.material !== 'steel-galvanized');
    expect(galvanised && other).toBeTruthy();
    const pin = { pin: [{ id: other.id, slot: 1 }] };
    const include = { include: [{ filter: { type: 'eq', name: 'id', value: other.id }, slots: [2] }] };

    // A hard filter on the material: the pinned or included product of another material stays out.
    const filter = { type: 'eq', name: 'material', value: 'steel-galvanized' };
    for (const rule of [pin, include]) {
      const filtered = await find({ ...query, limit: 100, filter, rule });
      expect(filtered.content.map((c: Json) => c.id)).not.toContain(other.id);
      expect(filtered.content.every((c: Json) => c.material === 'steel-galvanized')).toBe(true);
    }

    // The same through a facet selection.
    const selected = await find({
      ...query,
      limit: 100,
      facet: {
        types: [
          {
            name: 'material',
            filter: { type: 'or', values: [facetValueId('material', 'steel-galvanized')] },
          },
        ],
      },
      rule: pin,
    });
    expect(selected.content.length).toBeGreaterThan(0);
    expect(selected.content.map((c: Json) => c.id)).not.toContain(other.id);

    // Where it does pass, the pin still places it.
    const kept = await find({
      ...query,
      filter: { type: 'eq', name: 'material', value: material(other.id, plain) },
      rule: pin,
    });
    expect(ids(kept)[0]).toBe(other.id);
  });

  it('applies the rules of search.yaml (search-rule items) and echoes them with their version', async () => {
    const widget = await find({ query: { keyphrase: 'conduit' }, limit: 200 });
    expect(widget.rule.behaviors).toContainEqual({
      id: 'stock-before-made-to-order:boost:0',
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });
});
