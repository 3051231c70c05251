import { lineItems, orders } from '@catalogue/db/schema';
import * as sdk from '@sitecore-search/data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IndexedDoc } from '../engine/text-index';
import { type SearchUnderTest, searchUnderTest } from '../testing/search-under-test';
import { familyOf, type RecipeCatalogue, type RecipeProduct, similarProducts } from './recipes';

/**
 * The recommendation recipes on the demo dataset, with events published through the SDK's own track
 * functions and requests built by its request builders.
 */

let search: SearchUnderTest;

function docs(): IndexedDoc[] {
  return search.service.engine.products.docs.filter((d): d is IndexedDoc => d !== null);
}

function byId(id: string): IndexedDoc {
  const doc = docs().find((d) => d.id === id);
  if (!doc) throw new Error(`no product ${id}`);
  return doc;
}

/** A discover request of one recommendation widget built with the SDK. */
function recommendationRequest(
  rfkId: string,
  {
    locale = 'en-US',
    product,
    uuid,
    limit,
    rule,
  }: { locale?: string; product?: string; uuid?: string; limit?: number; rule?: Record<string, unknown> },
): unknown {
  const request = new sdk.Request();
  const item = sdk.defaultRequests.getDefaultRequestFor(sdk.WidgetDataType.RECOMMENDATION, rfkId);
  item.setEntity('product');
  if (limit) item.setRecommendationsLimit(limit);
  if (rule) item.setRecommendationsRule(rule as never);
  request.addWidgets([item.toJson()]);
  const context = new sdk.Context();
  const [language, country] = locale.split('-') as [string, string];
  context.setLocaleLanguage(language);
  context.setLocaleCountry(country.toLowerCase());
  context.setPageUri('/product/x');
  if (product) context.setIds({ product: [product] });
  if (uuid) context.setUserUuid(uuid);
  request.setContext(context.toJson());
  return request.toJson();
}

async function recommend(
  rfkId: string,
  options: Parameters<typeof recommendationRequest>[1],
): Promise<string[]> {
  const answer = await search.post(recommendationRequest(rfkId, options));
  expect(answer.status).toBe(200);
  const widget = answer.json.widgets[0];
  expect(widget).toMatchObject({ rfk_id: rfkId, type: 'recommendation', entity: 'product' });
  expect(widget.errors).toBeUndefined();
  return widget.content.map((c: { id: string }) => c.id);
}

beforeAll(async () => {
  search = await searchUnderTest({ skus: 800 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) =>
    search.service.fetch(new Request(new URL(new URL(url).pathname, 'http://search.test'), init)),
  );
  sdk.setup({ customerKey: '11111-2222222', serviceHost: 'http://search.test' } as never);
  const context = sdk.EventContext.get();
  context.setPageUri('/product/x');
  context.setLocaleLanguage('en');
  context.setLocaleCountry('us');
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await search?.close();
});

/** A family with at least `size` products sold in the region. */
function familyIn(region: string, size: number): IndexedDoc[] {
  const families = new Map<string, IndexedDoc[]>();
  for (const doc of docs()) {
    const { family } = familyOf(doc.attrs.category ?? []);
    if (!family || !doc.scopes.includes(region)) continue;
    families.set(family, [...(families.get(family) ?? []), doc]);
  }
  const family = [...families.values()].find((list) => list.length >= size);
  if (!family) throw new Error(`no family of ${size} products in ${region}`);
  return family;
}

/** The recipe's definition (similarProducts, product by product) over the index as it is now. */
function similarByDefinition(seed: string, region: string, max: number): string[] {
  const products = docs().map((doc): RecipeProduct => ({ ...doc, ...familyOf(doc.attrs.category ?? []) }));
  const catalogue: RecipeCatalogue = {
    product: (id) => products.find((p) => p.id === id),
    family: (family) => products.filter((p) => p.family === family),
    familiesOf: (line) => [...new Set(products.filter((p) => p.line === line).map((p) => p.family ?? ''))],
  };
  return similarProducts(catalogue, [seed], { scopes: new Set([region]), exclude: new Set([seed]) }, max);
}

describe('similar products (rfkid_1)', () => {
  it('answers what the recipe’s definition answers, and follows a change of the catalogue', async () => {
    const seeds = docs()
      .filter((doc) => doc.scopes.includes('US'))
      .filter((_, i) => i % 40 === 0);
    for (const seed of seeds) {
      expect(await recommend('rfkid_1', { product: seed.id, limit: 12 }), seed.id).toEqual(
        similarByDefinition(seed.id, 'US', 12),
      );
    }
    // The closest product becomes unlike the seed: the next answer ranks it from its new attributes.
    const seed = seeds[0] as IndexedDoc;
    const before = await recommend('rfkid_1', { product: seed.id, limit: 12 });
    const closest = before[0] as string;
    await search.database.db.execute(
      sql`update products set xp = xp || '{"Material": "unobtainium", "Finish": "raw", "WeightKg": 9999}'::jsonb
          where id = ${closest}`,
    );
    await search.service.engine.sync();
    expect(byId(closest).attrs.material).toEqual(['unobtainium']);
    const after = await recommend('rfkid_1', { product: seed.id, limit: 12 });
    expect(after).toEqual(similarByDefinition(seed.id, 'US', 12));
    expect(after[0]).not.toBe(closest);
  });

  it('answers the same family first, closest attributes, sold in the region, without the product itself', async () => {
    const family = familyIn('US', 6);
    const seed = family[0] as IndexedDoc;
    const ids = await recommend('rfkid_1', { product: seed.id, limit: 4 });
    expect(ids).toHaveLength(4);
    expect(ids).not.toContain(seed.id);
    for (const id of ids) {
      expect(familyOf(byId(id).attrs.category ?? []).family).toBe(familyOf(seed.attrs.category ?? []).family);
      expect(byId(id).scopes).toContain('US');
    }
  });

  it('applies the request’s rules (blacklist, pin) and echoes them', async () => {
    const family = familyIn('US', 6);
    const seed = family[0] as IndexedDoc;
    const plain = await recommend('rfkid_1', { product: seed.id, limit: 3 });
    const pinned = docs().find((d) => d.scopes.includes('US') && !plain.includes(d.id) && d.id !== seed.id);
    if (!pinned) throw new Error('no product to pin');
    const answer = await search.post(
      recommendationRequest('rfkid_1', {
        product: seed.id,
        limit: 3,
        rule: {
          blacklist: { filter: { name: 'id', values: [plain[0]] } },
          pin: [{ id: pinned.id, slot: [2] }],
        },
      }),
    );
    const widget = answer.json.widgets[0];
    const ids = widget.content.map((c: { id: string }) => c.id);
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(plain[0]);
    expect(ids[1]).toBe(pinned.id);
    expect(widget.rule.behaviors).toEqual([{ id: 'request', version: '1' }]);
  });

  it('keeps to the locale’s region', async () => {
    const euOnly = docs().find((d) => d.scopes.length === 1 && d.scopes[0] === 'EU' && d.category);
    if (!euOnly) throw new Error('no EU-only product');
    for (const id of await recommend('rfkid_1', { product: euOnly.id, locale: 'de-EU', limit: 6 })) {
      expect(byId(id).scopes).toContain('EU');
    }
    for (const id of await recommend('rfkid_1', { product: euOnly.id, locale: 'en-US', limit: 6 })) {
      expect(byId(id).scopes).toContain('US');
    }
  });
});

describe('trending (rfkid_2) and recently viewed (rfkid_4) from published events', () => {
  it('ranks by decayed views, clicks and adds of distinct visitors, in the region, without the context product', async () => {
    const [a, b, c, d] = familyIn('US', 4);
    if (!a || !b || !c || !d) throw new Error('family too small');
    const euOnly = docs().find((doc) => !doc.scopes.includes('US'));
    if (!euOnly) throw new Error('no product outside the US');
    // Three visitors view a (3 × 1); one clicks b (2); the SDK's visitor adds c (4).
    for (const uuid of ['viewer-1', 'viewer-2', 'viewer-3']) {
      const view = await search.post(
        {
          uuid,
          name: 'entity_page',
          action: 'view',
          value: { entities: [{ id: a.id, entity_type: 'product' }] },
        },
        { path: '/api/event/v4/publish' },
      );
      expect(view.json).toMatchObject({ stored: 1 });
    }
    await sdk.trackSearchResultsClickEntityEvent('rfkid_7', 'product', { index: 0, items: [{ id: b.id }] });
    await sdk.trackAddToCartEvent('product', { items: [{ id: c.id, quantity: 1 }] });
    for (let i = 0; i < 5; i++) await sdk.trackEntityPageViewEvent('product', { items: [{ id: euOnly.id }] });
    // A widget view is not interest in the products shown.
    for (let i = 0; i < 5; i++) await sdk.trackViewEvent('rfkid_1', 'product', { items: [{ id: d.id }] });

    expect(await recommend('rfkid_2', {})).toEqual([c.id, a.id, b.id]);
    expect(await recommend('rfkid_2', { product: c.id })).toEqual([a.id, b.id]);
    expect(await recommend('rfkid_2', { locale: 'de-EU' })).toContain(euOnly.id);
  });

  it('lists the visitor’s last product pages, newest first, once each', async () => {
    const [x, y, z] = familyIn('US', 3);
    if (!x || !y || !z) throw new Error('family too small');
    const me = sdk.getRfkUserId();
    for (const id of [x.id, y.id, z.id, x.id])
      await sdk.trackEntityPageViewEvent('product', { items: [{ id }] });
    const mine = await recommend('rfkid_4', { uuid: me });
    expect(mine.slice(0, 3)).toEqual([x.id, z.id, y.id]);
    expect(await recommend('rfkid_4', { uuid: me, product: z.id })).not.toContain(z.id);
    expect(await recommend('rfkid_4', { uuid: 'someone-else' })).toEqual([]);
  });
});

/** Projects of one user each, as the commerce service stores them; `submitted` ones were sent for quote. */
async function insertProjects(projects: Record<string, string[]>, submitted: boolean): Promise<void> {
  for (const [id, products] of Object.entries(projects)) {
    await search.database.db.insert(orders).values({
      id,
      fromCompanyType: 'buyer',
      fromCompanyId: 'B1',
      fromUserId: `U-${id}`,
      ...(submitted ? { isSubmitted: true, status: 'Open', dateSubmitted: new Date() } : {}),
    });
    await search.database.db.insert(lineItems).values(
      products.map((productId, i) => ({
        orderId: id,
        id: `L${i}`,
        productId,
        quantity: 1,
        product: { ID: productId },
      })),
    );
  }
}

describe('often quoted together (rfkid_3)', () => {
  it('ranks the products most people put in the same projects', async () => {
    const [a, b, c, d] = familyIn('CA', 4).map((doc) => doc.id);
    if (!a || !b || !c || !d) throw new Error('family too small');
    // Each project of another user: b shares projects with a for two people, c and d for one each.
    await insertProjects({ P1: [a, b, c], P2: [a, b], P3: [a, d], P4: [b, c] }, true);
    const together = await recommend('rfkid_3', { product: a, locale: 'en-CA' });
    expect(together[0]).toBe(b);
    expect(together.slice(1).sort()).toEqual([c, d].sort());
    expect(await recommend('rfkid_3', { locale: 'en-CA' })).toEqual([]);
    // Without a product on the page: together with the visitor's last product page.
    const view = await search.post(
      {
        uuid: 'visitor-together',
        name: 'entity_page',
        action: 'view',
        value: { entities: [{ id: d, entity_type: 'product' }] },
      },
      { path: '/api/event/v4/publish' },
    );
    expect(view.json).toMatchObject({ stored: 1 });
    expect(await recommend('rfkid_3', { locale: 'en-CA', uuid: 'visitor-together' })).toEqual([a]);
  });

  it('counts only projects submitted for quote, not drafts (defect: unsubmitted projects counted as quotes)', async () => {
    const earlier = new Set(familyIn('CA', 4).map((doc) => doc.id));
    const [p, q, r] = docs()
      .filter((doc) => doc.scopes.includes('GB') && !earlier.has(doc.id))
      .map((doc) => doc.id);
    if (!p || !q || !r) throw new Error('too few products in GB');
    // One quote holds p and q; two people's drafts (never sent) hold p and r.
    await insertProjects({ Q1: [p, q] }, true);
    await insertProjects({ D1: [p, r], D2: [p, r] }, false);
    expect(await recommend('rfkid_3', { product: p, locale: 'en-GB' })).toEqual([q]);
  });

  it('answers an unknown recipe and a wrong entity as widget errors', async () => {
    const body = recommendationRequest('rfkid_3', { product: 'x' }) as {
      widget: { items: Record<string, unknown>[] };
    };
    const item = body.widget.items[0] as Record<string, unknown>;
    item.recommendations = { recipe: { id: 'magic' } };
    const answer = await search.post(body);
    expect(answer.json.widgets[0].errors[0]).toMatchObject({ type: 'invalid_recipe' });
  });
});
