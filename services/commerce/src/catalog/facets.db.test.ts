import { testDriver } from '@catalogue/db/testing';
import { Me, ProductFacets } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`product facets on ${testDriver()}`, () => {
  commerceForTests({ skus: 150 });

  it('counts facet values among exactly the products the list selects', async () => {
    await loginAs('admin');
    // The dataset defines facets of its own; this test sets up exactly the ones it checks.
    for (const facet of (await ProductFacets.List()).Items) await ProductFacets.Delete(facet.ID);
    await ProductFacets.Create({ ID: 'material', Name: 'Material', XpPath: 'Material', ListOrder: 1 });
    await ProductFacets.Create({
      ID: 'certs',
      Name: 'Certifications',
      XpPath: 'Certifications',
      ListOrder: 2,
      MinCount: 2,
    });
    expect((await refusal(ProductFacets.Create({ Name: 'Bad', XpPath: 'xp..Material' }))).status).toBe(400);

    await loginAs('engineer');
    const all = await Me.ListProducts({ pageSize: 5 });
    const [material, certs] = all.Meta.Facets;
    expect(material?.Name).toBe('Material');
    const materialTotal = material?.Values.reduce((sum, v) => sum + v.Count, 0);
    expect(materialTotal).toBe(all.Meta.TotalCount);
    expect(certs?.Values.every((v) => v.Count >= 2)).toBe(true);
    expect(certs?.Values.length).toBeGreaterThan(0);

    const top = material?.Values[0];
    const filtered = await Me.ListProducts({ filters: { 'xp.Material': top?.Value ?? '' }, pageSize: 5 });
    expect(filtered.Meta.TotalCount).toBe(top?.Count);
    expect(filtered.Meta.Facets[0]?.Values).toEqual([{ Value: top?.Value, Count: top?.Count }]);
  });
});
