import { describe, expect, it } from 'vitest';
import { changesOf, snapshotOf } from './changes';
import { auditedType, readableTypes, wireNameOf } from './object-types';

const product = auditedType('product');
const content = auditedType('content:page');
if (!product || !content) throw new Error('product and content types must be known');

describe('changes on the wire', () => {
  it('names columns as the resource does and shows a translation as one line of xp', () => {
    const before = {
      name: 'Conduit',
      xp: { Names: { en: 'Conduit', de: 'Rohr' }, Level: 3 },
      last_updated: '2026-01-01T10:00:00+00:00',
      inventory_quantity_available: 5,
    };
    const after = {
      ...before,
      name: 'Conduit 20',
      xp: { Names: { en: 'Conduit', de: 'Rohr 20' }, Level: 3 },
    };
    expect(changesOf(product, ['last_updated', 'name', 'xp'], before, after)).toEqual([
      { Property: 'Name', Before: 'Conduit', After: 'Conduit 20' },
      { Property: 'xp.Names.de', Before: 'Rohr', After: 'Rohr 20' },
    ]);
    expect(
      changesOf(product, ['inventory_quantity_available'], before, {
        ...before,
        inventory_quantity_available: 9,
      }),
    ).toEqual([{ Property: 'Inventory.QuantityAvailable', Before: 5, After: 9 }]);
  });

  it('shows added and removed xp keys, arrays as whole values, and timestamps as ISO instants', () => {
    const changes = changesOf(
      product,
      ['xp', 'date_created'],
      { xp: { Regions: ['EU'], Old: 'x' }, date_created: '2026-03-01T12:00:00.5+01:00' },
      { xp: { Regions: ['EU', 'US'], New: { Deep: 1 } }, date_created: '2026-03-01T12:00:00.5+00:00' },
    );
    expect(changes).toEqual([
      { Property: 'DateCreated', Before: '2026-03-01T11:00:00.500Z', After: '2026-03-01T12:00:00.500Z' },
      { Property: 'xp.New.Deep', Before: null, After: 1 },
      { Property: 'xp.Old', Before: 'x', After: null },
      { Property: 'xp.Regions', Before: ['EU'], After: ['EU', 'US'] },
    ]);
  });

  it("lists a content item's data keys at the top and builds whole objects for snapshots", () => {
    expect(
      changesOf(content, ['data', 'updated_at'], null, {
        data: { title: 'Über', blocks: [1] },
        updated_at: 'x',
      }),
    ).toEqual([
      { Property: 'blocks', Before: null, After: [1] },
      { Property: 'title', Before: null, After: 'Über' },
    ]);
    expect(
      snapshotOf(product, {
        id: 'P1',
        name: 'One',
        inventory_enabled: true,
        last_updated: 'x',
        xp: { a: 1 },
      }),
    ).toEqual({
      ID: 'P1',
      Name: 'One',
      Inventory: { Enabled: true },
      xp: { a: 1 },
    });
    expect(snapshotOf(content, { type: 'page', data: { title: 'Über' } })).toEqual({ title: 'Über' });
    expect(snapshotOf(product, null)).toBeNull();
  });
});

describe('object types', () => {
  it("names plain columns in OrderCloud's way", () => {
    expect(['default_price_schedule_id', 'xp', 'street1', 'view_all_products'].map(wireNameOf)).toEqual([
      'DefaultPriceScheduleID',
      'xp',
      'Street1',
      'ViewAllProducts',
    ]);
  });

  it('gives each role the types it reads', () => {
    expect(readableTypes(['FullAccess'])).toEqual({ all: true });
    const editor = readableTypes(['ProductReader', 'ContentEditor']);
    expect(editor).toMatchObject({ content: true });
    expect('exact' in editor && editor.exact).toEqual(
      expect.arrayContaining(['product', 'variant', 'spec', 'inventory-record']),
    );
    expect('exact' in editor && editor.exact).not.toContain('price-schedule');
    expect(readableTypes(['BuyerUserReader'])).toEqual({ exact: ['user:buyer'], content: false });
    expect(readableTypes(['Shopper', 'MeAdmin'])).toEqual({ exact: [], content: false });
  });
});
