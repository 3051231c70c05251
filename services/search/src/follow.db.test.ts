import { createCommerceService } from '@catalogue/commerce';
import type { Service } from '@catalogue/service-kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchUnderTest, searchUnderTest } from './testing/search-under-test';

/**
 * The index follows committed changes through the change feed (page_cache_tags) within seconds: product
 * edits made through the commerce API, deactivation, category renames, and content rows written by SQL.
 */

// biome-ignore lint/suspicious/noExplicitAny: wire answers read by tests
type Json = any;

let search: SearchUnderTest;
let commerce: Service;
let adminToken: string;

beforeAll(async () => {
  // The feed is read every 100 ms here (SEARCH_FEED_INTERVAL_MS); PGlite also signals each commit.
  search = await searchUnderTest({ skus: 300 });
  commerce = createCommerceService(search.database, { basePath: '' });
  const answer = await commerce.fetch(
    new Request('http://commerce.test/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'admin-console',
        client_secret: 'admin-console-secret',
        username: 'admin',
        password: 'Admin#2026',
      }).toString(),
    }),
  );
  expect(answer.status).toBe(200);
  adminToken = ((await answer.json()) as { access_token: string }).access_token;
}, 240_000);

afterAll(async () => {
  commerce?.stop();
  await search?.close();
});

async function admin(method: string, path: string, body: unknown): Promise<void> {
  const answer = await commerce.fetch(
    new Request(`http://commerce.test${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

async function find(keyphrase: string, entity = 'product'): Promise<Json> {
  const answer = await search.post({
    context: { locale: { language: 'en', country: 'us' } },
    widget: { items: [{ entity, rfk_id: 'rfkid_7', search: { query: { keyphrase }, limit: 10 } }] },
  });
  return answer.json.widgets[0];
}

/** Waits until `check` passes (at most 5 seconds: "within seconds"). */
async function eventually(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 5000) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the index did not follow the change within 5 seconds');
}

const ids = (widget: Json): string[] => widget.content.map((c: Json) => c.id);

describe('following the change feed', () => {
  it('finds a product by the name an API edit gave it, and drops it when deactivated', async () => {
    const [product] = ids(await find('conduit'));
    if (!product) throw new Error('no conduit product');
    expect(ids(await find('quasarbracket'))).toEqual([]);
    await admin('PATCH', `/v1/products/${encodeURIComponent(product)}`, {
      Name: 'Quasarbracket conduit strap',
    });
    await eventually(async () => ids(await find('quasarbracket')).includes(product));
    expect((await find('quasarbracket')).content[0].name).toBe('Quasarbracket conduit strap');

    await admin('PATCH', `/v1/products/${encodeURIComponent(product)}`, { Active: false });
    await eventually(async () => !ids(await find('quasarbracket')).includes(product));
  });

  it('follows a category rename into the trail of its products', async () => {
    const first = (await find('conduit')).content[0];
    const categoryId = first.category_id as string;
    await admin('PATCH', `/v1/catalogs/catalog-us/categories/${encodeURIComponent(categoryId)}`, {
      Name: 'Zebrafamily',
    });
    await eventually(async () => ids(await find('zebrafamily')).includes(first.id));
  });

  it('follows content rows written by SQL (another writer than the API)', async () => {
    await search.database.db.execute(
      sql`update content_items set data = jsonb_set(data, '{title}', '"Marmalade page"')
          where type = 'route' and locale = 'en-US' and id = '/about'`,
    );
    await eventually(async () =>
      (await find('marmalade', 'content')).content.some((c: Json) => c.id === '/about'),
    );
  });
});
