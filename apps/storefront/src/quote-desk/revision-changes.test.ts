import { describe, expect, it } from 'vitest';
import { changeRows, formatChangeValue, type ValueFormat } from './revision-changes';

const format: ValueFormat = {
  money: (v, unit) => `$${v.toFixed(unit ? 4 : 2)}`,
  date: (iso) => iso.slice(0, 10),
  percent: (v) => `${v} %`,
  days: (v) => `${v} d`,
  priceType: (v) => v.toLowerCase(),
  none: '–',
};

describe('revision changes', () => {
  const names = new Map([['L1', 'Conduit EMT-050-10']]);

  it('names header figures and line properties by their product', () => {
    const rows = changeRows(
      [
        { Property: 'FreightAmount', Before: 0, After: 45 },
        { Property: 'LineItems.L1.DiscountPercent', Before: null, After: 12.5 },
        { Property: 'LineItems.L2', Before: null, After: { ID: 'L2' } },
        { Property: 'LineItems.L1', Before: { ID: 'L1' }, After: null },
      ],
      names,
    );
    expect(rows).toEqual([
      { line: null, property: 'FreightAmount', kind: 'money', before: 0, after: 45 },
      { line: 'Conduit EMT-050-10', property: 'DiscountPercent', kind: 'percent', before: null, after: 12.5 },
      { line: 'L2', property: 'added', kind: 'text', before: null, after: null },
      { line: 'Conduit EMT-050-10', property: 'removed', kind: 'text', before: null, after: null },
    ]);
  });

  it('formats each value as what it is', () => {
    expect(formatChangeValue('money', 45, format)).toBe('$45.00');
    expect(formatChangeValue('unitMoney', 1.23456, format)).toBe('$1.2346');
    expect(formatChangeValue('percent', 12.5, format)).toBe('12.5 %');
    expect(formatChangeValue('days', 14, format)).toBe('14 d');
    expect(formatChangeValue('date', '2026-12-31T23:59:59.000Z', format)).toBe('2026-12-31');
    expect(formatChangeValue('priceType', 'Net', format)).toBe('net');
    expect(formatChangeValue('text', null, format)).toBe('–');
    expect(formatChangeValue('text', '', format)).toBe('–');
    expect(formatChangeValue('count', 3, format)).toBe('3');
  });
});
