import { cookies } from 'next/headers';
import { decodeToken } from '../auth/route-guards';
import { TokenRefused, type VerifiedUser, verifyUserToken } from '../auth/verify-token';
import { USER_TOKEN_COOKIE } from '../tracking/login-status';

export type SalesSession =
  | { kind: 'seller'; token: string; user: VerifiedUser }
  | { kind: 'other'; user: VerifiedUser }
  | { kind: 'visitor' };

/**
 * Who opens a sales page (force-dynamic pages only: it reads the UserToken cookie): the seller's users
 * (`usrtype` admin — the marketplace owner's staff) may read the inbox; a signed-in buyer or supplier
 * may not; anyone else is a visitor, sent to the login page.
 */
export async function salesSession(): Promise<SalesSession> {
  const token = decodeToken((await cookies()).get(USER_TOKEN_COOKIE)?.value ?? '');
  if (!token) return { kind: 'visitor' };
  try {
    const user = await verifyUserToken(token);
    return user.userType === 'admin' ? { kind: 'seller', token, user } : { kind: 'other', user };
  } catch (error) {
    if (error instanceof TokenRefused) return { kind: 'visitor' };
    throw error;
  }
}
