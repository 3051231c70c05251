'use server';

import { redirect } from 'next/navigation';
import { isLocaleCode } from '../../routing/locale-codes';
import { localizedPath } from '../../routing/locales';
import { adminSession } from '../admin-session';
import { AdminCallError } from '../commerce-calls';
import { setRoleVerified } from './customer-directory';

const ID = /^[\w.@-]{1,100}$/;
const RETURN_PATHS = new Set(['/admin/customers/verification', '/admin/customers/company']);

/**
 * Verifies or withdraws a buyer user's job role (a server action: Next refuses a cross-site post, and the
 * button works without JavaScript). It acts with the signed-in user's token, so the commerce service
 * checks BuyerUserAdmin and records the change in the audit trail; the page then says what happened.
 */
export async function setRoleVerifiedAction(
  locale: string,
  buyerId: string,
  userId: string,
  verified: boolean,
  returnTo: string,
): Promise<void> {
  if (!isLocaleCode(locale) || !ID.test(buyerId) || !ID.test(userId) || !RETURN_PATHS.has(returnTo)) {
    throw new Error('role verification: bad arguments');
  }
  const back =
    returnTo === '/admin/customers/company'
      ? localizedPath(locale, `/admin/customers/${encodeURIComponent(buyerId)}`)
      : localizedPath(locale, returnTo);
  const session = await adminSession();
  if (session.kind !== 'staff') redirect(`${back}?refused=session`);
  try {
    await setRoleVerified(session.token, buyerId, userId, verified);
  } catch (error) {
    if (!(error instanceof AdminCallError)) throw error;
    redirect(`${back}?refused=${error.status === 403 ? 'role' : 'failed'}`);
  }
  redirect(`${back}?${verified ? 'verified' : 'withdrawn'}=${encodeURIComponent(userId)}`);
}
