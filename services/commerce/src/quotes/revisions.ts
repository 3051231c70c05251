import type { QuoteLineItem, RevisionContent } from './wire';

/**
 * What changed from one sent revision to the next (docs/quotes-wire.md "Revisions"): the header figures
 * and terms, and per line (by its ID) every priced property; a line only in one of them is added or removed.
 */
export interface RevisionChange {
  Property: string;
  Before: unknown;
  After: unknown;
}

const HEADER: (keyof RevisionContent)[] = [
  'ValidUntil',
  'Currency',
  'FreightAmount',
  'ListSubtotal',
  'Subtotal',
  'Discount',
  'Total',
  'Terms',
];
const LINE: (keyof QuoteLineItem)[] = [
  'Quantity',
  'ListUnitPrice',
  'PriceType',
  'DiscountPercent',
  'UnitPrice',
  'ListLineTotal',
  'LineTotal',
  'LeadTimeDays',
  'SubstituteProductID',
  'Note',
];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function diffRevisions(before: RevisionContent | null, after: RevisionContent): RevisionChange[] {
  if (!before) return [];
  const changes: RevisionChange[] = [];
  for (const key of HEADER) {
    if (!same(before[key], after[key]))
      changes.push({ Property: key, Before: before[key], After: after[key] });
  }
  const old = new Map(before.LineItems.map((l) => [l.ID, l]));
  const now = new Map(after.LineItems.map((l) => [l.ID, l]));
  for (const line of after.LineItems) {
    const was = old.get(line.ID);
    if (!was) {
      changes.push({ Property: `LineItems.${line.ID}`, Before: null, After: line });
      continue;
    }
    for (const key of LINE) {
      if (!same(was[key], line[key])) {
        changes.push({ Property: `LineItems.${line.ID}.${key}`, Before: was[key], After: line[key] });
      }
    }
  }
  for (const line of before.LineItems) {
    if (!now.has(line.ID)) changes.push({ Property: `LineItems.${line.ID}`, Before: line, After: null });
  }
  return changes;
}
