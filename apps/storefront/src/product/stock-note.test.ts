import { describe, expect, it } from 'vitest';
import { lineStockNote, productStockNote, quantityInStock } from './stock-note';

const texts = {
  inStock: '{count} in stock, the rest ships in {weeks} weeks.',
  none: 'Not in stock: ships in {weeks} weeks.',
};
const facts = { stockUnits: 62, multiplier: 1, weeks: '4–6', locale: 'en-US' };

describe('stock notes (quote quantities are not stock)', () => {
  it('counts whole order quantities: stock units over the quantity multiplier', () => {
    expect(quantityInStock(62, 10)).toBe(6);
    expect(quantityInStock(-3, 1)).toBe(0);
  });

  it('says on the product page how much is in stock and when the rest ships', () => {
    expect(productStockNote(facts, texts)).toBe('62 in stock, the rest ships in 4–6 weeks.');
    expect(productStockNote({ ...facts, stockUnits: 0 }, texts)).toBe('Not in stock: ships in 4–6 weeks.');
    expect(productStockNote({ ...facts, stockUnits: 12_500, locale: 'de-EU' }, texts)).toBe(
      '12.500 in stock, the rest ships in 4–6 weeks.',
    );
    expect(productStockNote({ ...facts, stockUnits: null }, texts)).toBeNull();
    expect(productStockNote({ ...facts, weeks: '' }, texts)).toBeNull();
  });

  it('notes a project line only when it asks for more than the stock', () => {
    expect(lineStockNote(62, facts, texts)).toBeNull();
    expect(lineStockNote(250, facts, texts)).toBe('62 in stock, the rest ships in 4–6 weeks.');
    expect(lineStockNote(7, { ...facts, multiplier: 10 }, texts)).toBe(
      '6 in stock, the rest ships in 4–6 weeks.',
    );
    expect(lineStockNote(1, { ...facts, stockUnits: 0 }, texts)).toBe('Not in stock: ships in 4–6 weeks.');
  });
});
