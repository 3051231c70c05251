import { testDriver } from '@catalogue/db/testing';
import { Buyers, Tokens, Users } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from './testing/sdk';

/** Each kind of error, as the official SDK's OrderCloudError presents it. */
describe(`OrderCloudError for each error kind on ${testDriver()}`, () => {
  const service = commerceForTests();

  it('reports each kind with its status, code and message', async () => {
    await loginAs('admin');
    const notFound = await refusal(Buyers.Get('NO-SUCH'));
    expect([notFound.status, notFound.errorCode, notFound.message]).toEqual([
      404,
      'NotFound',
      'Buyer NO-SUCH not found',
    ]);

    const exists = await refusal(Buyers.Create({ ID: 'ACME-US', Name: 'Again' }));
    expect([exists.status, exists.errorCode]).toEqual([409, 'IdExists']);
    expect(exists.errors?.[0]?.Data).toEqual({ ObjectType: 'Buyer', ObjectID: 'ACME-US' });

    const required = await refusal(Buyers.Create({} as never));
    expect([required.status, required.errorCode, required.message]).toEqual([
      400,
      'Required',
      'Name is required.',
    ]);

    const invalid = await refusal(Buyers.Patch('ACME-US', { Active: 'yes' as never }));
    expect([invalid.status, invalid.errorCode]).toEqual([400, 'ValidationFailure']);

    const property = await refusal(Buyers.List({ filters: { Colour: 'red' } }));
    expect([property.status, property.errorCode]).toEqual([400, 'List.InvalidProperty']);
    const sort = await refusal(Buyers.List({ sortBy: ['Colour' as never] }));
    expect(sort.errorCode).toBe('List.InvalidSortProperty');
    const pageSize = await refusal(Buyers.List({ pageSize: 500 }));
    expect(pageSize.errorCode).toBe('List.InvalidPageSize');

    await loginAs('engineer');
    const roles = await refusal(Users.List('ACME-US'));
    expect([roles.status, roles.errorCode]).toEqual([403, 'InsufficientRoles']);
    expect(roles.errors?.[0]?.Data).toMatchObject({ AssignedRoles: expect.arrayContaining(['Shopper']) });

    // The SDK refuses an undecodable token itself ("Invalid token"); a decodable one with a forged
    // signature reaches the service and is refused there.
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 600;
    Tokens.SetAccessToken(`${b64({ alg: 'RS256', kid: 'x' })}.${b64({ usr: 'admin', exp })}.forged`);
    const token = await refusal(Buyers.List());
    expect([token.status, token.errorCode]).toEqual([401, 'InvalidToken']);
  });

  it('answers unknown endpoints with a NotFound the SDK can read', async () => {
    const response = await fetch(`${service().baseUrl}/v2/anything`);
    expect(response.status).toBe(404);
    expect((await response.json()).Errors[0]).toEqual({
      ErrorCode: 'NotFound',
      Message: 'Endpoint GET /v2/anything not found',
      Data: { ObjectType: 'Endpoint', ObjectID: 'GET /v2/anything' },
    });
  });
});
