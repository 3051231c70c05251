import { callService } from '@catalogue/service-kit/shared';
import { ForgottenCredentials, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { asVisitor, configureInProcessCommerce, STOREFRONT_CLIENT_ID } from '../data/commerce-sdk';

/**
 * Forgotten passwords through the commerce service: the emailed code (POST /password/reset, which
 * never says whether the address has an account), checking a code before the user types a new password
 * (GET /password/reset/{code}, our addition), and setting it (PUT /password/reset/{code}).
 */

/** Too many reset requests from the visitor's address. */
export class ResetRequestsExceeded extends Error {
  override name = 'ResetRequestsExceeded';
  constructor(readonly retryAfterSeconds: number) {
    super(`too many password reset requests: retry after ${retryAfterSeconds} s`);
  }
}

/**
 * Asks for a reset email; `resetPageUrl` is the page the email's link opens (it appends `?code=`), on the
 * site's own origin (the only one the storefront's API client may link to).
 */
export async function requestPasswordReset(
  email: string,
  resetPageUrl: string,
  address: string | null,
): Promise<void> {
  configureInProcessCommerce();
  try {
    await asVisitor(address, () =>
      ForgottenCredentials.SendVerificationCode({
        ClientID: STOREFRONT_CLIENT_ID,
        Email: email,
        URL: resetPageUrl,
      }),
    );
  } catch (error) {
    const failure = error as Partial<OrderCloudError> & { response?: { headers?: Record<string, string> } };
    if (failure.status !== 429) throw error;
    const seconds = Number(failure.response?.headers?.['retry-after']);
    throw new ResetRequestsExceeded(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
  }
}

/** The username a reset code is for, or null when the code is invalid, used or expired. */
export async function checkResetCode(code: string): Promise<string | null> {
  if (!code || code.length > 200) return null;
  const answer = await callService(
    'commerce',
    `/v1/password/reset/${encodeURIComponent(code)}?ClientID=${encodeURIComponent(STOREFRONT_CLIENT_ID)}`,
    { method: 'GET' },
  );
  if (answer.status === 400) return null;
  if (!answer.ok) throw new Error(`The commerce service answered ${answer.status} to a reset-code check.`);
  const body = (await answer.json()) as { Username?: unknown };
  return typeof body.Username === 'string' ? body.Username : null;
}

/** Sets the new password; false when the code is no longer good. */
export async function resetPassword(code: string, username: string, password: string): Promise<boolean> {
  configureInProcessCommerce();
  try {
    await ForgottenCredentials.ResetPasswordByVerificationCode(code, {
      ClientID: STOREFRONT_CLIENT_ID,
      Username: username,
      Password: password,
    });
    return true;
  } catch (error) {
    if ((error as Partial<OrderCloudError>).errors?.[0]?.ErrorCode === 'PasswordReset.InvalidCode')
      return false;
    throw error;
  }
}
