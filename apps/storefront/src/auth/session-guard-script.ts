import { RENEWABLE_SESSION_HINT, SESSION_COOKIE } from './session-cookies';

/** `document.documentElement.dataset` key (attribute `data-session`) of the login mark (`session-mark.ts`). */
export const SESSION_DATASET_KEY = 'session';

/** The mark's value for the seller's staff (`usrtype` admin in the token): buyer-only links hide. */
export const SELLER_SESSION_MARK = 'seller';

/**
 * Runs while the page is parsed, before the first paint: marks `<html>` when the browser holds login
 * cookies (`hasSessionCookies` in `session-mark.ts`, the same test), so the cached page shows the
 * logged-in variants from its first paint instead of "Log in" until React hydrates; the mark is `seller`
 * when the token is a seller user's (`sessionMarkOf`, the same reading), so the buyer's links (projects,
 * favourites), which would answer them 403, are not shown. A token that is not a readable JWT gives the
 * buyer's mark (the `catch` says so): the mark only picks which links show, and the server checks the
 * token on every call anyway.
 */
export const SESSION_GUARD_SCRIPT = `if(/(?:^|;\\s*)(?:${SESSION_COOKIE.token}=[^;\\s]|${RENEWABLE_SESSION_HINT}=)/.test(document.cookie)){var m='';try{var t=/(?:^|;\\s*)${SESSION_COOKIE.token}=([^;]*)/.exec(document.cookie);if(t&&JSON.parse(atob(t[1].split('.')[1].replace(/-/g,'+').replace(/_/g,'/'))).usrtype==='admin')m='${SELLER_SESSION_MARK}'}catch(e){m=''}document.documentElement.dataset.${SESSION_DATASET_KEY}=m}`;
