import type { RevisionChange } from './desk-types';

/**
 * A revision's `Changes` (docs/quotes-wire.md "Revision") as rows people read: which figure of the quote
 * or of which line, and its value before and after, each formatted as what it is (money, a percentage, a
 * date, days, a product). Line IDs are named by the line's product; a property this desk does not know is
 * shown by its wire name rather than dropped.
 */

export type ValueKind = 'money' | 'unitMoney' | 'percent' | 'date' | 'days' | 'text' | 'priceType' | 'count';

const HEADER_KINDS: Record<string, ValueKind> = {
  ValidUntil: 'date',
  Currency: 'text',
  FreightAmount: 'money',
  ListSubtotal: 'money',
  Subtotal: 'money',
  Discount: 'money',
  Total: 'money',
  Terms: 'text',
  // Only in the audit trail's changes.
  Revision: 'count',
  DateExpiryWarned: 'date',
};

const LINE_KINDS: Record<string, ValueKind> = {
  Quantity: 'count',
  ListUnitPrice: 'unitMoney',
  PriceType: 'priceType',
  DiscountPercent: 'percent',
  UnitPrice: 'unitMoney',
  ListLineTotal: 'money',
  LineTotal: 'money',
  LeadTimeDays: 'days',
  SubstituteProductID: 'text',
  Note: 'text',
};

export interface ChangeRow {
  /** The line's product name and catalogue number, or null for the quote's own figures. */
  line: string | null;
  /** The property's wire name (`FreightAmount`, `UnitPrice`), or `added` / `removed` for a whole line. */
  property: string;
  kind: ValueKind;
  before: unknown;
  after: unknown;
}

export function changeRows(changes: RevisionChange[], lineNames: ReadonlyMap<string, string>): ChangeRow[] {
  return changes.map((change) => {
    const match = /^LineItems\.([^.]+)(?:\.(.+))?$/.exec(change.Property);
    if (!match) {
      return {
        line: null,
        property: change.Property,
        kind: HEADER_KINDS[change.Property] ?? 'text',
        before: change.Before,
        after: change.After,
      };
    }
    const [, id = '', property] = match;
    const line = lineNames.get(id) ?? id;
    if (!property) {
      return {
        line,
        property: change.Before === null ? 'added' : 'removed',
        kind: 'text',
        before: null,
        after: null,
      };
    }
    return {
      line,
      property,
      kind: LINE_KINDS[property] ?? 'text',
      before: change.Before,
      after: change.After,
    };
  });
}

export interface ValueFormat {
  money: (value: number, unit: boolean) => string;
  date: (iso: string) => string;
  percent: (value: number) => string;
  days: (value: number) => string;
  priceType: (value: string) => string;
  none: string;
}

/** One value of a change row as text; empty values (null, '') as `format.none`. */
export function formatChangeValue(kind: ValueKind, value: unknown, format: ValueFormat): string {
  if (value === null || value === undefined || value === '') return format.none;
  if (typeof value === 'number') {
    if (kind === 'money' || kind === 'unitMoney') return format.money(value, kind === 'unitMoney');
    if (kind === 'percent') return format.percent(value);
    if (kind === 'days') return format.days(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (kind === 'date') return format.date(value);
    if (kind === 'priceType') return format.priceType(value);
    return value;
  }
  return JSON.stringify(value);
}
