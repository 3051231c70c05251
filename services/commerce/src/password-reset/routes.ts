import type { Db } from '@catalogue/db';
import type { Hono } from 'hono';
import { z } from 'zod';
import { clientAddress } from '../auth/client-address';
import { findClient } from '../auth/identity-store';
import type { LoginThrottle } from '../auth/login-throttle';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { passwordSchema } from '../identity/buyer-users';
import { ResetLinkRefused } from './link';
import {
  checkCode,
  isSiteLocale,
  ResetRequestsExceeded,
  type ResetSettings,
  requestReset,
  resetWithCode,
} from './service';

const requestBody = z.object({
  ClientID: z.string().min(1).max(200),
  Email: z.email('must be an email address').max(320),
  Username: z.string().min(1).max(100).nullish(),
  URL: z.string().max(2048).nullish(),
  Locale: z
    .string()
    .refine(isSiteLocale, { error: "must be one of the site's locales (en-US, fr-CA, …)" })
    .nullish(),
});

const redeemBody = z.object({
  ClientID: z.string().min(1).max(200),
  Username: z.string().min(1).max(100),
  Password: passwordSchema,
});

const invalidCode = (message: string) => ApiError.of(400, 'PasswordReset.InvalidCode', message);

/**
 * Forgotten passwords, without a token (service.ts): `POST /v1/password/reset` answers 204 whether or not
 * an account has the address (429 when the requester asked too often, 400 for a URL off the client's
 * origins); `GET /v1/password/reset/{code}?ClientID=` (our addition) tells a reset page whether a code
 * still works and for which username; `PUT /v1/password/reset/{code}` sets the password.
 */
export function mountPasswordReset(
  app: Hono<CommerceEnv>,
  db: Db,
  settings: ResetSettings,
  logins: LoginThrottle,
): void {
  app.post('/v1/password/reset', async (c) => {
    const body = await readBody(c.req.raw, requestBody);
    const client = await findClient(db, body.ClientID);
    if (!client?.active) throw ApiError.of(400, 'InvalidClientID', 'Unknown or inactive ClientID.');
    try {
      await requestReset(db, settings, {
        client,
        email: body.Email,
        username: body.Username ?? null,
        url: body.URL ?? null,
        locale: body.Locale ?? null,
        requester: clientAddress(c),
      });
    } catch (error) {
      if (error instanceof ResetLinkRefused) {
        throw ApiError.of(400, 'PasswordReset.InvalidURL', error.message, { Property: 'URL' });
      }
      if (error instanceof ResetRequestsExceeded) {
        throw ApiError.of(429, 'TooManyRequests', error.message).withHeaders({
          'retry-after': String(error.retryAfterSeconds),
        });
      }
      throw error;
    }
    return c.body(null, 204);
  });

  app.get('/v1/password/reset/:code', async (c) => {
    const clientId = new URL(c.req.url).searchParams.get('ClientID') ?? '';
    const entry = await checkCode(db, c.req.param('code'), clientId);
    if (!entry) throw invalidCode('The reset code is invalid, used or expired.');
    return c.json({ Username: entry.username, ExpiresAt: entry.expiresAt.toISOString() });
  });

  app.put('/v1/password/reset/:code', async (c) => {
    const body = await readBody(c.req.raw, redeemBody);
    const done = await resetWithCode(db, logins, {
      code: c.req.param('code'),
      clientId: body.ClientID,
      username: body.Username,
      password: body.Password,
      requester: clientAddress(c),
    });
    if (!done) throw invalidCode('The reset code is invalid, used, expired or not for this user.');
    return c.body(null, 204);
  });
}
