import type { Translate } from '../i18n/translator';
import { DeskApiError } from './desk-api';
import { keyPart } from './desk-types';

/**
 * A refusal of the commerce service in the seller's language: the quote's status errors and the other
 * codes the desk knows by name, else the service's own message (validation names the property); a
 * failure of the service itself as "try again".
 */
const KNOWN: Record<string, string> = {
  'Quote.CannotAssignBadStatus': 'quoteDesk.error.cannotAssign',
  'Quote.CannotEditBadStatus': 'quoteDesk.error.cannotEdit',
  'Quote.CannotSendBadStatus': 'quoteDesk.error.cannotSend',
  'Quote.CannotWithdrawBadStatus': 'quoteDesk.error.cannotWithdraw',
  'Quote.CannotMessageBadStatus': 'quoteDesk.error.cannotMessage',
  'Quote.ValidUntilInPast': 'quoteDesk.error.dateAhead',
  InsufficientRoles: 'quoteDesk.error.roles',
};

export function deskErrorMessage(error: unknown, t: Translate): string {
  if (!(error instanceof DeskApiError)) {
    console.error('[quote desk] the commerce service failed:', error);
    return t('quoteDesk.error.unavailable');
  }
  if (error.status === 401) return t('login.sessionEnded');
  const first = error.errors[0];
  const key = KNOWN[error.code];
  if (key) {
    const status = typeof first?.Data?.Status === 'string' ? first.Data.Status : '';
    return t(key, { status: status ? t(`quoteDesk.status.${keyPart(status)}`) : '' });
  }
  if (error.code === 'NotFound' && first?.Data?.Property === 'SubstituteProductID')
    return t('quoteDesk.error.unknownProduct');
  if (error.status >= 400 && error.status < 500 && first?.Message) return first.Message;
  console.error('[quote desk] the commerce service failed:', error);
  return t('quoteDesk.error.unavailable');
}

/** Whether the outcome of a POST is known (its key may go): anything but a failure or "in progress". */
export function outcomeKnown(error: unknown): boolean {
  return error instanceof DeskApiError && error.status < 500 && error.status !== 409;
}
