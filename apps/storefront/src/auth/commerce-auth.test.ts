import { describe, expect, it } from 'vitest';
import { userDetailsOf } from './commerce-auth';

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
