import { testDriver } from '@catalogue/db/testing';
import {
  CommerceTokenVerifier,
  CommerceUnavailable,
  hasAnyRole,
  TokenRefused,
} from '@catalogue/service-kit/commerce-token';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs } from '../testing/sdk';

/** The verifier other services (content, search) use for the back office's tokens, against the real service. */
describe(`the commerce token verifier of other services on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  const verifier = () => new CommerceTokenVerifier({ baseUrl: commerce().baseUrl });

  it("answers a seller's and a buyer's token with their user, company and roles", async () => {
    const admin = await verifier().fromHeader(`Bearer ${await loginAs('admin')}`);
    expect(admin).toMatchObject({
      username: 'admin',
      userType: 'admin',
      companyId: '',
      clientId: 'admin-console',
    });
    expect(hasAnyRole(admin, ['ContentEditor'])).toBe(true);
    const buyer = await verifier().verify(await loginAs('employee'));
    expect(buyer).toMatchObject({ username: 'employee', userType: 'buyer', companyId: 'ACME-US' });
    expect(buyer.roles).toContain('CompanyEmployee');
    expect(hasAnyRole(buyer, ['ContentEditor', 'FullAccess'])).toBe(false);
  });

  it('refuses a missing, malformed, tampered or ended token', async () => {
    const check = verifier();
    await expect(check.fromHeader(undefined)).rejects.toThrow(TokenRefused);
    await expect(check.fromHeader('Basic abc')).rejects.toThrow(TokenRefused);
    await expect(check.verify('not.a.token')).rejects.toThrow(TokenRefused);
    const token = await loginAs('employee');
    const [head, body, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: ['FullAccess'] })).toString('base64url');
    await expect(check.verify(`${head}.${forged}.${signature}`)).rejects.toThrow(TokenRefused);
    await check.verify(token);
    const ended = await fetch(`${commerce().baseUrl}/v1/me/tokens`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status).toBe(204);
    await expect(check.verify(token)).rejects.toThrow('The session has ended');
  });

  it('tells an unreachable commerce service apart from a refused token', async () => {
    const token = await loginAs('employee');
    const unreachable = new CommerceTokenVerifier({ baseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.verify(token)).rejects.toThrow(CommerceUnavailable);
  });
});
