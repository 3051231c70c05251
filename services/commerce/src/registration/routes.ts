import type { Db } from '@catalogue/db';
import type { Hono } from 'hono';
import { clientAddress } from '../auth/client-address';
import type { RateLimiter } from '../auth/rate-limit';
import type { TokenService } from '../auth/tokens';
import type { VerificationSettings } from '../email-verification/settings';
import { localeField } from '../email-verification/site-links';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { passwordSchema, userBody } from '../identity/buyer-users';
import { register } from './service';

const registrationBody = userBody
  .omit({ ID: true, Active: true })
  .extend({ Password: passwordSchema, Locale: localeField });

/**
 * PUT /v1/me/register: an anonymous shopper registers into their visitors' company. OrderCloud answers
 * with an access token; here the account exists only once its address is confirmed, so the answer is 202
 * `{access_token: null}` — the same whether the address is new or already has an account (the mail says
 * which). Limited per client address (COMMERCE_REGISTER_RATE_PER_ADDRESS).
 */
export function mountRegistration(
  app: Hono<CommerceEnv>,
  db: Db,
  tokens: TokenService,
  options: { settings: VerificationSettings; visitors: RateLimiter; lockedXp: readonly string[] },
): void {
  app.put('/v1/me/register', async (c) => {
    const principal = c.get('principal');
    if (!principal.anonymous) {
      throw ApiError.of(
        400,
        'User.AlreadyRegistered',
        'Only an anonymous shopper can register: log out first.',
      );
    }
    const wait = options.visitors.hit(clientAddress(c));
    if (wait !== null)
      throw ApiError.tooManyRequests(`Too many registrations: try again in ${wait} s.`, wait);
    const anonUserToken = new URL(c.req.url).searchParams.get('anonUserToken');
    if (anonUserToken) {
      const anon = await tokens.verify(anonUserToken);
      if (!anon.anonymous)
        throw ApiError.of(400, 'InvalidToken', 'anonUserToken is not an anonymous shopper token.');
    }
    const body = await readBody(c.req.raw, registrationBody);
    await register(db, options.settings, principal.companyId, body, options.lockedXp);
    return c.json({ access_token: null }, 202);
  });
}
