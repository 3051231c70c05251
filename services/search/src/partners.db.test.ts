import { createCommerceService } from '@catalogue/commerce';
import { queryRows } from '@catalogue/db';
import type { Service } from '@catalogue/service-kit';
import { callService, setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchUnderTest, searchUnderTest } from './testing/search-under-test';

/**
 * Products restricted to a user group (the partner catalog, assigned to ACME-US without ViewAllProducts,
 * with product assignments to `acme-prefab-partners`) are found by that group's members only, through a
 * commerce Bearer token: not by visitors, not by colleagues outside the group, not by other companies.
 */

// biome-ignore lint/suspicious/noExplicitAny: wire answers read by tests
type Json = any;

let search: SearchUnderTest;
let commerce: Service;
let restricted: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  search = await searchUnderTest({ skus: 600 });
  commerce = createCommerceService(search.database, { basePath: '' });
  setSharedServices([commerce, search.service]);
  const rows = await queryRows<{ product_id: string; buyer_id: string; user_group_id: string }>(
    search.database.db,
    sql`select a.product_id, a.buyer_id, a.user_group_id from product_assignments a
        join products p on p.id = a.product_id and p.active order by a.product_id limit 1`,
  );
  expect(rows[0]).toMatchObject({ buyer_id: 'ACME-US', user_group_id: 'acme-prefab-partners' });
  restricted = (rows[0] as { product_id: string }).product_id;
  for (const username of ['prefab', 'employee', 'ca-buyer']) {
    const answer = await callService('commerce', '/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username,
        password: 'Buyer#2026',
      }).toString(),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    tokens[username] = ((await answer.json()) as { access_token: string }).access_token;
  }
}, 240_000);

afterAll(async () => {
  commerce?.stop();
  await search?.close();
});

async function find(keyphrase: string, username: string | null, country = 'us'): Promise<string[]> {
  const answer = await search.post(
    {
      context: { locale: { language: 'en', country } },
      widget: {
        items: [{ entity: 'product', rfk_id: 'rfkid_7', search: { query: { keyphrase }, limit: 10 } }],
      },
    },
    { headers: username ? { authorization: `Bearer ${tokens[username]}` } : {} },
  );
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return ((answer.json as Json).widgets[0].content as { id: string }[]).map((p) => p.id);
}

describe('products restricted to a user group', () => {
  it('indexes them with an audience scope of the group in the buyer region, few scope bits in all', () => {
    const doc = search.service.engine.products.docs.find((d) => d?.id === restricted);
    expect(doc?.scopes).toEqual(['US|ACME-US/acme-prefab-partners']);
    const scopes = new Set(search.service.engine.products.docs.flatMap((d) => d?.scopes ?? []));
    expect(scopes.size).toBeLessThanOrEqual(31);
  });

  it('lets a member of the group find one by its catalogue number', async () => {
    expect(await find(restricted, 'prefab')).toContain(restricted);
    // A public product is still found with the token (the region's own scope stays).
    const open = search.service.engine.products.docs.find((d) => d?.scopes.includes('US'));
    expect(await find(open?.id as string, 'prefab')).toContain(open?.id);
  });

  it('hides it from visitors, colleagues outside the group and buyers of other companies', async () => {
    expect(await find(restricted, null)).not.toContain(restricted);
    expect(await find(restricted, 'employee')).not.toContain(restricted);
    expect(await find(restricted, 'ca-buyer')).not.toContain(restricted);
    expect(await find(restricted, 'ca-buyer', 'ca')).not.toContain(restricted);
    // Only in the buyer's region: the partner does not find it in another region.
    expect(await find(restricted, 'prefab', 'ca')).not.toContain(restricted);
    // A cached partner answer is not served to a visitor afterwards.
    expect(await find(restricted, 'prefab')).toContain(restricted);
    expect(await find(restricted, null)).not.toContain(restricted);
  });
});

describe('recommendations and products restricted to a user group', () => {
  /** Similar products (rfkid_1) to another product of the restricted product's family. */
  async function similar(username: string | null, seed: string): Promise<string[]> {
    const answer = await search.post(
      {
        context: {
          locale: { language: 'en', country: 'us' },
          page: { uri: '/product/x' },
          ids: { product: [seed] },
        },
        widget: {
          items: [
            {
              entity: 'product',
              rfk_id: 'rfkid_1',
              recommendations: { recipe: { id: 'similar' }, limit: 100 },
            },
          ],
        },
      },
      { headers: username ? { authorization: `Bearer ${tokens[username]}` } : {} },
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return ((answer.json as Json).widgets[0].content as { id: string }[]).map((p) => p.id);
  }

  it('recommends it to the group’s members only', async () => {
    const docs = search.service.engine.products.docs;
    const family = (doc: (typeof docs)[number] | undefined) => String(doc?.attrs.category?.[2] ?? '');
    const own = docs.find((d) => d?.id === restricted);
    const seed = docs.find((d) => d && d.id !== restricted && family(d) === family(own));
    expect(seed, 'another product of the family').toBeDefined();
    const id = seed?.id as string;
    expect(await similar('prefab', id)).toContain(restricted);
    expect(await similar(null, id)).not.toContain(restricted);
    expect(await similar('employee', id)).not.toContain(restricted);
    expect(await similar('ca-buyer', id)).not.toContain(restricted);
  });
});
