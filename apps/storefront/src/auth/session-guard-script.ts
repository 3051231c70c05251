import { RENEWABLE_SESSION_HINT, SESSION_COOKIE } from './session-cookies';

/** `document.documentElement.dataset` key (attribute `data-session`) of the login mark (`session-mark.ts`). */
export const SESSION_DATASET_KEY = 'session';

/**
 * Runs while the page is parsed, before the first paint: marks `<html>` when the browser holds login
 * cookies (`hasSessionCookies` in `session-mark.ts`, the same test), so the cached page shows the
 * logged-in variants from its first paint instead of "Log in" until React hydrates.
 */
export const SESSION_GUARD_SCRIPT = `if(/(?:^|;\\s*)(?:${SESSION_COOKIE.token}=[^;\\s]|${RENEWABLE_SESSION_HINT}=)/.test(document.cookie))document.documentElement.dataset.${SESSION_DATASET_KEY}=''`;
