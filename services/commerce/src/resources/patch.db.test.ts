import { testDriver } from '@catalogue/db/testing';
import { AdminUsers, Me, SecurityProfiles, Users } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs } from '../testing/sdk';

/** PATCH changes the properties it names and nothing else, whatever defaults the whole object has. */
describe(`PATCH keeps what it does not name on ${testDriver()}`, () => {
  commerceForTests({ skus: 20 });

  it('keeps a security profile’s roles when only its name changes', async () => {
    await loginAs('admin');
    await SecurityProfiles.Create({ ID: 'patch-profile', Name: 'Before', Roles: ['ProductReader'] });
    const patched = await SecurityProfiles.Patch('patch-profile', { Name: 'After' });
    expect(patched.Roles).toEqual(['ProductReader']);
    expect((await SecurityProfiles.Get('patch-profile')).Roles).toEqual(['ProductReader']);
  });

  it('keeps users’ names and email when another property changes', async () => {
    await loginAs('admin');
    const user = await Users.Create('ACME-US', {
      ID: 'patch-user',
      Username: 'patch-user',
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Email: 'ada@example.com',
      Active: true,
    });
    const patched = await Users.Patch('ACME-US', user.ID as string, { Phone: '555-0100' });
    expect([patched.FirstName, patched.LastName, patched.Email]).toEqual([
      'Ada',
      'Lovelace',
      'ada@example.com',
    ]);
    const admin = await AdminUsers.Create({
      Username: 'patch-admin',
      FirstName: 'Grace',
      LastName: 'Hopper',
      Email: 'g@example.com',
      Active: true,
    });
    expect((await AdminUsers.Patch(admin.ID as string, { Active: false })).FirstName).toBe('Grace');
    await loginAs('engineer');
    const me = await Me.Get();
    const after = await Me.Patch({ Phone: '555-0199' });
    expect([after.FirstName, after.LastName, after.Email]).toEqual([me.FirstName, me.LastName, me.Email]);
  });
});
