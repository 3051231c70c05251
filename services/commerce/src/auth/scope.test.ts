import { describe, expect, it } from 'vitest';
import { grantedRoles } from './scope';

describe('granted roles', () => {
  const assigned = ['BuyerReader', 'MeAdmin', 'Shopper', 'CompanyEmployee'];
  it('grants everything assigned when no scope is requested', () => {
    expect(grantedRoles(undefined, assigned)).toEqual(assigned);
    expect(grantedRoles('', assigned)).toEqual(assigned);
    expect(grantedRoles('undefined', assigned)).toEqual(assigned);
  });
  it('grants only requested roles the user holds', () => {
    expect(grantedRoles('Shopper FullAccess', assigned)).toEqual(['Shopper']);
    expect(grantedRoles('undefined CompanyEmployee', assigned)).toEqual(['CompanyEmployee']);
    expect(grantedRoles('FullAccess', assigned)).toEqual([]);
  });
});
