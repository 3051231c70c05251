import { describe, expect, it } from 'vitest';
import { formKeyOf, freshFormKey, idempotencyKeyFor } from './action-key';

describe("the quote forms' idempotency keys", () => {
  it('repeat for the same submission of one form and differ otherwise', () => {
    const form = freshFormKey();
    const a = idempotencyKeyFor(form, '/v1/me/quotes/Q1/decline', { Reason: 'Too dear' });
    expect(idempotencyKeyFor(form, '/v1/me/quotes/Q1/decline', { Reason: 'Too dear' })).toBe(a);
    expect(idempotencyKeyFor(form, '/v1/me/quotes/Q1/decline', { Reason: 'Too late' })).not.toBe(a);
    expect(idempotencyKeyFor(freshFormKey(), '/v1/me/quotes/Q1/decline', { Reason: 'Too dear' })).not.toBe(a);
    // What the commerce service accepts: printable ASCII, at most 255 characters.
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('replace a missing or malformed form key with a fresh one', () => {
    const key = freshFormKey();
    expect(formKeyOf(key)).toBe(key);
    expect(formKeyOf(null)).toMatch(/^[0-9a-f]{32}$/);
    expect(formKeyOf('short')).not.toBe('short');
    expect(formKeyOf(`${'x'.repeat(20)}\n`)).not.toContain('\n');
  });
});
