import { createCommerceService } from '@catalogue/commerce';
import { queryRows } from '@catalogue/db';
import { lineItems, orders } from '@catalogue/db/schema';
import type { Service } from '@catalogue/service-kit';
import { callService, setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedDoc } from '../engine/text-index';
import { type SearchUnderTest, searchUnderTest } from '../testing/search-under-test';

/**
 * Issue 20 items 6 and 7: a flood of anonymous events moved an unlisted product to #2 of Trending. What
 * one client weighs is now bounded — trending counts distinct visitors, each once per product, and a few
 * per network; "often added together" counts distinct users — and only products the caller may see are
 * recommended, however many visitors look at a hidden one. A recommendation or an event can name a
 * signed-in user only with that user's token.
 */

// biome-ignore lint/suspicious/noExplicitAny: wire answers read by tests
type Json = any;

let search: SearchUnderTest;
let commerce: Service;
const tokens: Record<string, string> = {};
let top: string[] = [];
let flooded = '';
let restricted = '';
let deactivated = '';
let unlisted = '';

function publicDocs(region: string): IndexedDoc[] {
  return search.service.engine.products.docs.filter(
    (d): d is IndexedDoc => d?.scopes.includes(region) ?? false,
  );
}

/** Publishes as a client at `address` (in-process, so X-Forwarded-For names it). */
async function publish(
  body: unknown,
  address: string,
  token?: string,
): Promise<{ status: number; json: Json }> {
  return search.post(body, {
    path: '/api/event/v4/publish',
    headers: { 'x-forwarded-for': address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const view = (uuid: string, productId: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  name: 'entity_page',
  action: 'view',
  value: { entities: [{ id: productId, entity_type: 'product' }] },
  ...extra,
});

/** Views of a product by `visitors` people, each from a network of their own. */
async function viewedByPeople(productId: string, visitors: number, tag: string): Promise<void> {
  for (let i = 0; i < visitors; i++) {
    const answer = await publish(view(`${tag}-${i}`, productId), `10.${(i % 200) + 1}.${tag.length}.9`);
    expect(answer.status).toBe(200);
  }
}

async function recommend(rfkId: string, options: { token?: string; limit?: number; context?: Json } = {}) {
  const answer = await search.post(
    {
      context: { locale: { language: 'en', country: 'us' }, page: { uri: '/' }, ...options.context },
      widget: {
        items: [
          {
            entity: 'product',
            rfk_id: rfkId,
            recommendations: options.limit ? { limit: options.limit } : {},
          },
        ],
      },
    },
    { headers: options.token ? { authorization: `Bearer ${options.token}` } : {} },
  );
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  expect(answer.json.widgets[0].errors).toBeUndefined();
  return (answer.json.widgets[0].content as { id: string }[]).map((c) => c.id);
}

async function login(username: string): Promise<string> {
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
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  // Limits far above what the test sends: this file is about what events weigh once stored.
  search = await searchUnderTest({
    skus: 600,
    config: { SEARCH_EVENT_RATE_PER_ADDRESS: 1_000_000, SEARCH_EVENT_RATE_PER_VISITOR: 1_000_000 },
  });
  commerce = createCommerceService(search.database, { basePath: '' });
  setSharedServices([commerce, search.service]);
  for (const username of ['prefab', 'employee']) tokens[username] = await login(username);

  const [row] = await queryRows<{ product_id: string }>(
    search.database.db,
    sql`select a.product_id from product_assignments a
        join products p on p.id = a.product_id and p.active
        where a.user_group_id = 'acme-prefab-partners' order by a.product_id limit 1`,
  );
  restricted = row?.product_id ?? '';
  expect(search.service.engine.products.docs.find((d) => d?.id === restricted)?.scopes).not.toContain('US');

  const us = publicDocs('US');
  top = us.slice(0, 8).map((d) => d.id);
  flooded = us[8]?.id ?? '';
  deactivated = us[9]?.id ?? '';
  unlisted = us[10]?.id ?? '';

  // Eight products each seen by four people of four networks.
  for (const [i, id] of top.entries()) await viewedByPeople(id, 4, `top${i}`);
  // One browser id sends 500 views of another product, and 300 new browser ids from one address.
  for (let i = 0; i < 5; i++) {
    const answer = await publish(
      Array.from({ length: 100 }, () => view('the-flooder', flooded)),
      '203.0.113.66',
    );
    expect(answer.status).toBe(200);
  }
  for (let i = 0; i < 3; i++) {
    const answer = await publish(
      Array.from({ length: 100 }, (_, j) => view(`minted-${i}-${j}`, flooded)),
      '203.0.113.66',
    );
    expect(answer.status).toBe(200);
  }
  // Many people look at a product restricted to a user group, at one made inactive and at one taken out
  // of every catalog (it still exists: its old links are still around).
  await viewedByPeople(restricted, 40, 'hidden');
  await viewedByPeople(deactivated, 40, 'withdrawn');
  await viewedByPeople(unlisted, 40, 'unlisted');
  await search.database.db.execute(sql`update products set active = false where id = ${deactivated}`);
  await search.database.db.execute(
    sql`delete from catalog_product_assignments where product_id = ${unlisted}`,
  );
  // The commits are in the change feed: the index follows them (sync applies them now).
  await search.service.engine.sync();
  expect(search.service.engine.products.byKey.has(deactivated)).toBe(false);
  expect(search.service.engine.products.byKey.has(unlisted)).toBe(false);
}, 300_000);

afterAll(async () => {
  commerce?.stop();
  setSharedServices(null);
  await search?.close();
});

describe('trending (rfkid_2)', () => {
  it('counts people, not events: a flood from one browser id or one network stays out of Trending', async () => {
    const trending = await recommend('rfkid_2');
    expect(trending.sort()).toEqual([...top].sort());
    // Still counted, as the few people of one network: right after the eight products four people saw.
    const longer = await recommend('rfkid_2', { limit: 9 });
    expect(longer[8]).toBe(flooded);
  });

  it('never recommends a product the caller cannot see, however many visitors looked at it', async () => {
    for (const limit of [8, 50]) {
      const anonymous = await recommend('rfkid_2', { limit });
      expect(anonymous).not.toContain(restricted);
      expect(anonymous).not.toContain(deactivated);
      expect(anonymous).not.toContain(unlisted);
    }
    // A colleague outside the product's user group does not see it either; a member does, first.
    expect(await recommend('rfkid_2', { token: tokens.employee, limit: 50 })).not.toContain(restricted);
    const member = await recommend('rfkid_2', { token: tokens.prefab, limit: 50 });
    expect(member[0]).toBe(restricted);
    expect(member).not.toContain(deactivated);
    expect(member).not.toContain(unlisted);
  });
});

describe('often quoted together (rfkid_3)', () => {
  it('counts each user once, however many projects they fill with the same products', async () => {
    const [a, b, c] = publicDocs('US')
      .slice(20, 23)
      .map((d) => d.id);
    if (!a || !b || !c) throw new Error('too few products');
    const project = async (id: string, user: string, products: string[]) => {
      await search.database.db.insert(orders).values({
        id,
        fromCompanyType: 'buyer',
        fromCompanyId: 'ACME-US',
        fromUserId: user,
        isSubmitted: true,
        status: 'Open',
      });
      await search.database.db
        .insert(lineItems)
        .values(
          products.map((productId, i) => ({ orderId: id, id: `L${i}`, productId, quantity: 1, product: {} })),
        );
    };
    for (let i = 0; i < 20; i++) await project(`SPAM-${i}`, 'one-user', [a, b]);
    await project('REAL-1', 'buyer-1', [a, c]);
    await project('REAL-2', 'buyer-2', [a, c]);
    expect((await recommend('rfkid_3', { context: { ids: { product: [a] } } })).slice(0, 2)).toEqual([c, b]);
  });
});

describe('whose history a request or an event names', () => {
  it('takes the user from the token: another user_id is refused, the token’s user is stored', async () => {
    const employee = decodeJwt(tokens.employee as string).u as string;
    const product = top[0] as string;
    const refused = await publish(
      view('emp-browser', product, { user_id: 'prefab' }),
      '198.51.100.1',
      tokens.employee,
    );
    expect(refused.status).toBe(403);
    const accepted = await publish(view('emp-browser', product), '198.51.100.1', tokens.employee);
    expect(accepted.status).toBe(200);
    const rows = await queryRows<{ user_id: string; company_id: string }>(
      search.database.db,
      sql`select user_id, company_id from search_events where uuid = 'emp-browser'`,
    );
    expect(rows).toEqual([{ user_id: employee, company_id: 'ACME-US' }]);

    // The employee sees their history from another browser; a visitor naming them in the body does not.
    expect(
      await recommend('rfkid_4', { token: tokens.employee, context: { user: { uuid: 'new-browser' } } }),
    ).toEqual([product]);
    expect(
      await recommend('rfkid_4', { context: { user: { uuid: 'stranger', user_id: employee } } }),
    ).toEqual([]);
  });
  it('stores an identity event only with the user’s token (defect: any visitor could tie an email to a browser id)', async () => {
    const identity = {
      uuid: 'identity-browser',
      name: 'login',
      action: 'identify',
      action_sub_type: 'personalize',
      value: {
        context: { user: { email: 'someone@acme.example' } },
        custom_attributes: { first_name: 'Some', last_name: 'One', role: 'Buyer', channel: 'WEB' },
      },
    };
    const anonymous = await publish(identity, '198.51.100.2');
    expect(anonymous.status).toBe(403);
    expect(anonymous.json).toMatchObject({ errors: [{ type: 'forbidden' }] });
    const signedIn = await publish(identity, '198.51.100.2', tokens.employee);
    expect(signedIn.status).toBe(200);
    const rows = await queryRows<{ user_id: string; name: string; action: string }>(
      search.database.db,
      sql`select user_id, name, action from search_events where uuid = 'identity-browser'`,
    );
    expect(rows).toEqual([
      { user_id: decodeJwt(tokens.employee as string).u as string, name: 'login', action: 'identify' },
    ]);
  });
});
