import { testDriver } from '@catalogue/db/testing';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import {
  Auth,
  Certs,
  Configuration,
  Me,
  type OrderCloudError,
  Tokens,
  UserInfo,
} from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceUnderTest, startCommerce } from '../testing/commerce-server';

const BUYER_PASSWORD = 'Buyer#2026';

async function refusal(promise: Promise<unknown>): Promise<OrderCloudError> {
  try {
    await promise;
  } catch (error) {
    if ((error as OrderCloudError).isOrderCloudError) return error as OrderCloudError;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe(`OAuth through the official SDK on ${testDriver()}`, () => {
  let commerce: CommerceUnderTest;
  beforeAll(async () => {
    commerce = await startCommerce({
      config: { COMMERCE_LOGIN_FREE_ATTEMPTS: 3 },
    });
    Configuration.Set({ baseApiUrl: commerce.baseUrl, clientID: 'storefront' });
  });
  afterAll(async () => {
    await commerce?.close();
  });

  it.each([
    ['employee', 'ACME-US'],
    ['prefab', 'ACME-US'],
    ['engineer', 'ACME-US'],
    ['newbie', 'ACME-US'],
    ['eu-buyer', 'NORD-EU'],
    ['ca-buyer', 'MAPLE-CA'],
  ])('logs in the demo buyer %s and serves /me', async (username, company) => {
    const auth = await Auth.Login(username, BUYER_PASSWORD, 'storefront');
    expect(auth.token_type).toBe('bearer');
    expect(auth.expires_in).toBe(30 * 60);
    expect(auth.refresh_token).toEqual(expect.any(String));
    const header = decodeProtectedHeader(auth.access_token);
    expect(header).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    const claims = decodeJwt(auth.access_token);
    expect(claims).toMatchObject({
      usr: username,
      cid: 'storefront',
      u: username,
      usrtype: 'buyer',
      cmp: company,
    });
    expect(claims.exp).toBe((claims.nbf as number) + 30 * 60);
    expect(claims.role).toEqual(expect.arrayContaining(['Shopper', 'MeAdmin']));

    Tokens.SetAccessToken(auth.access_token);
    const me = await Me.Get();
    expect(me).toMatchObject({
      ID: username,
      Username: username,
      CompanyID: company,
      Buyer: { ID: company },
    });
    expect(me.Password).toBeNull();
    expect(JSON.stringify(me)).not.toContain('scrypt');
  });

  it('logs a buyer in by email address when no username matches it', async () => {
    const auth = await Auth.Login('EU-Buyer@nordlicht-elektro.example', BUYER_PASSWORD, 'storefront');
    expect(decodeJwt(auth.access_token)).toMatchObject({ usr: 'eu-buyer', cmp: 'NORD-EU' });
    const unknown = await refusal(
      Auth.Login('nobody@nordlicht-elektro.example', BUYER_PASSWORD, 'storefront'),
    );
    expect(unknown.errorCode).toBe('InvalidUsernameOrPassword');
    const wrong = await refusal(Auth.Login('eu-buyer@nordlicht-elektro.example', 'not-it', 'storefront'));
    expect(wrong.errorCode).toBe('InvalidUsernameOrPassword');
  });

  it('carries the custom role of the company employee and the job title of the prefab user', async () => {
    const employee = decodeJwt((await Auth.Login('employee', BUYER_PASSWORD, 'storefront')).access_token);
    expect(employee.role).toContain('CompanyEmployee');
    const prefab = await Auth.Login('prefab', BUYER_PASSWORD, 'storefront');
    Tokens.SetAccessToken(prefab.access_token);
    expect((await Me.Get()).xp).toMatchObject({ JobTitle: 'PreFab3DUser', RoleVerified: 'true' });
  });

  it('grants only requested roles the user holds, as a bare string when there is one', async () => {
    const auth = await Auth.Login('engineer', BUYER_PASSWORD, 'storefront', ['Shopper', 'FullAccess']);
    expect(decodeJwt(auth.access_token).role).toBe('Shopper');
  });

  it('logs the seller administrator in with elevated login and with client credentials', async () => {
    const elevated = await Auth.ElevatedLogin('admin-console-secret', 'admin', 'Admin#2026', 'admin-console');
    expect(decodeJwt(elevated.access_token)).toMatchObject({
      usr: 'admin',
      usrtype: 'admin',
      role: 'FullAccess',
      cmp: '',
    });
    const machine = await Auth.ClientCredentials('admin-console-secret', 'admin-console');
    expect(decodeJwt(machine.access_token)).toMatchObject({
      usr: 'admin',
      cid: 'admin-console',
      role: 'FullAccess',
    });
    Tokens.SetAccessToken(machine.access_token);
    expect(await Me.Get()).toMatchObject({ ID: 'admin', Seller: { ID: '' } });
    const wrongSecret = await refusal(Auth.ClientCredentials('nope', 'admin-console'));
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.errorCode).toBe('InvalidClientSecret');
  });

  it('refuses the seller administrator on the buyer client', async () => {
    const error = await refusal(Auth.Login('admin', 'Admin#2026', 'storefront'));
    expect(error.errorCode).toBe('ApiClientNotAssigned');
  });

  it('logs the seller administrator in on the sales inbox client, which serves no buyer', async () => {
    const seller = await Auth.Login('admin', 'Admin#2026', 'sales-inbox');
    expect(decodeJwt(seller.access_token)).toMatchObject({
      usr: 'admin',
      usrtype: 'admin',
      cid: 'sales-inbox',
    });
    expect(seller.refresh_token).toEqual(expect.any(String));
    const buyer = await refusal(Auth.Login('engineer', 'Buyer#2026', 'sales-inbox'));
    expect(buyer.errorCode).toBe('ApiClientNotAssigned');
    const anonymous = await refusal(Auth.Anonymous('sales-inbox'));
    expect(anonymous.status).toBe(400);
  });

  it('issues anonymous tokens through the template user, with an order id', async () => {
    const auth = await Auth.Anonymous('storefront', undefined, undefined, { anonuserid: 'visitor-42' });
    const claims = decodeJwt(auth.access_token);
    expect(claims).toMatchObject({
      usr: 'anonymous-template',
      usrtype: 'buyer',
      orderid: 'visitor-42',
      cmp: 'PUBLIC-US',
    });
    expect(auth.refresh_token).toBeNull();
    const other = decodeJwt((await Auth.Anonymous('storefront')).access_token);
    expect(other.orderid).toEqual(expect.any(String));
    expect(other.orderid).not.toBe('visitor-42');
    const bad = await refusal(
      Auth.Anonymous('storefront', undefined, undefined, { anonuserid: 'no spaces please' }),
    );
    expect(bad.status).toBe(400);
    const noSecret = await refusal(Auth.Anonymous('admin-console'));
    expect(noSecret.errorCode).toBe('InvalidClientSecret');
  });

  it('refreshes an access token with the refresh token', async () => {
    const auth = await Auth.Login('engineer', BUYER_PASSWORD, 'storefront', ['Shopper', 'MeAdmin']);
    const refreshed = await Auth.RefreshToken(auth.refresh_token, 'storefront');
    expect(refreshed.access_token).not.toBe(auth.access_token);
    expect(refreshed.refresh_token).toBe(auth.refresh_token);
    expect(decodeJwt(refreshed.access_token).role).toEqual(['MeAdmin', 'Shopper']);
    Tokens.SetAccessToken(refreshed.access_token);
    expect((await Me.Get()).Username).toBe('engineer');
    const wrongClient = await refusal(Auth.RefreshToken(auth.refresh_token, 'admin-console'));
    expect(wrongClient.errorCode).toBe('InvalidRefreshToken');
    expect((await refusal(Auth.RefreshToken('made-up', 'storefront'))).errorCode).toBe('InvalidRefreshToken');
  });

  it('refuses wrong passwords, then makes that address wait (429 + Retry-After), known users or not', async () => {
    for (const username of ['newbie', 'ghost']) {
      for (let i = 0; i < 3; i++) {
        const wrong = await refusal(Auth.Login(username, 'wrong', 'storefront'));
        expect(wrong.status).toBe(400);
        expect(wrong.errorCode).toBe('InvalidUsernameOrPassword');
      }
      const waiting = await refusal(Auth.Login(username, BUYER_PASSWORD, 'storefront'));
      expect(waiting.status).toBe(429);
      expect(waiting.errorCode).toBe('TooManyRequests');
      expect(Number(waiting.response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('publishes the signing key, which verifies the tokens it signs', async () => {
    const auth = await Auth.Login('engineer', BUYER_PASSWORD, 'storefront');
    const { kid } = decodeProtectedHeader(auth.access_token);
    Tokens.SetAccessToken(auth.access_token);
    const jwk = await Certs.GetPublicKey(kid ?? '');
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid });
    expect(Object.keys(jwk).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    const { payload } = await jwtVerify(auth.access_token, await importJWK(jwk, 'RS256'));
    expect(payload.usr).toBe('engineer');
    expect((await refusal(Certs.GetPublicKey('unknown-kid'))).status).toBe(404);
  });

  it('answers userinfo with an identity token for the caller', async () => {
    Tokens.SetAccessToken((await Auth.Login('prefab', BUYER_PASSWORD, 'storefront')).access_token);
    const info = await UserInfo.GetToken();
    expect(info.expires_in).toBeGreaterThan(0);
    expect(decodeJwt(info.identity_token)).toMatchObject({ sub: 'prefab', usr: 'prefab', aud: 'storefront' });
  });

  it('refuses bad token requests without changing anything', async () => {
    const post = (body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(`${commerce.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': type }, body });
    const cases: [string, string, number, string][] = [
      [
        'grant_type=password&username=x&password=y',
        'application/x-www-form-urlencoded',
        400,
        'InvalidRequest',
      ],
      [
        'grant_type=password&client_id=nope&username=x&password=y',
        'application/x-www-form-urlencoded',
        400,
        'InvalidClientID',
      ],
      [
        'grant_type=magic&client_id=storefront',
        'application/x-www-form-urlencoded',
        400,
        'UnsupportedGrantType',
      ],
      ['{"grant_type":"password"}', 'application/json', 400, 'InvalidRequest'],
      [
        'grant_type=password&client_id=storefront&username=engineer',
        'application/x-www-form-urlencoded',
        400,
        'InvalidRequest',
      ],
    ];
    for (const [body, type, status, code] of cases) {
      const response = await post(body, type);
      expect(response.status, body).toBe(status);
      const json = await response.json();
      expect(json.Errors[0].ErrorCode, body).toBe(code);
      expect(json.error, body).toEqual(expect.any(String));
    }
  });
});

describe(`access tokens on ${testDriver()}`, () => {
  let commerce: CommerceUnderTest;
  let token = '';
  beforeAll(async () => {
    commerce = await startCommerce();
    Configuration.Set({ baseApiUrl: commerce.baseUrl, clientID: 'storefront' });
    token = (await Auth.Login('engineer', BUYER_PASSWORD, 'storefront')).access_token;
  });
  afterAll(async () => {
    await commerce?.close();
  });

  const me = (authorization?: string) =>
    fetch(`${commerce.baseUrl}/v1/me`, authorization ? { headers: { authorization } } : {});
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts a valid token', async () => {
    expect((await me(`Bearer ${token}`)).status).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['not a bearer', `Basic ${token}`],
    ['garbage', 'Bearer abc.def'],
  ])('refuses %s with 401 InvalidToken', async (_label, header) => {
    const response = await me(header);
    expect(response.status).toBe(401);
    expect((await response.json()).Errors[0].ErrorCode).toBe('InvalidToken');
  });

  it('refuses a token whose payload was changed (bad signature)', async () => {
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    const forged = `${h}.${b64({ ...payload, usr: 'admin', usrtype: 'admin', role: 'FullAccess' })}.${s}`;
    const response = await me(`Bearer ${forged}`);
    expect(response.status).toBe(401);
    expect((await response.json()).Errors[0].ErrorCode).toBe('InvalidToken');
  });

  it('refuses alg none', async () => {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    const response = await me(`Bearer ${none}`);
    expect(response.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { KeyStore } = await import('./keys');
    const { TokenService } = await import('./tokens');
    const tokens = new TokenService(new KeyStore(commerce.database.db), {
      issuer: 'catalogue-commerce',
      audience: 'catalogue-commerce-api',
    });
    const expired = await tokens.issue(
      {
        userId: 'engineer',
        username: 'engineer',
        userType: 'buyer',
        companyId: 'ACME-US',
        clientId: 'storefront',
        roles: ['MeAdmin'],
        tokenVersion: 0,
      },
      -30,
    );
    expect(decodeJwt(expired.token).exp).toBeLessThan(now);
    const response = await me(`Bearer ${expired.token}`);
    expect(response.status).toBe(401);
    expect((await response.json()).Errors[0].Message).toContain('expired');
  });
});
