import type { RevisionChange } from './desk-types';

/**
 * An audit event's `Changes` (`{Property: [before, after]}`, docs/quotes-wire.md "Event") as the rows the
 * revision history reads. The status has a column of its own, so it is left out; the assignee is named
 * rather than shown by ID; money and percentages, which the trail writes as decimal text like the price
 * columns ("45.5000"), become numbers so they are formatted as money.
 */

const OWN_COLUMN = new Set(['Status']);
const DECIMAL_PROPERTY =
  /(^|\.)(FreightAmount|Total|ListSubtotal|Subtotal|Discount|ListUnitPrice|UnitPrice|ListLineTotal|LineTotal|DiscountPercent)$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

export function auditChanges(
  changes: Record<string, unknown>,
  people: ReadonlyMap<string, string>,
): RevisionChange[] {
  const rows: RevisionChange[] = [];
  for (const [property, pair] of Object.entries(changes)) {
    if (OWN_COLUMN.has(property) || !Array.isArray(pair) || pair.length !== 2) continue;
    const value = (v: unknown) => shown(property, v, people);
    rows.push({ Property: property, Before: value(pair[0]), After: value(pair[1]) });
  }
  return rows;
}

function shown(property: string, value: unknown, people: ReadonlyMap<string, string>): unknown {
  if (property === 'AssignedUserID' && typeof value === 'string') return people.get(value) ?? value;
  if (DECIMAL_PROPERTY.test(property) && typeof value === 'string' && DECIMAL_TEXT.test(value)) {
    return Number(value);
  }
  return value;
}
