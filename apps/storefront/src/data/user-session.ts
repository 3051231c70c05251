import { Me } from 'ordercloud-javascript-sdk';
import { configureInProcessCommerce } from './commerce-sdk';

/**
 * Whether a request comes from a logged-in buyer user: the commerce service is asked who the token's
 * user is (`GET /me`), which checks its signature and expiry. Pages never call this (they are the same
 * for every visitor); file downloads that need a login (spec §5) do.
 */

export interface SignedInUser {
  id: string;
  username: string;
}

/** The token's user, or null when the token is missing, malformed, expired or refused. */
export async function signedInUser(token: string | null | undefined): Promise<SignedInUser | null> {
  if (!token || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return null;
  configureInProcessCommerce();
  try {
    const me = await Me.Get({ accessToken: token });
    return { id: me.ID, username: me.Username };
  } catch (error) {
    // The service refuses a bad, expired or non-buyer token; anything else is a real failure.
    if ([401, 403].includes(refusalStatus(error))) return null;
    throw error;
  }
}

/** The bearer token of a request: `Authorization: Bearer …`, else the UserToken cookie. */
export function requestToken(request: Request, cookieToken: string | null): string | null {
  const header = request.headers.get('authorization');
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? cookieToken;
}

/**
 * The HTTP status of an SDK refusal. The SDK marks its errors with `isOrderCloudError` rather than relying
 * on `instanceof`, which fails when the bundler holds two copies of the class.
 */
function refusalStatus(error: unknown): number {
  if (typeof error !== 'object' || error === null || !('isOrderCloudError' in error)) return 0;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : 0;
}
