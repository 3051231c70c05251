import { cookies } from 'next/headers';
import { decodeToken } from '../auth/route-guards';
import { RENEWABLE_SESSION_HINT } from '../auth/session-cookies';
import { TokenRefused, type VerifiedUser, verifyUserToken } from '../auth/verify-token';
import { USER_TOKEN_COOKIE } from '../tracking/login-status';

/** Who uses the account page: a seller's staff member (`usrtype` admin), a buyer, or a supplier's user. */
export type AccountKind = 'seller' | 'buyer' | 'supplier';

export type AccountSession =
  | { kind: 'user'; account: AccountKind; token: string; user: VerifiedUser }
  /** No valid access token, but a refresh token the browser can renew it with. */
  | { kind: 'renewable' }
  | { kind: 'visitor' };

export function accountKindOf(user: Pick<VerifiedUser, 'userType'>): AccountKind {
  return user.userType === 'admin' ? 'seller' : user.userType;
}

/**
 * The account page's user, from the UserToken cookie (force-dynamic pages only), verified like the
 * project routes' tokens. Without a valid token a browser that still holds a renewable session (its
 * readable companion cookie) is `renewable`: the page renews it in the browser and reloads, instead of
 * sending a logged-in user to the login page after 30 idle minutes.
 */
export async function accountSession(): Promise<AccountSession> {
  const jar = await cookies();
  const token = decodeToken(jar.get(USER_TOKEN_COOKIE)?.value ?? '');
  const renewable = jar.has(RENEWABLE_SESSION_HINT);
  if (!token) return renewable ? { kind: 'renewable' } : { kind: 'visitor' };
  try {
    const user = await verifyUserToken(token);
    return { kind: 'user', account: accountKindOf(user), token, user };
  } catch (error) {
    if (error instanceof TokenRefused) return renewable ? { kind: 'renewable' } : { kind: 'visitor' };
    throw error;
  }
}
