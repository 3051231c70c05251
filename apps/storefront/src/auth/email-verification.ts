import type { LocaleCode } from '@catalogue/dataset/model';
import { callService } from '@catalogue/service-kit/shared';

/**
 * E-mail verification through the commerce service (our routes beside OrderCloud's, without a token):
 * what a mailed code is for, confirming it, and asking for a new link for an address.
 */

export interface CodeDescription {
  purpose: 'Registration' | 'AddressChange';
  email: string;
  username: string;
}

export type Confirmation =
  | { ok: true; purpose: 'Registration' | 'AddressChange'; username: string | null }
  | { ok: false; reason: 'invalid' | 'usernameTaken' | 'accountExists' };

const codePath = (code: string) => `/v1/email/verification/${encodeURIComponent(code)}`;
const usable = (code: string) => code.length > 0 && code.length <= 200;

async function errorCodeOf(answer: Response): Promise<string> {
  const body = (await answer.json().catch(() => ({}))) as { Errors?: { ErrorCode?: string }[] };
  return body.Errors?.[0]?.ErrorCode ?? '';
}

/** What the code confirms, or null when it is invalid, used or expired. */
export async function describeCode(code: string): Promise<CodeDescription | null> {
  if (!usable(code)) return null;
  const answer = await callService('commerce', codePath(code), { method: 'GET' });
  if (answer.status === 400) return null;
  if (!answer.ok) throw new Error(`The commerce service answered ${answer.status} to a code check.`);
  const body = (await answer.json()) as {
    Purpose: CodeDescription['purpose'];
    Email: string;
    Username: string;
  };
  return { purpose: body.Purpose, email: body.Email, username: body.Username };
}

/** Confirms the address with the code (once). */
export async function confirmCode(code: string): Promise<Confirmation> {
  if (!usable(code)) return { ok: false, reason: 'invalid' };
  const answer = await callService('commerce', codePath(code), { method: 'POST' });
  if (answer.ok) {
    const body = (await answer.json()) as { Purpose: 'Registration' | 'AddressChange'; Username?: string };
    return { ok: true, purpose: body.Purpose, username: body.Username ?? null };
  }
  if (answer.status === 400) return { ok: false, reason: 'invalid' };
  const error = await errorCodeOf(answer);
  if (error === 'EmailVerification.UsernameTaken') return { ok: false, reason: 'usernameTaken' };
  if (error === 'EmailVerification.AccountExists') return { ok: false, reason: 'accountExists' };
  throw new Error(`The commerce service answered ${answer.status} ${error} to a confirmation.`);
}

/** Asks for a new link for the address; false when the visitor's address made too many requests. */
export async function requestNewLink(
  email: string,
  locale: LocaleCode,
  visitor: string | null,
): Promise<boolean> {
  const answer = await callService('commerce', '/v1/email/verification', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(visitor ? { 'x-forwarded-for': visitor } : {}) },
    body: JSON.stringify({ Email: email, Locale: locale }),
  });
  if (answer.status === 429) return false;
  if (!answer.ok) throw new Error(`The commerce service answered ${answer.status} to a new-link request.`);
  return true;
}
