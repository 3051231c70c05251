import { describe, expect, it } from 'vitest';
import { prefabAccess, tokenRoles } from './role-gate';

const user = (roles: string[], jobTitle: string, roleVerified: boolean) => ({
  roles,
  jobTitle,
  roleVerified,
});

describe('prefab tool access (spec §4, §6)', () => {
  it('follows the table of roles', () => {
    expect(prefabAccess(null)).toBe('unauthenticated');
    expect(prefabAccess(user(['Shopper', 'CompanyEmployee'], '', false))).toBe('open');
    expect(prefabAccess(user(['Shopper'], 'PreFab3DUser', true))).toBe('open');
    expect(prefabAccess(user(['Shopper'], 'PreFab3DUser', false))).toBe('verify-role');
    expect(prefabAccess(user(['Shopper'], 'Engineer', true))).toBe('role-not-permitted');
    expect(prefabAccess(user(['Shopper'], '', false))).toBe('verify-role');
  });

  it('reads the role claim as an array or a bare string, and nothing from junk', () => {
    const token = (claims: unknown) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
    expect(tokenRoles(token({ role: ['Shopper', 'CompanyEmployee'] }))).toEqual([
      'Shopper',
      'CompanyEmployee',
    ]);
    expect(tokenRoles(token({ role: 'Shopper' }))).toEqual(['Shopper']);
    expect(tokenRoles(token({}))).toEqual([]);
    expect(tokenRoles('not-a-token')).toEqual([]);
    expect(tokenRoles('a.%%%.b')).toEqual([]);
  });
});
