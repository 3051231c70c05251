'use client';

import { lazy, Suspense } from 'react';
import type { AccountLinkHrefs, AccountLinkKey } from '../account/account-menu-links';
import { useSessionMark } from './session-mark';

export interface AccountMenuTexts {
  login: string;
  logout: string;
  account: string;
  /** With `{name}`. */
  loggedInAs: string;
  /** With `{role}`. */
  roleLabel: string;
  /** The menu's links (`account/account-menu-links.ts`): a buyer's, or the seller's staff's. */
  links: Record<AccountLinkKey, string>;
  /** The accessible name of the links' list. */
  linksLabel: string;
}

export interface AccountMenuProps {
  texts: AccountMenuTexts;
  /** The login page of this locale: the address without JavaScript, and the fallback. */
  loginHref: string;
  loginLocalesMapping: Readonly<Record<string, string>>;
  /** The addresses of the menu's links in this locale. */
  linkHrefs: AccountLinkHrefs;
}

const SessionMenu = lazy(() =>
  import('./account-session-menu').then((module) => ({ default: module.AccountSessionMenu })),
);

/**
 * The header's account control. Both variants are in the cached HTML and `<html data-session>` shows one
 * from the first paint (`session-mark.ts`): "Log in" for visitors, which asks POST /api/dynamicURL for the
 * login address of this page; for a browser with login cookies, an account button that becomes
 * `AccountSessionMenu` once its code has loaded (the user's name opening a small menu with their role and
 * "Log out", and the token's renewal). Visitors, most of the site's traffic, never load that code.
 */
export function AccountMenu(props: AccountMenuProps) {
  const withSession = useSessionMark();
  const placeholder = <AccountButton label={props.texts.account} />;
  return (
    <>
      <span className="when-visitor">
        <LoginLink {...props} />
      </span>
      <span className="when-user">
        {withSession ? (
          <Suspense fallback={placeholder}>
            <SessionMenu {...props} />
          </Suspense>
        ) : (
          placeholder
        )}
      </span>
    </>
  );
}

/** The account button before the user's session has been read: "Account", opening nothing yet. */
export function AccountButton({ label }: { label: string }) {
  return (
    <span className="account-menu">
      <button type="button" className="account-menu__button">
        {label}
      </button>
    </span>
  );
}

/** "Log in": the login page of this locale, or with JavaScript the address POST /api/dynamicURL gives. */
export function LoginLink({ texts, loginHref, loginLocalesMapping }: AccountMenuProps) {
  return (
    <a
      className="account-menu__login"
      href={loginHref}
      onClick={(event) => {
        event.preventDefault();
        void import('./account-navigation').then((module) =>
          module.goToAccountPage('login', loginLocalesMapping, loginHref),
        );
      }}
    >
      {texts.login}
    </a>
  );
}
