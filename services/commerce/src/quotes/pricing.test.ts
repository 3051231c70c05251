import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, toNumber } from '../orders/money';
import { quotedUnitPrice, quoteTotals } from './pricing';
import { diffRevisions } from './revisions';
import { nextStatus, TRANSITIONS } from './transitions';
import type { RevisionContent } from './wire';

const m = (n: number) => money(n) ?? 0n;

describe('quote prices (docs/quotes-wire.md "Prices")', () => {
  it('takes a discount off the list price to four decimals, and totals lines in cents plus freight', () => {
    const line = {
      listUnitPrice: m(8.335),
      priceType: 'Discount' as const,
      discountPercent: m(12.5),
      netPrice: null,
      quantity: 7,
    };
    // 8.335 − 12.5 % = 7.293125 → 7.2931
    expect(toNumber(quotedUnitPrice(line))).toBe(7.2931);
    const totals = quoteTotals(
      [line, { ...line, priceType: 'Net', netPrice: m(0.1), quantity: 3 }],
      m(12.345),
    );
    // 7.2931 × 7 = 51.0517 → 51.05; 0.30; list 8.335 × 7 = 58.345 → 58.35, × 3 = 25.005 → 25.01
    expect([totals.subtotal, totals.listSubtotal, totals.freight, totals.total].map(toNumber)).toEqual([
      51.35, 83.36, 12.35, 63.7,
    ]);
  });

  it('never loses a cent: the total is the sum of the rounded line totals and the freight, for any input', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            list: fc.integer({ min: 0, max: 10_000_000 }),
            pct: fc.integer({ min: 0, max: 1_000_000 }),
            qty: fc.integer({ min: 1, max: 10_000 }),
          }),
          { maxLength: 20 },
        ),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, freight) => {
          const priced = lines.map((l) => ({
            listUnitPrice: BigInt(l.list),
            priceType: 'Discount' as const,
            discountPercent: BigInt(l.pct),
            netPrice: null,
            quantity: l.qty,
          }));
          const totals = quoteTotals(priced, BigInt(freight) * 100n);
          expect(totals.total - totals.freight).toBe(totals.subtotal);
          expect(totals.subtotal % 100n).toBe(0n);
          expect(totals.discount).toBe(totals.listSubtotal - totals.subtotal);
          for (const line of priced) expect(quotedUnitPrice(line) <= line.listUnitPrice).toBe(true);
        },
      ),
    );
  });
});

describe('the status table', () => {
  it('closes Accepted, Declined, Expired and Withdrawn for every action but messages on the first three', () => {
    for (const status of ['Accepted', 'Declined', 'Expired', 'Withdrawn']) {
      const open = Object.keys(TRANSITIONS).filter(
        (action) => nextStatus(status, action as keyof typeof TRANSITIONS) !== null,
      );
      expect(open).toEqual(status === 'Withdrawn' ? [] : ['message']);
    }
    expect(nextStatus('Bogus', 'send')).toBeNull();
  });
});

describe('revision diffs', () => {
  const line = {
    ID: 'l1',
    ProductID: 'P',
    Product: { ID: 'P', Name: 'P' },
    Specs: [],
    Quantity: 5,
    PriceScheduleID: null,
    ListUnitPrice: 10,
    PriceType: 'List' as const,
    DiscountPercent: null,
    UnitPrice: 10,
    ListLineTotal: 50,
    LineTotal: 50,
    LeadTimeDays: null,
    SubstituteProductID: null,
    SubstituteProduct: null,
    Note: null,
  };
  const content = (lines: (typeof line)[], total: number): RevisionContent => ({
    Revision: 1,
    ValidUntil: '2030-01-01T00:00:00.000Z',
    Currency: 'USD',
    FreightAmount: 0,
    ListSubtotal: total,
    Subtotal: total,
    Discount: 0,
    Total: total,
    Terms: null,
    LineItems: lines,
  });

  it('names changed header figures, changed line properties, added and removed lines', () => {
    const before = content([line, { ...line, ID: 'gone' }], 100);
    const after = content(
      [
        { ...line, Quantity: 6, LineTotal: 60 },
        { ...line, ID: 'new' },
      ],
      110,
    );
    expect(diffRevisions(before, after)).toEqual([
      { Property: 'ListSubtotal', Before: 100, After: 110 },
      { Property: 'Subtotal', Before: 100, After: 110 },
      { Property: 'Total', Before: 100, After: 110 },
      { Property: 'LineItems.l1.Quantity', Before: 5, After: 6 },
      { Property: 'LineItems.l1.LineTotal', Before: 50, After: 60 },
      { Property: 'LineItems.new', Before: null, After: { ...line, ID: 'new' } },
      { Property: 'LineItems.gone', Before: { ...line, ID: 'gone' }, After: null },
    ]);
    expect(diffRevisions(null, after)).toEqual([]);
  });
});
