import type { QuoteHeaderPatch, QuoteLinePatch } from './desk-api';

/**
 * The pricing form's fields (names shared by the form and its server action) and how a submission becomes
 * PATCHes. Every field is sent with the value it was rendered with (`was:` + name), and only what the rep
 * changed is sent: a PATCH changes only what it names, so two reps pricing different lines of one quote
 * lose nothing of each other's work. Bad input is refused here, field by field, before anything is sent.
 */

export const HEADER_FIELDS = ['assignee', 'freight', 'validUntil', 'terms', 'internalNote'] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];
export const LINE_FIELDS = ['discount', 'net', 'lead', 'sub', 'note'] as const;
export type LineField = (typeof LINE_FIELDS)[number];

export const lineField = (lineId: string, field: LineField) => `line:${lineId}:${field}`;
export const WAS = 'was:';

/** Dictionary keys of the refusals found before anything is sent. */
export type PricingErrorKey =
  | 'quoteDesk.error.amount'
  | 'quoteDesk.error.percent'
  | 'quoteDesk.error.both'
  | 'quoteDesk.error.days'
  | 'quoteDesk.error.date'
  | 'quoteDesk.error.dateAhead'
  | 'quoteDesk.error.catalogueNumber';

export interface PricingChanges {
  header: QuoteHeaderPatch;
  lines: { id: string; patch: QuoteLinePatch }[];
  errors: Record<string, PricingErrorKey>;
}

const AMOUNT = /^\d{1,10}(\.\d{1,4})?$/;
const CATALOGUE_NUMBER = /^[\w.-]{1,100}$/;

/** `12,5` or ` 12.5 ` → `12.5`; '' stays ''. */
export const normalAmount = (value: string) => value.trim().replace(',', '.');

/** The end of a validity day: the quote is valid through the date the rep picked (UTC). */
export const validityOf = (day: string) => `${day}T23:59:59.000Z`;
export const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function readPricingForm(
  get: (name: string) => string,
  lineIds: readonly string[],
  today: string,
): PricingChanges {
  const errors: PricingChanges['errors'] = {};
  const changed = (name: string) => get(name) !== get(`${WAS}${name}`);
  const header: QuoteHeaderPatch = {};

  if (changed('assignee')) header.AssignedUserID = get('assignee') || null;
  if (changed('freight')) {
    const freight = normalAmount(get('freight')) || '0';
    if (AMOUNT.test(freight)) header.FreightAmount = Number(freight);
    else errors.freight = 'quoteDesk.error.amount';
  }
  if (changed('validUntil')) {
    const day = get('validUntil').trim();
    if (!day) header.ValidUntil = null;
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(validityOf(day))))
      errors.validUntil = 'quoteDesk.error.date';
    else if (day < today) errors.validUntil = 'quoteDesk.error.dateAhead';
    else header.ValidUntil = validityOf(day);
  }
  if (changed('terms')) header.Terms = get('terms').trim() || null;
  if (changed('internalNote')) header.InternalNote = get('internalNote').trim() || null;

  const lines: PricingChanges['lines'] = [];
  for (const id of lineIds) {
    const name = (field: LineField) => lineField(id, field);
    const patch: QuoteLinePatch = {};
    if (changed(name('discount')) || changed(name('net'))) {
      const discount = normalAmount(get(name('discount')));
      const net = normalAmount(get(name('net')));
      if (discount && net) errors[name('net')] = 'quoteDesk.error.both';
      else if (discount) {
        if (AMOUNT.test(discount) && Number(discount) <= 100) patch.DiscountPercent = Number(discount);
        else errors[name('discount')] = 'quoteDesk.error.percent';
      } else if (net) {
        if (AMOUNT.test(net)) patch.UnitPrice = Number(net);
        else errors[name('net')] = 'quoteDesk.error.amount';
      } else {
        // Both emptied: back to the list price.
        patch.UnitPrice = null;
        patch.DiscountPercent = null;
      }
    }
    if (changed(name('lead'))) {
      const lead = get(name('lead')).trim();
      if (!lead) patch.LeadTimeDays = null;
      else if (/^\d{1,4}$/.test(lead) && Number(lead) <= 3650) patch.LeadTimeDays = Number(lead);
      else errors[name('lead')] = 'quoteDesk.error.days';
    }
    if (changed(name('sub'))) {
      const sub = get(name('sub')).trim().toUpperCase();
      if (!sub) patch.SubstituteProductID = null;
      else if (CATALOGUE_NUMBER.test(sub)) patch.SubstituteProductID = sub;
      else errors[name('sub')] = 'quoteDesk.error.catalogueNumber';
    }
    if (changed(name('note'))) patch.Note = get(name('note')).trim() || null;
    if (Object.keys(patch).length > 0) lines.push({ id, patch });
  }
  return { header, lines, errors };
}

/** Which form field a refusal of a line PATCH belongs to (the error's `Data.Property`). */
export function lineFieldOfProperty(lineId: string, property: string | undefined): string | null {
  switch (property) {
    case 'DiscountPercent':
      return lineField(lineId, 'discount');
    case 'UnitPrice':
      return lineField(lineId, 'net');
    case 'LeadTimeDays':
      return lineField(lineId, 'lead');
    case 'SubstituteProductID':
      return lineField(lineId, 'sub');
    case 'Note':
      return lineField(lineId, 'note');
    default:
      return null;
  }
}

/** Which header field a refusal of the quote PATCH belongs to. */
export function headerFieldOfProperty(property: string | undefined): HeaderField | null {
  switch (property) {
    case 'AssignedUserID':
      return 'assignee';
    case 'FreightAmount':
      return 'freight';
    case 'ValidUntil':
      return 'validUntil';
    case 'Terms':
      return 'terms';
    case 'InternalNote':
      return 'internalNote';
    default:
      return null;
  }
}
