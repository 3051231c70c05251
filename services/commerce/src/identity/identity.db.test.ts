import { testDriver } from '@catalogue/db/testing';
import { AdminUserGroups, AdminUsers, Buyers, Tokens, UserGroups, Users } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`buyers, users and user groups through the SDK on ${testDriver()}`, () => {
  commerceForTests();

  it('lets the administrator create, read, replace, patch, list and delete a buyer', async () => {
    await loginAs('admin');
    const created = await Buyers.Create({
      ID: 'TEST-BUYER',
      Name: 'Test Buyer',
      xp: { Region: 'US', nested: { a: 1 } },
    });
    expect(created).toMatchObject({
      ID: 'TEST-BUYER',
      Name: 'Test Buyer',
      Active: true,
      xp: { Region: 'US' },
    });
    expect(created.DateCreated).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const duplicate = await refusal(Buyers.Create({ ID: 'TEST-BUYER', Name: 'Again' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.errorCode).toBe('IdExists');

    const patched = await Buyers.Patch('TEST-BUYER', { xp: { nested: { b: 2 }, Region: null } });
    expect(patched.xp).toEqual({ Region: null, nested: { a: 1, b: 2 } });
    expect(patched.Name).toBe('Test Buyer');

    const replaced = await Buyers.Save('TEST-BUYER', { Name: 'Replaced' });
    expect(replaced).toMatchObject({ ID: 'TEST-BUYER', Name: 'Replaced', xp: {} });

    const generated = await Buyers.Create({ Name: 'No ID given' });
    expect(generated.ID).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const list = await Buyers.List({ search: 'replaced', sortBy: ['Name'] });
    expect(list.Items.map((b) => b.ID)).toEqual(['TEST-BUYER']);
    expect(list.Meta).toMatchObject({ Page: 1, PageSize: 20, TotalCount: 1, ItemRange: [1, 1] });
    const filtered = await Buyers.List({ filters: { ID: 'ACME-US|MAPLE-CA' }, sortBy: ['!ID'] });
    expect(filtered.Items.map((b) => b.ID)).toEqual(['MAPLE-CA', 'ACME-US']);

    await Buyers.Delete('TEST-BUYER');
    const gone = await refusal(Buyers.Get('TEST-BUYER'));
    expect(gone.status).toBe(404);
    expect(gone.errorCode).toBe('NotFound');
    expect(gone.errors?.[0]?.Data).toEqual({ ObjectType: 'Buyer', ObjectID: 'TEST-BUYER' });
  });

  it('lists every problem of a bad body and changes nothing', async () => {
    await loginAs('admin');
    const bad = await refusal(
      Buyers.Create({ ID: 'bad id!', Name: '', xp: { blob: 'x'.repeat(9000) } } as never),
    );
    expect(bad.status).toBe(400);
    const properties = bad.errors?.map((e) => (e.Data as { Property: string }).Property).sort();
    expect(properties).toEqual(['ID', 'Name', 'xp']);
    const missing = await refusal(Buyers.Create({} as never));
    expect(missing.errors?.[0]).toMatchObject({ ErrorCode: 'Required', Data: { Property: 'Name' } });
    expect((await Buyers.List({ filters: { ID: 'bad*' } })).Meta.TotalCount).toBe(0);
  });

  it('manages buyer users, hashing passwords and keeping usernames unique', async () => {
    await loginAs('admin');
    const user = await Users.Create('ACME-US', {
      ID: 'tester',
      Username: 'tester',
      Password: 'Secret#123',
      FirstName: 'Tess',
      LastName: 'Ter',
      Email: 'tess@acme.example',
      Active: true,
    });
    expect(user).toMatchObject({ ID: 'tester', CompanyID: 'ACME-US', Username: 'tester', Password: null });
    const taken = await refusal(
      Users.Create('MAPLE-CA', {
        Username: 'TESTER',
        FirstName: 'x',
        LastName: 'y',
        Email: '',
        Active: true,
      }),
    );
    expect(taken.status).toBe(409);
    expect(taken.errorCode).toBe('User.UsernameMustBeUnique');
    const weak = await refusal(
      Users.Create('ACME-US', {
        Username: 'weak',
        Password: 'short',
        FirstName: '',
        LastName: '',
        Email: 'nope',
        Active: true,
      }),
    );
    const weakProperties = weak.errors?.map((e) => (e.Data as { Property: string }).Property) ?? [];
    expect([...new Set(weakProperties)].sort()).toEqual(['Email', 'Password']);
    expect(weak.errors?.map((e) => e.Message)).toEqual(
      expect.arrayContaining(['Password must be at least 8 characters.', 'Password must contain a digit.']),
    );

    const users = await Users.List('ACME-US', { filters: { LastName: 'Ter' } });
    expect(users.Items.map((u) => u.ID)).toEqual(['tester']);
    expect((await refusal(Users.List('NO-SUCH-BUYER'))).errorCode).toBe('NotFound');

    const token = await loginAs('engineer');
    expect(token).toBeTruthy();
    // The new user can log in with the password set through the API.
    const { Auth } = await import('ordercloud-javascript-sdk');
    const auth = await Auth.Login('tester', 'Secret#123', 'storefront');
    expect(auth.access_token).toBeTruthy();

    await loginAs('admin');
    await Users.Delete('ACME-US', 'tester');
    expect((await refusal(Auth.Login('tester', 'Secret#123', 'storefront'))).errorCode).toBe(
      'InvalidUsernameOrPassword',
    );
  });

  it('manages user groups and their assignments', async () => {
    await loginAs('admin');
    await UserGroups.Create('ACME-US', { ID: 'estimators', Name: 'Estimators' });
    await UserGroups.SaveUserAssignment('ACME-US', { UserGroupID: 'estimators', UserID: 'engineer' });
    await UserGroups.SaveUserAssignment('ACME-US', { UserGroupID: 'estimators', UserID: 'engineer' });
    const assignments = await UserGroups.ListUserAssignments('ACME-US', { userGroupID: 'estimators' });
    expect(assignments.Items).toEqual([{ UserGroupID: 'estimators', UserID: 'engineer' }]);
    const unknownUser = await refusal(
      UserGroups.SaveUserAssignment('ACME-US', { UserGroupID: 'estimators', UserID: 'ca-buyer' }),
    );
    expect(unknownUser.errors?.[0]?.Data).toEqual({ ObjectType: 'User', ObjectID: 'ca-buyer' });
    await UserGroups.DeleteUserAssignment('ACME-US', 'estimators', 'engineer');
    expect((await UserGroups.ListUserAssignments('ACME-US', { userGroupID: 'estimators' })).Items).toEqual(
      [],
    );
    await UserGroups.SaveUserAssignment('ACME-US', { UserGroupID: 'estimators', UserID: 'newbie' });
    await UserGroups.Delete('ACME-US', 'estimators');
    expect((await UserGroups.ListUserAssignments('ACME-US', { userGroupID: 'estimators' })).Items).toEqual(
      [],
    );
  });

  it('manages admin users and admin user groups', async () => {
    await loginAs('admin');
    await AdminUsers.Create({
      ID: 'ops',
      Username: 'ops',
      FirstName: 'Op',
      LastName: 'S',
      Email: 'ops@example.com',
      Active: true,
    });
    await AdminUserGroups.Create({ ID: 'ops-team', Name: 'Operations' });
    await AdminUserGroups.SaveUserAssignment({ UserGroupID: 'ops-team', UserID: 'ops' });
    expect((await AdminUserGroups.ListUserAssignments({ userID: 'ops' })).Items).toEqual([
      { UserGroupID: 'ops-team', UserID: 'ops' },
    ]);
    expect(
      (await AdminUsers.List({ filters: { ID: 'ops|admin' }, sortBy: ['ID'] })).Items.map((u) => u.ID),
    ).toEqual(['admin', 'ops']);
  });

  it('keeps a buyer user inside their own company', async () => {
    await loginAs('admin');
    await Users.Patch('ACME-US', 'engineer', {});
    await loginAs('engineer');
    const own = await Buyers.List();
    expect(own.Items.map((b) => b.ID)).toEqual(['ACME-US']);
    expect((await refusal(Buyers.Get('MAPLE-CA'))).status).toBe(404);
    expect((await refusal(Buyers.Create({ Name: 'Mine now' }))).status).toBe(403);
    expect((await refusal(Buyers.Patch('MAPLE-CA', { Name: 'x' }))).status).toBe(403);
    const noRole = await refusal(Users.List('ACME-US'));
    expect(noRole.status).toBe(403);
    expect(noRole.errorCode).toBe('InsufficientRoles');
    expect(noRole.errors?.[0]?.Data).toMatchObject({
      SufficientRoles: expect.arrayContaining(['BuyerUserAdmin']),
    });
    expect((await refusal(AdminUsers.List())).status).toBe(403);
    Tokens.RemoveAccessToken();
  });
});
