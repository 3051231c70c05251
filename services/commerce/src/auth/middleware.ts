import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import type { TokenState } from './token-state';
import type { TokenService } from './tokens';

/**
 * Every /v1 request needs `Authorization: Bearer <access token>` of a user whose tokens still count; the
 * principal is set for handlers.
 */
export function authenticate(tokens: TokenService, state: TokenState): MiddlewareHandler<CommerceEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1])
      throw ApiError.of(401, 'InvalidToken', 'An access token is required: Authorization: Bearer <token>.');
    const principal = await tokens.verify(match[1]);
    await state.assertCurrent(principal, c);
    c.set('principal', principal);
    await next();
  };
}
