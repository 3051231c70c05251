import { describe, expect, it } from 'vitest';
import { refusalOf, userDetailsOf } from './commerce-auth';

describe('user details', () => {
  it('shows JobTitle as the role and RoleVerified only when present and not empty', () => {
    expect(
      userDetailsOf({
        FirstName: 'Rosa',
        LastName: 'Delgado',
        xp: { JobTitle: 'PreFab3DUser', RoleVerified: 'true' },
      }),
    ).toEqual({
      FirstName: 'Rosa',
      LastName: 'Delgado',
      JobTitle: 'PreFab3DUser',
      GivenName: '',
      RoleVerified: true,
    });
    for (const verified of [undefined, null, '', '  ', false]) {
      expect(userDetailsOf({ xp: { JobTitle: 'Engineer', RoleVerified: verified } }).RoleVerified).toBe(
        false,
      );
    }
    expect(userDetailsOf({})).toEqual({
      FirstName: '',
      LastName: '',
      JobTitle: '',
      GivenName: '',
      RoleVerified: false,
    });
  });
});

describe('login refusals', () => {
  const failure = (status: number, code: string, headers: Record<string, string> = {}) => ({
    isOrderCloudError: true,
    status,
    errorCode: code,
    errors: [{ ErrorCode: code, Message: '', Data: null }],
    response: { headers },
  });

  it('tells wrong credentials, throttling (with its wait) and inactive users apart', () => {
    expect(refusalOf(failure(400, 'InvalidUsernameOrPassword'))).toEqual({ reason: 'credentials' });
    expect(refusalOf(failure(429, 'TooManyRequests', { 'retry-after': '42' }))).toEqual({
      reason: 'rate',
      retryAfterSeconds: 42,
    });
    expect(refusalOf(failure(429, 'TooManyRequests'))).toEqual({ reason: 'rate' });
    expect(refusalOf(failure(400, 'InactiveUser'))).toEqual({ reason: 'inactive' });
    expect(refusalOf(failure(500, 'InternalError'))).toEqual({ reason: 'unavailable' });
    expect(refusalOf(new Error('socket hang up'))).toEqual({ reason: 'unavailable' });
  });
});
