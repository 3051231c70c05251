import type { QuoteDocumentContent } from '../quote-document/content';
import type { QuoteMailData } from './load';

/** A revision's content as the commerce service freezes it: a discounted line, a net one with a substitute. */
export const SAMPLE_CONTENT: QuoteDocumentContent = {
  ValidUntil: '2026-12-31T12:00:00.000Z',
  Currency: 'EUR',
  FreightAmount: 150,
  Subtotal: 1084.5,
  Discount: 120.25,
  Total: 1234.5,
  Terms: 'Delivery ex works. Payment 30 days net.',
  LineItems: [
    {
      ID: 'li-1',
      ProductID: 'EMT-050-10',
      Product: { ID: 'EMT-050-10', Name: 'EMT conduit 1/2 in, 10 ft' },
      Quantity: 100,
      ListUnitPrice: 6.1234,
      PriceType: 'Discount',
      DiscountPercent: 12.5,
      UnitPrice: 5.358,
      LineTotal: 535.8,
      LeadTimeDays: 14,
      SubstituteProductID: null,
      SubstituteProduct: null,
      Note: 'Price held for the whole phase.',
    },
    {
      ID: 'li-2',
      ProductID: 'STR-162-10',
      Product: { ID: 'STR-162-10', Name: 'Strut channel 1-5/8 in' },
      Quantity: 20,
      ListUnitPrice: 30,
      PriceType: 'Net',
      DiscountPercent: null,
      UnitPrice: 27.435,
      LineTotal: 548.7,
      LeadTimeDays: null,
      SubstituteProductID: 'STR-162-10-HG',
      SubstituteProduct: { ID: 'STR-162-10-HG', Name: 'Strut channel, hot-dip galvanised' },
      Note: null,
    },
  ],
};

export function sampleMail(overrides: Partial<QuoteMailData> = {}): QuoteMailData {
  return {
    quoteId: 'Q-1001',
    name: 'Hospital wing B',
    companyName: 'Bau AG',
    buyer: { name: 'Erin Engineer', email: 'erin@bau.example', confirmed: true, locale: 'de-EU' },
    rep: { name: 'Sam Seller', email: 'sam@northfield.example', locale: null },
    revision: 2,
    sent: {
      content: SAMPLE_CONTENT,
      dateSent: new Date('2026-12-01T09:00:00Z'),
      validUntil: new Date('2026-12-31T12:00:00Z'),
    },
    actorName: 'Erin Engineer',
    changes: {},
    message: null,
    ...overrides,
  };
}
