import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../i18n/translator';
import { DeskApiError } from './desk-api';
import { deskErrorMessage, outcomeKnown } from './desk-errors';

const t = createTranslator({
  'quoteDesk.error.cannotSend': 'A quote that is {status} cannot be sent.',
  'quoteDesk.status.submitted': 'Submitted',
  'quoteDesk.error.unknownProduct': 'Unknown product.',
  'quoteDesk.error.unavailable': 'Try again.',
  'login.sessionEnded': 'Log in again.',
});

describe('desk refusals', () => {
  it('words the status refusals in the seller language with the status', () => {
    const error = new DeskApiError(400, [
      { ErrorCode: 'Quote.CannotSendBadStatus', Message: 'x', Data: { Status: 'Submitted' } },
    ]);
    expect(deskErrorMessage(error, t)).toBe('A quote that is Submitted cannot be sent.');
  });

  it('names an unknown substitute, passes validation messages on, and hides failures', () => {
    const missing = new DeskApiError(404, [
      { ErrorCode: 'NotFound', Message: 'Product X not found', Data: { Property: 'SubstituteProductID' } },
    ]);
    expect(deskErrorMessage(missing, t)).toBe('Unknown product.');
    const invalid = new DeskApiError(400, [
      { ErrorCode: 'ValidationFailure', Message: 'Note must be at most 2000 characters.' },
    ]);
    expect(deskErrorMessage(invalid, t)).toBe('Note must be at most 2000 characters.');
    expect(deskErrorMessage(new DeskApiError(401, []), t)).toBe('Log in again.');
    // Failures are logged for the operator; the test keeps its output quiet.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(deskErrorMessage(new DeskApiError(503, []), t)).toBe('Try again.');
    expect(deskErrorMessage(new Error('socket hang up'), t)).toBe('Try again.');
    log.mockRestore();
  });

  it('keeps an idempotency key while the outcome is unknown', () => {
    expect(outcomeKnown(new DeskApiError(400, []))).toBe(true);
    expect(outcomeKnown(new DeskApiError(409, []))).toBe(false);
    expect(outcomeKnown(new DeskApiError(503, []))).toBe(false);
    expect(outcomeKnown(new Error('network'))).toBe(false);
  });
});
