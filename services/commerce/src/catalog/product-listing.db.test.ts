import { testDriver } from '@catalogue/db/testing';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/claims';
import { parseListParams } from '../list/params';
import { commerceForTests } from '../testing/sdk';
import { listProducts } from './product-listing';
import { productResource } from './products';

describe(`the listing read model's search cap on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 150 });
  const engineer = { companyId: 'ACME-US', userId: 'engineer' } as Principal;
  const schema = productResource().list;

  it('selects the first matches in the list order and stops, so its pages are the whole result’s', async () => {
    const db = commerce().database.db;
    const params = (query: string) => parseListParams(new URLSearchParams(query));
    const whole = await listProducts(db, schema, params('search=e&pageSize=100&sortBy=!Name'), {
      principal: engineer,
    });
    expect(whole.total).toBeGreaterThan(12);
    const capped = await listProducts(
      db,
      schema,
      params('search=e&pageSize=5&page=2&sortBy=!Name'),
      { principal: engineer },
      { searchMatchLimit: 12 },
    );
    expect(capped.total).toBe(12);
    expect(capped.ids).toEqual(whole.ids.slice(5, 10));
    const countedValues = capped.facets.flatMap((f) => f.Values).reduce((n, v) => n + v.Count, 0);
    expect(countedValues).toBeGreaterThan(0);
    const past = await listProducts(
      db,
      schema,
      params('search=e&pageSize=5&page=3'),
      { principal: engineer },
      { searchMatchLimit: 12 },
    );
    expect(past.ids).toHaveLength(2);
  });
});
