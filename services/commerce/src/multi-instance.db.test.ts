import { openDatabase } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceUnderTest, serveCommerce, startCommerce } from './testing/commerce-server';

/**
 * Scale-out: two instances of the service on one PostgreSQL database share signing keys and data. (PGlite
 * allows one process per data directory, so this runs on PostgreSQL only.)
 */
describe.runIf(testDriver() === 'postgres')('two commerce instances on one PostgreSQL', () => {
  let first: CommerceUnderTest;
  let second: Awaited<ReturnType<typeof serveCommerce>>;
  let secondDatabase: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    first = await startCommerce();
    secondDatabase = await openDatabase({ driver: 'postgres', url: first.database.url ?? '', poolSize: 3 });
    second = await serveCommerce(secondDatabase);
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  const token = async (base: string) => {
    const response = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'admin-console',
        client_secret: 'admin-console-secret',
        username: 'admin',
        password: 'Admin#2026',
      }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  };

  it('accepts on one instance the tokens the other issued, and reads what the other wrote', async () => {
    const fromFirst = await token(first.baseUrl);
    const fromSecond = await token(second.baseUrl);
    const headers = (t: string) => ({ authorization: `Bearer ${t}`, 'content-type': 'application/json' });
    const created = await fetch(`${first.baseUrl}/v1/buyers`, {
      method: 'POST',
      headers: headers(fromSecond),
      body: JSON.stringify({ ID: 'SCALE-OUT', Name: 'Written on the first instance' }),
    });
    expect(created.status).toBe(201);
    const read = await fetch(`${second.baseUrl}/v1/buyers/SCALE-OUT`, { headers: headers(fromFirst) });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { Name: string }).Name).toBe('Written on the first instance');
  });
});
