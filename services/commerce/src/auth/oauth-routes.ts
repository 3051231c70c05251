import type { Db } from '@catalogue/db';
import type { Hono } from 'hono';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { findUser } from './identity-store';
import type { KeyStore } from './keys';
import { authenticate } from './middleware';
import type { TokenState } from './token-state';
import type { TokenService } from './tokens';

/** GET /oauth/certs/{kid} (public JWK) and GET /oauth/userinfo (an identity token for the caller). */
export function mountOAuthRoutes(
  app: Hono<CommerceEnv>,
  db: Db,
  keys: KeyStore,
  tokens: TokenService,
  state: TokenState,
): void {
  app.get('/oauth/certs/:kid', async (c) => {
    const found = await keys.publicKey(c.req.param('kid'));
    if (!found) throw ApiError.notFound('PublicKey', c.req.param('kid'));
    const { kty, n, e, alg, use, kid } = found.jwk;
    return c.json({ kty, n, e, alg: alg ?? 'RS256', use: use ?? 'sig', kid });
  });

  app.get('/oauth/userinfo', authenticate(tokens, state), async (c) => {
    const principal = c.get('principal');
    const user = await findUser(db, principal.companyType, principal.companyId, principal.userId);
    if (!user) throw ApiError.of(401, 'InvalidToken', 'The user of this token no longer exists.');
    const lifetime = Math.max(1, principal.expiresAt - Math.floor(Date.now() / 1000));
    const identity = await tokens.issueIdentity(
      {
        sub: user.id,
        usr: user.username,
        email: user.email,
        given_name: user.firstName,
        family_name: user.lastName,
        usrtype: principal.userType,
        cmp: principal.companyId,
      },
      principal.clientId,
      lifetime,
    );
    return c.json({ identity_token: identity, expires_in: lifetime });
  });
}
