import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  ApiClients,
  ApprovalRules,
  Auth,
  ForgottenCredentials,
  ImpersonationConfigs,
  Incrementors,
  Locales,
  Me,
  OpenIdConnects,
  SecurityProfiles,
  Tokens,
  Users,
  Webhooks,
  XpIndices,
} from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { BUYER_PASSWORD, commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`marketplace administration through the SDK on ${testDriver()}`, () => {
  const service = commerceForTests();

  it('assigns security profiles at company, group and user level, and tokens follow', async () => {
    await loginAs('admin');
    await SecurityProfiles.Create({
      ID: 'estimating',
      Name: 'Estimating',
      Roles: ['OrderReader'],
      CustomRoles: ['Estimator'],
    });
    const bad = await refusal(SecurityProfiles.Create({ Name: 'Bad', Roles: ['NotARole' as never] }));
    expect(bad.status).toBe(400);
    await SecurityProfiles.SaveAssignment({
      SecurityProfileID: 'estimating',
      BuyerID: 'ACME-US',
      UserID: 'engineer',
    });
    const levels = await SecurityProfiles.ListAssignments({ securityProfileID: 'estimating', level: 'User' });
    expect(levels.Items).toEqual([
      {
        SecurityProfileID: 'estimating',
        BuyerID: 'ACME-US',
        SupplierID: null,
        UserGroupID: null,
        UserID: 'engineer',
      },
    ]);
    const missingUser = await refusal(
      SecurityProfiles.SaveAssignment({
        SecurityProfileID: 'estimating',
        BuyerID: 'ACME-US',
        UserID: 'ghost',
      }),
    );
    expect(missingUser.errors?.[0]?.Data).toEqual({ ObjectType: 'User', ObjectID: 'ghost' });

    const engineer = decodeJwt((await Auth.Login('engineer', BUYER_PASSWORD, 'storefront')).access_token);
    expect(engineer.role).toEqual(expect.arrayContaining(['OrderReader', 'Estimator', 'Shopper']));
    const newbie = decodeJwt((await Auth.Login('newbie', BUYER_PASSWORD, 'storefront')).access_token);
    expect(newbie.role).not.toContain('Estimator');

    await SecurityProfiles.DeleteAssignment('estimating', { buyerID: 'ACME-US', userID: 'engineer' });
    const after = decodeJwt((await Auth.Login('engineer', BUYER_PASSWORD, 'storefront')).access_token);
    expect(after.role).not.toContain('Estimator');
  });

  it('manages API clients and their buyer assignments', async () => {
    await loginAs('admin');
    const client = await ApiClients.Create({
      ID: 'partner-app',
      AppName: 'Partner app',
      AccessTokenDuration: 60,
      Active: true,
    });
    expect(client).toMatchObject({ ID: 'partner-app', AssignedBuyerCount: 0, AllowAnyBuyer: false });
    expect((await refusal(Auth.Login('engineer', BUYER_PASSWORD, 'partner-app'))).errorCode).toBe(
      'ApiClientNotAssigned',
    );
    await ApiClients.SaveAssignment({ ApiClientID: 'partner-app', BuyerID: 'ACME-US' });
    expect((await ApiClients.Get('partner-app')).AssignedBuyerCount).toBe(1);
    const auth = await Auth.Login('engineer', BUYER_PASSWORD, 'partner-app');
    expect(auth.expires_in).toBe(3600);
    await loginAs('admin');
    await ApiClients.DeleteBuyerAssignment('partner-app', 'ACME-US');
    expect((await ApiClients.ListAssignments({ apiClientID: 'partner-app' })).Items).toEqual([]);
    const short = await refusal(ApiClients.Create({ AppName: 'x', AccessTokenDuration: 1 }));
    expect(short.errors?.[0]?.Data).toEqual({ Property: 'AccessTokenDuration' });
  });

  it('impersonates a buyer user, and the SDK sends the impersonation token with As()', async () => {
    await loginAs('admin');
    const impersonation = await Users.GetAccessToken('ACME-US', 'prefab', {
      ClientID: 'storefront',
      Roles: ['Shopper', 'MeAdmin'],
    });
    expect(decodeJwt(impersonation.access_token)).toMatchObject({
      usr: 'prefab',
      imp: 'admin',
      cmp: 'ACME-US',
    });
    Tokens.SetImpersonationToken(impersonation.access_token);
    expect((await Me.As().Get()).Username).toBe('prefab');
    expect((await Me.Get()).Username).toBe('admin');
    await loginAs('engineer');
    expect(
      (await refusal(Users.GetAccessToken('ACME-US', 'prefab', { ClientID: 'storefront' }))).status,
    ).toBe(403);
  });

  it('moves a user to another buyer and lists buyer users across buyers', async () => {
    await loginAs('admin');
    await Users.Create('ACME-US', {
      ID: 'mover',
      Username: 'mover',
      FirstName: 'M',
      LastName: 'Over',
      Email: '',
      Active: true,
    });
    const moved = await Users.Move('ACME-US', 'mover', 'MAPLE-CA', { orders: 'None' });
    expect(moved).toMatchObject({ ID: 'mover', CompanyID: 'MAPLE-CA' });
    const all = await Users.ListAcrossBuyers({ filters: { ID: 'mover|eu-buyer' }, sortBy: ['ID'] });
    expect(all.Items.map((u) => [u.ID, u.CompanyID])).toEqual([
      ['eu-buyer', 'NORD-EU'],
      ['mover', 'MAPLE-CA'],
    ]);
    expect((await refusal(Users.Move('MAPLE-CA', 'mover', 'NOWHERE'))).status).toBe(404);
    expect(
      (await refusal(Users.Move('MAPLE-CA', 'mover', 'ACME-US', { orders: 'Some' as never }))).status,
    ).toBe(400);
  });

  it('resets a forgotten password with an emailed code, queued in the outbox', async () => {
    Tokens.RemoveAccessToken();
    await ForgottenCredentials.SendVerificationCode({
      ClientID: 'storefront',
      Email: 'newbie@acme-electrical.example',
    });
    await ForgottenCredentials.SendVerificationCode({
      ClientID: 'storefront',
      Email: 'nobody@nowhere.example',
    });
    const queued = await queryRows<{ payload: { to: string; code: string } }>(
      service().database.db,
      sql`select payload from outbox where kind = 'email' order by id`,
    );
    expect(queued.map((q) => q.payload.to)).toEqual(['newbie@acme-electrical.example']);
    const code = queued[0]?.payload.code ?? '';
    const check = (value: string, clientId = 'storefront') =>
      fetch(`${service().baseUrl}/v1/password/reset/${encodeURIComponent(value)}?ClientID=${clientId}`);
    const good = await check(code);
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ Username: 'newbie', ExpiresAt: expect.any(String) });
    for (const bad of [await check('made-up'), await check(code, 'admin-console')]) {
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode).toBe(
        'PasswordReset.InvalidCode',
      );
    }
    const wrongUser = await refusal(
      ForgottenCredentials.ResetPasswordByVerificationCode(code, {
        ClientID: 'storefront',
        Username: 'engineer',
        Password: 'Fresh#2027x',
      }),
    );
    expect(wrongUser.errorCode).toBe('PasswordReset.InvalidCode');
    await ForgottenCredentials.ResetPasswordByVerificationCode(code, {
      ClientID: 'storefront',
      Username: 'newbie',
      Password: 'Fresh#2027x',
    });
    expect((await Auth.Login('newbie', 'Fresh#2027x', 'storefront')).access_token).toBeTruthy();
    const reused = await refusal(
      ForgottenCredentials.ResetPasswordByVerificationCode(code, {
        ClientID: 'storefront',
        Username: 'newbie',
        Password: 'Again#2027x',
      }),
    );
    expect(reused.errorCode).toBe('PasswordReset.InvalidCode');
    expect((await check(code)).status).toBe(400);
  });

  it('manages the marketplace configuration resources', async () => {
    await loginAs('admin');
    await Incrementors.Create({ ID: 'orders', Name: 'Order numbers', LastNumber: 1000, LeftPaddingCount: 6 });
    expect(await Incrementors.Patch('orders', { LastNumber: 1001 })).toMatchObject({
      LastNumber: 1001,
      LeftPaddingCount: 6,
    });
    await Locales.Create({ ID: 'fr-CA', Currency: 'CAD', Language: 'fr-CA' });
    await Locales.SaveAssignment({ LocaleID: 'fr-CA', BuyerID: 'MAPLE-CA' });
    expect((await Locales.ListAssignments({ buyerID: 'MAPLE-CA' })).Items).toEqual([
      { LocaleID: 'fr-CA', BuyerID: 'MAPLE-CA', UserGroupID: null },
    ]);
    await Locales.DeleteAssignment('fr-CA', { buyerID: 'MAPLE-CA' });
    expect((await refusal(Locales.Create({ Currency: 'dollars' }))).status).toBe(400);
    await Webhooks.Create({
      ID: 'orders-hook',
      Name: 'Orders',
      Url: 'https://hooks.example/orders',
      WebhookRoutes: [{ Route: 'v1/orders/{direction}/{orderID}/submit', Verb: 'POST' }],
    });
    expect((await Webhooks.Get('orders-hook')).WebhookRoutes).toHaveLength(1);
    await XpIndices.Put({ ThingType: 'Order', Key: 'regionName' });
    expect((await XpIndices.List()).Items).toEqual([{ ThingType: 'Order', Key: 'regionName' }]);
    await XpIndices.Delete('Order', 'regionName');
    await ImpersonationConfigs.Create({
      ID: 'support',
      SecurityProfileID: 'buyer-shopper',
      ClientID: 'storefront',
      BuyerID: 'ACME-US',
    });
    await OpenIdConnects.Create({
      ID: 'azure',
      OrderCloudApiClientID: 'storefront',
      ConnectClientID: 'abc',
      ConnectClientSecret: 'secret',
      AppStartUrl: 'https://catalogue.example/login',
      AuthorizationEndpoint: 'https://idp.example/authorize',
      TokenEndpoint: 'https://idp.example/token',
    });
    expect((await OpenIdConnects.List()).Meta.TotalCount).toBe(1);
    await ApprovalRules.Create('ACME-US', {
      ID: 'big-orders',
      ApprovingGroupID: 'acme-us-buyers',
      RuleExpression: 'order.Total > 5000',
    });
    const wrongGroup = await refusal(
      ApprovalRules.Create('ACME-US', { ApprovingGroupID: 'maple-ca-buyers', RuleExpression: 'true' }),
    );
    expect(wrongGroup.errors?.[0]?.Data).toEqual({ ObjectType: 'UserGroup', ObjectID: 'maple-ca-buyers' });
    await loginAs('engineer');
    expect((await refusal(Incrementors.List())).status).toBe(403);
    expect((await refusal(Webhooks.List())).status).toBe(403);
  });
});
