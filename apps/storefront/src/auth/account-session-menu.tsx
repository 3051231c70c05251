'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { menuLinksFor, menuUserKindOfToken } from '../account/account-menu-links';
import { AccountButton, type AccountMenuProps } from './account-menu';
import { goToAccountPage, msUntilRenewal } from './account-navigation';
import { type BrowserSession, freshSession } from './browser-session';
import { syncSessionMark } from './session-mark';

/**
 * The header's account control once the browser has login cookies (`AccountMenu` loads it): the user's
 * name opening a small menu with their role, their links (a buyer's account, projects and quote
 * requests; the seller's staff's account and sales inbox, never a buyer page that answers them 403) and
 * "Log out", or "Log in" when the session is gone. The token is renewed 10 s before it expires (spec §4);
 * when renewal fails the visitor is logged out.
 */
export function AccountSessionMenu({ texts, loginLocalesMapping, linkHrefs }: AccountMenuProps) {
  // undefined: not read yet; null: the session is over (the page then shows "Log in").
  const [session, setSession] = useState<BrowserSession | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const follow = async () => {
      const current = await freshSession();
      if (cancelled) return;
      setSession(current);
      // A renewed token may tell a seller from a buyer where only the refresh hint did not.
      syncSessionMark(current !== null);
      const wait = current ? msUntilRenewal(current.token) : null;
      if (wait !== null) timer = setTimeout(() => void follow(), Math.max(wait, 1000));
    };
    void follow();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);

  if (session === undefined) return <AccountButton label={texts.account} />;
  if (session === null) return null;
  const name = [session.firstName, session.lastName].filter(Boolean).join(' ') || session.email;
  return (
    <div className="account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">{texts.account}: </span>
        {session.firstName || name}
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__name">{texts.loggedInAs.replace('{name}', name)}</p>
        {session.role && (
          <p className="account-menu__role">{texts.roleLabel.replace('{role}', session.role)}</p>
        )}
        <ul className="account-menu__links" aria-label={texts.linksLabel}>
          {menuLinksFor(menuUserKindOfToken(session.token)).map((key) => (
            <li key={key} data-link={key}>
              <a href={linkHrefs[key]}>{texts.links[key]}</a>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="button button--secondary account-menu__logout"
          onClick={() => void goToAccountPage('logout', loginLocalesMapping, '/api/auth/logout')}
        >
          {texts.logout}
        </button>
      </div>
    </div>
  );
}
