import { cookies } from 'next/headers';
import { decodeToken } from '../auth/route-guards';
import { TokenRefused, type VerifiedUser, verifyUserToken } from '../auth/verify-token';
import { USER_TOKEN_COOKIE } from '../tracking/login-status';
import { type Area, areasFor } from './areas';

export type AdminSession =
  | { kind: 'staff'; token: string; user: VerifiedUser; areas: Area[] }
  | { kind: 'other'; user: VerifiedUser }
  | { kind: 'visitor' };

/**
 * Who opens a console page (force-dynamic pages only: it reads the UserToken cookie). The seller's users
 * (`usrtype` admin) are staff, with the areas their roles open; a signed-in buyer or supplier is not;
 * anyone else is a visitor, sent to the login page. Every read and write then goes to the services with
 * the user's own token, which decide again.
 */
export async function adminSession(): Promise<AdminSession> {
  const token = decodeToken((await cookies()).get(USER_TOKEN_COOKIE)?.value ?? '');
  if (!token) return { kind: 'visitor' };
  try {
    const user = await verifyUserToken(token);
    if (user.userType !== 'admin') return { kind: 'other', user };
    return { kind: 'staff', token, user, areas: areasFor(user.roles) };
  } catch (error) {
    if (error instanceof TokenRefused) return { kind: 'visitor' };
    throw error;
  }
}
