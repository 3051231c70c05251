import { createHash, randomBytes } from 'node:crypto';

/**
 * Idempotency keys of the quote forms (server side). Each rendered form carries a random key; the
 * commerce POST goes out with `<form key>-<hash of the request>`, so the same submission sent twice (a
 * double click, a resend after a network failure) is made once and answered with the first answer, while
 * a different submission from the same form (the reason corrected) is a new request. After a definite
 * answer the form gets a new key (`freshFormKey`), as `browser/action-keys.ts` forgets answered keys.
 */

const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export function freshFormKey(): string {
  return randomBytes(16).toString('hex');
}

/** The form's key, or a fresh one when the form sent none or a malformed one. */
export function formKeyOf(value: unknown): string {
  return typeof value === 'string' && FORM_KEY.test(value) ? value : freshFormKey();
}

export function idempotencyKeyFor(formKey: string, path: string, body: unknown): string {
  const hash = createHash('sha256')
    .update(`${path}\n${JSON.stringify(body)}`)
    .digest('hex')
    .slice(0, 32);
  return `${formKey}-${hash}`;
}
