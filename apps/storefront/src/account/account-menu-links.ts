import type { LocaleCode } from '@catalogue/dataset/model';
import { localizedPath } from '../routing/locales';
import { tokenClaims } from '../tracking/login-status';

/**
 * The links of a user's menu (the header's account menu and the account page): buyers get their projects
 * and their quotes (`/quotes`, the sales team's answers to their submitted projects), the seller's staff the sales inbox (and later the back
 * office) — never a buyer page the commerce service would refuse them with 403. Suppliers' users get
 * only their account.
 */

export type MenuUserKind = 'seller' | 'buyer' | 'supplier';
export type AccountLinkKey = 'account' | 'projects' | 'quotes' | 'sales';

export interface AccountLinkHrefs {
  account: string;
  projects: string;
  /** The buyer's quotes (issue 23 item 5). */
  quotes: string;
  sales: string;
}

export function accountLinkHrefs(locale: LocaleCode): AccountLinkHrefs {
  const projects = localizedPath(locale, '/projects');
  return {
    account: localizedPath(locale, '/account'),
    projects,
    quotes: localizedPath(locale, '/quotes'),
    sales: localizedPath(locale, '/sales'),
  };
}

export function menuLinksFor(kind: MenuUserKind): AccountLinkKey[] {
  if (kind === 'seller') return ['account', 'sales'];
  if (kind === 'buyer') return ['account', 'projects', 'quotes'];
  return ['account'];
}

/** The user kind of an access token, read without verifying it: it only decides which links show. */
export function menuUserKindOfToken(token: string): MenuUserKind {
  const userType = tokenClaims(token)?.usrtype;
  return userType === 'admin' ? 'seller' : userType === 'supplier' ? 'supplier' : 'buyer';
}
