import { describe, expect, it } from 'vitest';
import { cookieAttributes, RENEWABLE_SESSION_HINT, SESSION_COOKIE_NAMES } from './session-cookies';

/** Issue 20 item 5: the refresh token, which lasts 3 days and makes new tokens, is never readable by scripts. */
describe('login cookie attributes', () => {
  it('keeps the refresh token from scripts and other sites: HttpOnly, SameSite=Strict', () => {
    expect(cookieAttributes('refreshToken', true)).toEqual({
      path: '/',
      sameSite: 'strict',
      secure: true,
      httpOnly: true,
    });
    expect(cookieAttributes('refreshToken', false)).toMatchObject({ httpOnly: true, secure: false });
  });

  it('leaves the cookies spec §7 reads in the browser readable, SameSite=Lax, Secure only in production', () => {
    for (const name of SESSION_COOKIE_NAMES.filter((n) => n !== 'refreshToken')) {
      expect(cookieAttributes(name, true), name).toEqual({
        path: '/',
        sameSite: 'lax',
        secure: true,
        httpOnly: false,
      });
      expect(cookieAttributes(name, false).secure, name).toBe(false);
    }
  });

  it('tells scripts that a session can be renewed through a readable cookie, not the refresh token', () => {
    expect(RENEWABLE_SESSION_HINT).not.toBe('refreshToken');
    expect(cookieAttributes(RENEWABLE_SESSION_HINT, true).httpOnly).toBe(false);
  });
});
