import type { Db } from '@catalogue/db';
import type { Hono } from 'hono';
import { z } from 'zod';
import { clientAddress } from '../auth/client-address';
import type { RateLimiter } from '../auth/rate-limit';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { confirmCode, describeCode, resendVerification } from './service';
import type { VerificationSettings } from './settings';
import { localeField } from './site-links';

/**
 * E-mail verification without a token (our addition; OrderCloud has none): what a mailed code is for,
 * confirming it, and a new link for an address. Mounted before authentication, like password reset.
 * `visitors` is registration's per-client-address limit, which asking for links shares.
 */
export function mountEmailVerification(
  app: Hono<CommerceEnv>,
  db: Db,
  settings: VerificationSettings,
  visitors: RateLimiter,
): void {
  app.post('/v1/email/verification', async (c) => {
    const body = await readBody(
      c.req.raw,
      z.object({ Email: z.email('must be an email address'), Locale: localeField }),
    );
    const wait = visitors.hit(clientAddress(c));
    if (wait !== null) throw ApiError.tooManyRequests(`Too many requests: try again in ${wait} s.`, wait);
    await resendVerification(db, settings, body.Email, body.Locale ?? null);
    return c.body(null, 204);
  });

  app.get('/v1/email/verification/:code', async (c) => c.json(await describeCode(db, c.req.param('code'))));

  app.post('/v1/email/verification/:code', async (c) => c.json(await confirmCode(db, c.req.param('code'))));
}
