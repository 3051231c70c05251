import { describe, expect, it } from 'vitest';
import {
  expiredSessionCookies,
  loginCookies,
  REFRESH_COOKIE_LIFETIME_MS,
  SESSION_COOKIE_NAMES,
} from './session-cookies';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const user = { email: 'rosa@acme.example', firstName: 'Rosa', lastName: 'Delgado', role: 'PreFab3DUser' };

describe('login cookies', () => {
  it('gives UserEmail, UserToken and UserLogin the token expiry and refreshToken 3 days', () => {
    const cookies = loginCookies({ accessToken: 'a.b.c', expiresIn: 600, refreshToken: 'r' }, user, now);
    const byName = Object.fromEntries(cookies.map((c) => [c.name, c]));
    for (const name of ['UserEmail', 'UserToken', 'UserLogin']) {
      expect(byName[name]?.expires.getTime()).toBe(now + 600_000);
    }
    expect(REFRESH_COOKIE_LIFETIME_MS).toBe(259_200_000);
    expect(byName.refreshToken).toEqual({
      name: 'refreshToken',
      value: 'r',
      expires: new Date(now + 259_200_000),
    });
    expect(byName.UserToken?.value).toBe('a.b.c');
    expect(byName.UserEmail?.value).toBe('rosa@acme.example');
    expect(byName.UserFirstName?.value).toBe('Rosa');
    expect(byName.UserLastName?.value).toBe('Delgado');
    expect(byName.UserRole?.value).toBe('PreFab3DUser');
    expect(byName.UserLogin?.value).toBe('true');
  });

  it('keeps the refresh cookie when a grant gives no refresh token', () => {
    const cookies = loginCookies({ accessToken: 't', expiresIn: 60, refreshToken: null }, user, now);
    expect(cookies.map((c) => c.name)).not.toContain('refreshToken');
  });

  it('expires every login cookie on logout', () => {
    const expired = expiredSessionCookies();
    expect(expired.map((c) => c.name).sort()).toEqual([...SESSION_COOKIE_NAMES].sort());
    for (const cookie of expired) expect(cookie.expires.getTime()).toBe(0);
  });
});
