import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import type { TokenService } from './tokens';

/** Every /v1 request needs `Authorization: Bearer <access token>`; the principal is set for handlers. */
export function authenticate(tokens: TokenService): MiddlewareHandler<CommerceEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1])
      throw ApiError.of(401, 'InvalidToken', 'An access token is required: Authorization: Bearer <token>.');
    c.set('principal', await tokens.verify(match[1]));
    await next();
  };
}
