import { testDriver } from '@catalogue/db/testing';
import {
  Addresses,
  Auth,
  CostCenters,
  Me,
  SpendingAccounts,
  Tokens,
  UserGroups,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUYER_PASSWORD, commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`/me through the SDK on ${testDriver()}`, () => {
  commerceForTests();
  beforeAll(async () => {
    // Company-level address, a cost center for a group, a spending account for one user.
    await loginAs('admin');
    await Addresses.Create('ACME-US', {
      ID: 'hq',
      Street1: '1 Main St',
      City: 'Chicago',
      Country: 'US',
      AddressName: 'HQ',
    });
    await Addresses.SaveAssignment('ACME-US', { AddressID: 'hq', IsShipping: true, IsBilling: false });
    await UserGroups.Create('ACME-US', { ID: 'site-team', Name: 'Site team' });
    await UserGroups.SaveUserAssignment('ACME-US', { UserGroupID: 'site-team', UserID: 'engineer' });
    await CostCenters.Create('ACME-US', { ID: 'cc-site', Name: 'Site works' });
    await CostCenters.SaveAssignment('ACME-US', { CostCenterID: 'cc-site', UserGroupID: 'site-team' });
    await SpendingAccounts.Create('ACME-US', { ID: 'sa-1', Name: 'Tools budget', Balance: 250.5 });
    await SpendingAccounts.SaveAssignment('ACME-US', { SpendingAccountID: 'sa-1', UserID: 'engineer' });
  });

  it('edits the profile with merged xp and keeps the username unique', async () => {
    await loginAs('engineer');
    const patched = await Me.Patch({ xp: { Phone: { mobile: '555' } }, FirstName: 'Erin' });
    expect(patched).toMatchObject({
      FirstName: 'Erin',
      xp: { JobTitle: 'Engineer', RoleVerified: 'true', Phone: { mobile: '555' } },
    });
    const taken = await refusal(Me.Patch({ Username: 'prefab' }));
    expect(taken.errorCode).toBe('User.UsernameMustBeUnique');
    expect((await Me.Get()).Username).toBe('engineer');
  });

  it('never lets users verify their own role (xp.RoleVerified is locked for self-service)', async () => {
    await loginAs('newbie');
    const selfVerify = await refusal(Me.Patch({ xp: { JobTitle: 'PreFab3DUser', RoleVerified: 'true' } }));
    expect(selfVerify.status).toBe(403);
    expect(selfVerify.errorCode).toBe('InsufficientAccess');
    expect((await Me.Get()).xp).toEqual({});
    const viaPut = await refusal(
      Me.Save({
        Username: 'newbie',
        FirstName: 'Tyler',
        LastName: 'Brooks',
        Email: 'newbie@acme-electrical.example',
        Active: true,
        xp: { RoleVerified: 'yes' },
      }),
    );
    expect(viaPut.status).toBe(403);

    await loginAs('prefab');
    // Other xp stays the user's own; leaving the locked field out keeps it, even through PUT.
    expect((await Me.Patch({ xp: { GivenName: 'Rosie' } })).xp).toMatchObject({
      RoleVerified: 'true',
      GivenName: 'Rosie',
    });
    const me = await Me.Get();
    const saved = await Me.Save({ ...me, xp: { JobTitle: 'PreFab3DUser' } });
    expect(saved.xp).toEqual({ JobTitle: 'PreFab3DUser', RoleVerified: 'true' });
    expect((await refusal(Me.Patch({ xp: { RoleVerified: null } }))).status).toBe(403);

    // A verified role is verified as that role: renaming it through self-service is refused, and a PUT
    // that leaves it out keeps it (issue 22 item 16: the account page shows it read-only).
    await loginAs('engineer');
    const promote = await refusal(Me.Patch({ xp: { JobTitle: 'PreFab3DUser' } }));
    expect(promote.status).toBe(403);
    expect(promote.errorCode).toBe('InsufficientAccess');
    const engineer = await Me.Get();
    expect(engineer.xp).toMatchObject({ JobTitle: 'Engineer', RoleVerified: 'true' });
    expect((await Me.Save({ ...engineer, xp: {} })).xp).toMatchObject({ JobTitle: 'Engineer' });
    await loginAs('newbie');
    expect((await Me.Patch({ xp: { JobTitle: 'Contractor' } })).xp).toEqual({ JobTitle: 'Contractor' });

    const anon = await Auth.Anonymous('storefront');
    Tokens.SetAccessToken(anon.access_token);
    const register = await refusal(
      Me.Register(
        {
          Username: 'self-verified',
          Password: 'Self#2026x',
          FirstName: 'S',
          LastName: 'V',
          Email: 'sv@x.example',
          xp: { RoleVerified: 'true' },
        },
        { anonUserToken: anon.access_token },
      ),
    );
    expect(register.status).toBe(403);
  });

  it('changes the password and revokes refresh tokens', async () => {
    const auth = await Auth.Login('newbie', BUYER_PASSWORD, 'storefront');
    Tokens.SetAccessToken(auth.access_token);
    const weak = await refusal(Me.ResetPasswordByToken({ NewPassword: 'short' }));
    expect(weak.status).toBe(400);
    await Me.ResetPasswordByToken({ NewPassword: 'NewSecret#2027' });
    expect((await refusal(Auth.RefreshToken(auth.refresh_token, 'storefront'))).errorCode).toBe(
      'InvalidRefreshToken',
    );
    expect((await refusal(Auth.Login('newbie', BUYER_PASSWORD, 'storefront'))).errorCode).toBe(
      'InvalidUsernameOrPassword',
    );
    expect((await Auth.Login('newbie', 'NewSecret#2027', 'storefront')).access_token).toBeTruthy();
  });

  it('lists what the user was given through company, group and user assignments', async () => {
    await loginAs('engineer');
    expect((await Me.ListUserGroups()).Items.map((g) => g.ID)).toContain('site-team');
    expect((await Me.ListCostCenters()).Items.map((c) => c.ID)).toEqual(['cc-site']);
    const accounts = await Me.ListSpendingAccounts();
    expect(accounts.Items).toEqual([expect.objectContaining({ ID: 'sa-1', Balance: 250.5 })]);
    expect((await Me.GetSpendingAccount('sa-1')).Name).toBe('Tools budget');
    await loginAs('employee');
    expect((await Me.ListCostCenters()).Items).toEqual([]);
    expect((await refusal(Me.GetSpendingAccount('sa-1'))).status).toBe(404);
  });

  it('keeps personal addresses and credit cards personal, and shows company ones too', async () => {
    await loginAs('employee');
    await Me.CreateAddress({ ID: 'home', Street1: '9 Elm St', City: 'Evanston', Country: 'US' });
    expect((await Me.ListAddresses({ sortBy: ['ID'] })).Items.map((a) => a.ID)).toEqual(['home', 'hq']);
    expect((await refusal(Me.PatchAddress('hq', { City: 'Nowhere' }))).status).toBe(404);
    await Me.CreateCreditCard({
      ID: 'visa',
      CardType: 'Visa',
      PartialAccountNumber: '4242',
      CardholderName: 'E. Mployee',
    });
    const badCard = await refusal(
      Me.CreateCreditCard({ CardType: 'Visa', PartialAccountNumber: '4242424242424242' }),
    );
    expect(badCard.status).toBe(400);
    await loginAs('engineer');
    expect((await Me.ListAddresses()).Items.map((a) => a.ID)).toEqual(['hq']);
    expect((await Me.ListCreditCards()).Items).toEqual([]);
    expect((await refusal(Me.GetAddress('home'))).status).toBe(404);
  });
});
