import { accountSession } from '../account/account-session';

export type QuoteSession =
  | { kind: 'buyer'; token: string; userId: string }
  | { kind: 'seller' }
  | { kind: 'supplier' }
  | { kind: 'renewable' }
  | { kind: 'visitor' };

/**
 * Who opens a quote page (force-dynamic pages only: it reads the UserToken cookie, verified as the account
 * page does). Buyers read their quotes; the seller's staff are sent to the sales desk; visitors to the
 * login page; a browser whose token expired but can renew it renews in the page.
 */
export async function quoteSession(): Promise<QuoteSession> {
  const session = await accountSession();
  if (session.kind !== 'user') return session;
  if (session.account === 'seller') return { kind: 'seller' };
  if (session.account === 'supplier') return { kind: 'supplier' };
  return { kind: 'buyer', token: session.token, userId: session.user.userId };
}
