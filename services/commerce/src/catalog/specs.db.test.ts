import { testDriver } from '@catalogue/db/testing';
import { Catalogs, Me, Products, Specs } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`specs through the SDK on ${testDriver()}`, () => {
  commerceForTests();

  it('manages specs, their options and their products', async () => {
    await loginAs('admin');
    await Specs.Create({ ID: 'cut-length', Name: 'Cut length', Required: true, ListOrder: 1 });
    await Specs.CreateOption('cut-length', { ID: 'std', Value: '10 ft', ListOrder: 1 });
    await Specs.CreateOption('cut-length', {
      ID: 'custom',
      Value: 'Custom',
      ListOrder: 2,
      IsOpenText: true,
      PriceMarkupType: 'AmountPerQuantity',
      PriceMarkup: 1.5,
    });
    const spec = await Specs.Get('cut-length');
    expect(spec).toMatchObject({ OptionCount: 2, Required: true });
    expect(spec.Options.map((o) => [o.ID, o.PriceMarkup])).toEqual([
      ['std', null],
      ['custom', 1.5],
    ]);
    const bad = await refusal(
      Specs.CreateOption('cut-length', { Value: 'x', PriceMarkupType: 'Double' as never }),
    );
    expect(bad.errors?.[0]?.Data).toEqual({ Property: 'PriceMarkupType' });
    expect((await refusal(Specs.CreateOption('no-such-spec', { Value: 'x' }))).status).toBe(404);

    await Products.Create({ ID: 'SPEC-PRODUCT', Name: 'Configurable strut' });
    await Specs.SaveProductAssignment({
      SpecID: 'cut-length',
      ProductID: 'SPEC-PRODUCT',
      DefaultOptionID: 'std',
    });
    expect((await Specs.ListProductAssignments({ filters: { ProductID: 'SPEC-PRODUCT' } })).Items).toEqual([
      { SpecID: 'cut-length', ProductID: 'SPEC-PRODUCT', DefaultValue: null, DefaultOptionID: 'std' },
    ]);
    expect((await Products.ListSpecs('SPEC-PRODUCT')).Items.map((s) => s.ID)).toEqual(['cut-length']);
    // A buyer who sees the product sees its specs.
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-us', ProductID: 'SPEC-PRODUCT' });
    await loginAs('engineer');
    const mine = await Me.ListSpecs('SPEC-PRODUCT');
    expect(mine.Items.map((s) => [s.ID, s.OptionCount])).toEqual([['cut-length', 2]]);
    expect((await Me.GetSpec('SPEC-PRODUCT', 'cut-length')).ID).toBe('cut-length');
    expect((await refusal(Me.GetSpec('SPEC-PRODUCT', 'no-such-spec'))).status).toBe(404);
    await loginAs('ca-buyer');
    expect((await refusal(Me.ListSpecs('SPEC-PRODUCT'))).status).toBe(404);
    expect((await refusal(Me.GetSpec('SPEC-PRODUCT', 'cut-length'))).status).toBe(404);
    await loginAs('admin');
    await Specs.DeleteProductAssignment('cut-length', 'SPEC-PRODUCT');
    expect((await Products.ListSpecs('SPEC-PRODUCT')).Items).toEqual([]);
    await Specs.Delete('cut-length');
    expect((await refusal(Specs.ListOptions('cut-length'))).status).toBe(404);
  });
});
