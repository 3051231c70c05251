import { describe, expect, it } from 'vitest';
import { BuyerApiError } from './errors';
import { readUserToken } from './user-token';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function jwt(claims: unknown): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

function refusal(encoded: string | undefined): { status: number; code?: string; message: string } {
  try {
    readUserToken(encoded, NOW);
  } catch (error) {
    if (!(error instanceof BuyerApiError)) throw error;
    return { status: error.status, code: error.errors[0]?.ErrorCode, message: error.message };
  }
  throw new Error('expected a refusal');
}

describe('readUserToken', () => {
  it('URI-decodes the token and reads the user and expiry from it', () => {
    const token = jwt({ u: 'engineer', usr: 'engineer', exp: NOW / 1000 + 600 });
    const encoded = encodeURIComponent(token).replaceAll('.', '%2E');
    expect(readUserToken(encoded, NOW)).toEqual({ token, userId: 'engineer', expiresAt: NOW / 1000 + 600 });
    expect(readUserToken(token, NOW).token).toBe(token);
  });

  it('refuses a missing token with 401 NoToken', () => {
    expect(refusal(undefined)).toMatchObject({ status: 401, code: 'NoToken' });
    expect(refusal('')).toMatchObject({ status: 401, code: 'NoToken' });
  });

  it("refuses what cannot be decoded with 401 'Invalid token' (spec §8)", () => {
    for (const value of [
      'abc',
      'a.b',
      '%E0%A4%A',
      jwt(['u', 'x']),
      jwt({ exp: NOW / 1000 + 600 }),
      jwt({ u: '', exp: NOW / 1000 + 600 }),
      jwt({ u: 'x', exp: 'tomorrow' }),
      `${jwt({ u: 'x', exp: NOW / 1000 + 600 })}.extra`,
    ]) {
      expect(refusal(value), value).toEqual({ status: 401, code: 'InvalidToken', message: 'Invalid token' });
    }
  });

  it('counts a token as expired 10 s before exp (spec §4)', () => {
    expect(refusal(jwt({ u: 'x', exp: NOW / 1000 + 10 }))).toMatchObject({
      status: 401,
      code: 'ExpiredToken',
    });
    expect(refusal(jwt({ u: 'x', exp: NOW / 1000 - 3600 }))).toMatchObject({ code: 'ExpiredToken' });
    expect(readUserToken(jwt({ u: 'x', exp: NOW / 1000 + 11 }), NOW).userId).toBe('x');
  });
});
