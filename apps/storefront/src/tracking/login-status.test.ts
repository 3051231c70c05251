import { describe, expect, it } from 'vitest';
import { loginStatusFromToken, userTypeOf } from './login-status';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function token(claims: unknown): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

describe('loginStatusFromToken', () => {
  it('is logged in while exp is more than 10 s away', () => {
    expect(loginStatusFromToken(token({ exp: NOW / 1000 + 3600, usr: 'buyer01' }), NOW)).toBe('logged in');
    expect(loginStatusFromToken(token({ exp: NOW / 1000 + 11 }), NOW)).toBe('logged in');
  });

  it('counts a token as expired 10 s before exp', () => {
    expect(loginStatusFromToken(token({ exp: NOW / 1000 + 10 }), NOW)).toBe('logged out');
    expect(loginStatusFromToken(token({ exp: NOW / 1000 + 9 }), NOW)).toBe('logged out');
    expect(loginStatusFromToken(token({ exp: NOW / 1000 - 60 }), NOW)).toBe('logged out');
  });

  it('treats missing and malformed tokens as logged out', () => {
    for (const value of [
      undefined,
      null,
      '',
      'not-a-jwt',
      'a.b',
      'a.%%%.c',
      `x.${Buffer.from('not json').toString('base64url')}.y`,
      token({ sub: 'no exp' }),
      token({ exp: 'tomorrow' }),
      token([1, 2]),
      token(null),
    ]) {
      expect(loginStatusFromToken(value, NOW), String(value)).toBe('logged out');
    }
  });

  it('reads payloads with non-ASCII claims', () => {
    expect(loginStatusFromToken(token({ exp: NOW / 1000 + 600, name: 'Zoë Müller' }), NOW)).toBe('logged in');
  });
});

describe('userTypeOf', () => {
  it('calls a logged-in visitor a buyer user', () => {
    expect(userTypeOf('logged in')).toBe('buyer user');
    expect(userTypeOf('logged out')).toBe('logged out');
  });
});
