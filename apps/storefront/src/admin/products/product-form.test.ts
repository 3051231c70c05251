import { describe, expect, it } from 'vitest';
import { productFormValues, readProductForm } from './product-form';

const product = {
  ID: 'EMT-050',
  Name: 'EMT conduit 1/2"',
  Description: 'Steel tubing',
  Active: true,
  QuantityMultiplier: 10,
  ShipWeight: 1.5,
  Inventory: { Enabled: true, QuantityAvailable: 40, OrderCanExceed: false },
  xp: {
    Names: { en: 'EMT conduit 1/2"', de: 'EMT-Rohr 1/2"', fr: '' },
    Descriptions: { de: 'Stahlrohr' },
    Kind: 'sku',
  },
};

describe('the product editor form', () => {
  it('sends only what changed, with translations merged into xp and English in Name', () => {
    const original = productFormValues(product);
    expect(original).toMatchObject({
      Active: 'on',
      QuantityMultiplier: '10',
      'name.de': 'EMT-Rohr 1/2"',
      'name.nl': '',
    });
    const submitted = {
      ...original,
      'name.de': 'EMT-Stahlrohr 1/2"',
      'name.en': 'EMT conduit, 1/2"',
      Active: '',
      ShipWeight: '2.25',
    };
    const reading = readProductForm(original, submitted);
    expect(reading).toEqual({
      ok: true,
      patch: {
        Active: false,
        ShipWeight: 2.25,
        Name: 'EMT conduit, 1/2"',
        xp: { Names: { en: 'EMT conduit, 1/2"', de: 'EMT-Stahlrohr 1/2"' } },
      },
      changed: ['Active', 'ShipWeight', 'name.en', 'name.de'],
    });
    expect(readProductForm(original, original)).toEqual({ ok: true, patch: {}, changed: [] });
  });

  it('names every bad field and sends nothing', () => {
    const original = productFormValues(product);
    const reading = readProductForm(original, {
      ...original,
      'name.en': '  ',
      'name.fr': 'x'.repeat(201),
      QuantityMultiplier: '0',
      ShipWeight: '-1',
      DefaultPriceScheduleID: 'bad id!',
      'Inventory.QuantityAvailable': '1.5',
    });
    expect(reading).toEqual({
      ok: false,
      errors: {
        'name.en': expect.stringContaining('English name'),
        'name.fr': 'Use at most 200 characters.',
        QuantityMultiplier: 'Enter 1 or more.',
        ShipWeight: expect.stringContaining('0 or more'),
        DefaultPriceScheduleID: expect.stringContaining('letters, digits'),
        'Inventory.QuantityAvailable': 'Enter a whole number.',
      },
    });
  });

  it('clears an optional value with null and changes inventory in one object', () => {
    const original = productFormValues(product);
    const reading = readProductForm(original, {
      ...original,
      ShipWeight: '',
      'Inventory.QuantityAvailable': '12',
      'Inventory.OrderCanExceed': 'on',
    });
    expect(reading).toEqual({
      ok: true,
      patch: { ShipWeight: null, Inventory: { QuantityAvailable: 12, OrderCanExceed: true } },
      changed: ['ShipWeight', 'Inventory.QuantityAvailable', 'Inventory.OrderCanExceed'],
    });
  });
});
