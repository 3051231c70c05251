import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  const people = new Map([['admin', 'Margaret Ortiz']]);

  it('leaves the status to its column, names the assignee and reads decimal text as numbers', () => {
    expect(
      auditChanges(
        {
          Status: ['Submitted', 'InReview'],
          AssignedUserID: [null, 'admin'],
          FreightAmount: ['0.0000', '45.5000'],
          'LineItems.L1.DiscountPercent': [null, '10.0000'],
          'LineItems.L1.UnitPrice': ['11.7800', '10.6020'],
          'LineItems.L1.Note': [null, '12.5'],
          InternalNote: [null, 'Margin approved'],
        },
        people,
      ),
    ).toEqual([
      { Property: 'AssignedUserID', Before: null, After: 'Margaret Ortiz' },
      { Property: 'FreightAmount', Before: 0, After: 45.5 },
      { Property: 'LineItems.L1.DiscountPercent', Before: null, After: 10 },
      { Property: 'LineItems.L1.UnitPrice', Before: 11.78, After: 10.602 },
      // A note that happens to look like a number stays text.
      { Property: 'LineItems.L1.Note', Before: null, After: '12.5' },
      { Property: 'InternalNote', Before: null, After: 'Margin approved' },
    ]);
  });

  it('keeps an unknown assignee by ID and skips what is no [before, after] pair', () => {
    expect(auditChanges({ AssignedUserID: ['rep-9', null], Odd: 'x' }, people)).toEqual([
      { Property: 'AssignedUserID', Before: 'rep-9', After: null },
    ]);
  });
});
