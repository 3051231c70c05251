import { Auth, Configuration, type OrderCloudError, Tokens } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll } from 'vitest';
import { type CommerceUnderTest, startCommerce } from './commerce-server';

export const BUYER_PASSWORD = 'Buyer#2026';
export const ADMIN_PASSWORD = 'Admin#2026';

/** Points the official SDK (a process-wide singleton) at a commerce service. */
export function useCommerce(baseUrl: string, clientID = 'storefront'): void {
  Configuration.Set({ baseApiUrl: baseUrl, clientID });
}

/** Logs a demo user in and makes their token the SDK's current one; returns the token. */
export async function loginAs(username: string): Promise<string> {
  const auth =
    username === 'admin'
      ? await Auth.ElevatedLogin('admin-console-secret', 'admin', ADMIN_PASSWORD, 'admin-console')
      : await Auth.Login(username, BUYER_PASSWORD, 'storefront');
  Tokens.SetAccessToken(auth.access_token);
  return auth.access_token;
}

/** The OrderCloudError of a call that must fail. */
export async function refusal(promise: Promise<unknown>): Promise<OrderCloudError> {
  try {
    await promise;
  } catch (error) {
    if ((error as OrderCloudError).isOrderCloudError) return error as OrderCloudError;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

/**
 * For a test file: starts the service on a fresh database before the tests (and points the SDK at it),
 * closes it after them. Returns a getter for the running service.
 */
export function commerceForTests(options?: Parameters<typeof startCommerce>[0]): () => CommerceUnderTest {
  let commerce: CommerceUnderTest | undefined;
  beforeAll(async () => {
    commerce = await startCommerce(options);
    useCommerce(commerce.baseUrl);
  });
  afterAll(async () => {
    await commerce?.close();
  });
  return () => {
    if (!commerce) throw new Error('the commerce service has not started');
    return commerce;
  };
}
