import { readCookie } from '../browser/cookies';
import { loginStatusFromToken, USER_TOKEN_COOKIE } from '../tracking/login-status';

/**
 * Whether the visitor is logged in right now (spec §4: a UserToken that is present and not within 10 s
 * of its expiry). Read at the moment of the click, in the browser: pages are the same for everyone.
 */
export function loggedInNow(): boolean {
  return loginStatusFromToken(readCookie(USER_TOKEN_COOKIE), Date.now()) === 'logged in';
}
