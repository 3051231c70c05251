import { describe, expect, it } from 'vitest';
import { lineField, readPricingForm, WAS } from './pricing-form';

function form(fields: Record<string, [was: string, now: string]>) {
  const values = new Map<string, string>();
  for (const [name, [was, now]] of Object.entries(fields)) {
    values.set(`${WAS}${name}`, was);
    values.set(name, now);
  }
  return (name: string) => values.get(name) ?? '';
}

describe('pricing form', () => {
  const today = '2026-11-27';

  it('sends only what the rep changed', () => {
    const get = form({
      freight: ['0', '45,5'],
      validUntil: ['', '2026-12-31'],
      terms: ['Net 30', 'Net 30'],
      internalNote: ['', ' margin ok '],
      assignee: ['', 'rep-1'],
      [lineField('L1', 'discount')]: ['', '12.5'],
      [lineField('L1', 'net')]: ['', ''],
      [lineField('L2', 'discount')]: ['', ''],
      [lineField('L2', 'net')]: ['', '9.99'],
      [lineField('L2', 'lead')]: ['', '14'],
      [lineField('L3', 'note')]: ['same', 'same'],
    });
    expect(readPricingForm(get, ['L1', 'L2', 'L3'], today)).toEqual({
      header: {
        AssignedUserID: 'rep-1',
        FreightAmount: 45.5,
        ValidUntil: '2026-12-31T23:59:59.000Z',
        InternalNote: 'margin ok',
      },
      lines: [
        { id: 'L1', patch: { DiscountPercent: 12.5 } },
        { id: 'L2', patch: { UnitPrice: 9.99, LeadTimeDays: 14 } },
      ],
      errors: {},
    });
  });

  it('returns a line to its list price when both prices are emptied, and clears emptied fields', () => {
    const get = form({
      [lineField('L1', 'discount')]: ['10', ''],
      [lineField('L1', 'lead')]: ['5', ''],
      [lineField('L1', 'sub')]: ['EMT-1', ''],
      validUntil: ['2026-12-01', ''],
    });
    expect(readPricingForm(get, ['L1'], today)).toEqual({
      header: { ValidUntil: null },
      lines: [
        {
          id: 'L1',
          patch: { UnitPrice: null, DiscountPercent: null, LeadTimeDays: null, SubstituteProductID: null },
        },
      ],
      errors: {},
    });
  });

  it('refuses bad input field by field', () => {
    const get = form({
      freight: ['0', '-3'],
      validUntil: ['', '2026-11-01'],
      [lineField('L1', 'discount')]: ['', '120'],
      [lineField('L2', 'discount')]: ['', '5'],
      [lineField('L2', 'net')]: ['', '3'],
      [lineField('L3', 'net')]: ['', 'abc'],
      [lineField('L3', 'lead')]: ['', '2.5'],
      [lineField('L3', 'sub')]: ['', 'no spaces allowed'],
    });
    const result = readPricingForm(get, ['L1', 'L2', 'L3'], today);
    expect(result.errors).toEqual({
      freight: 'quoteDesk.error.amount',
      validUntil: 'quoteDesk.error.dateAhead',
      [lineField('L1', 'discount')]: 'quoteDesk.error.percent',
      [lineField('L2', 'net')]: 'quoteDesk.error.both',
      [lineField('L3', 'net')]: 'quoteDesk.error.amount',
      [lineField('L3', 'lead')]: 'quoteDesk.error.days',
      [lineField('L3', 'sub')]: 'quoteDesk.error.catalogueNumber',
    });
    expect(result.header).toEqual({});
    expect(result.lines).toEqual([]);
  });
});
