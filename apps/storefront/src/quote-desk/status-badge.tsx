import type { Translate } from '../i18n/translator';
import { keyPart, type QuoteStatus } from './desk-types';

/** A quote's status as a badge: its name in the seller's language, a colour per group (never colour alone). */
export function StatusBadge({ status, t }: { status: QuoteStatus; t: Translate }) {
  return (
    <span className={`desk-badge desk-badge--${status}`} data-status={status}>
      {t(`quoteDesk.status.${keyPart(status)}`)}
    </span>
  );
}

/** The statuses a quote can still be assigned in (docs/quotes-wire.md, the status table). */
export const ASSIGNABLE: readonly QuoteStatus[] = ['Submitted', 'InReview', 'Quoted', 'ChangesRequested'];
/** The statuses whose draft can be edited (the same). */
export const EDITABLE = ASSIGNABLE;
export const SENDABLE: readonly QuoteStatus[] = ['InReview', 'Quoted', 'ChangesRequested'];
export const WITHDRAWABLE = ASSIGNABLE;
