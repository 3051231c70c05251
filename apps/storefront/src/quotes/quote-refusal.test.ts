import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator';
import { isDefiniteAnswer, refusalText } from './quote-refusal';

const t = createTranslator({
  'login.sessionEnded': 'Your session has ended.',
  'quotes.error.expired': 'Expired on {date}.',
  'quotes.error.revisionChanged': 'Revision {revision} was sent.',
  'quotes.error.badStatus': 'The quote is now “{status}”.',
  'quotes.error.notYours': 'Not yours.',
  'quotes.error.unavailable': 'Try again.',
  'quotes.notFound': 'No such quote.',
  'quotes.status.accepted': 'Accepté',
});
const refusal = (
  status: number,
  code: string,
  data: Record<string, unknown> = {},
  message = 'service text',
) => ({
  status,
  code,
  message,
  data,
});

describe('what the buyer reads when the service refuses', () => {
  it('words the quote errors with what to do, offering a reload when the quote moved on', () => {
    expect(
      refusalText(refusal(400, 'Quote.Expired', { ValidUntil: '2027-03-03T10:00:00Z' }), t, 'en-US'),
    ).toEqual({
      message: 'Expired on March 3, 2027.',
      reload: true,
    });
    expect(refusalText(refusal(409, 'Quote.RevisionChanged', { Revision: 3 }), t, 'en-US')).toEqual({
      message: 'Revision 3 was sent.',
      reload: true,
    });
    expect(
      refusalText(refusal(400, 'Quote.CannotAcceptBadStatus', { Status: 'Accepted' }), t, 'fr-CA').message,
    ).toBe('The quote is now “Accepté”.');
    expect(refusalText(refusal(403, 'Quote.NotYours'), t, 'en-US').message).toBe('Not yours.');
    expect(refusalText(refusal(404, 'NotFound', { ObjectType: 'Quote' }), t, 'en-US').message).toBe(
      'No such quote.',
    );
  });

  it("passes the service's own message for other refusals of the input, never for failures", () => {
    expect(refusalText(refusal(400, 'Inventory.Insufficient', {}, 'Only 3 left.'), t, 'en-US').message).toBe(
      'Only 3 left.',
    );
    expect(refusalText(refusal(503, 'ServiceUnavailable'), t, 'en-US').message).toBe('Try again.');
    expect(refusalText(refusal(409, 'Idempotency.RequestInProgress'), t, 'en-US').message).toBe('Try again.');
    expect(refusalText(refusal(401, 'InvalidToken'), t, 'en-US').message).toBe('Your session has ended.');
  });

  it('settles a form key on a definite answer only', () => {
    expect(isDefiniteAnswer(400, 'Quote.Expired')).toBe(true);
    expect(isDefiniteAnswer(409, 'Quote.RevisionChanged')).toBe(true);
    expect(isDefiniteAnswer(409, 'Idempotency.RequestInProgress')).toBe(false);
    expect(isDefiniteAnswer(503, 'ServiceUnavailable')).toBe(false);
  });
});
