import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { FoldedTokenCheck, type TokenState } from './token-state';
import type { TokenService } from './tokens';

/**
 * Every /v1 request needs `Authorization: Bearer <access token>` of a user whose tokens still count; the
 * principal is set for handlers. A request that `folds(method, path)` names reads whether the token
 * still counts in its own first statement (`FoldedTokenCheck`, in `tokenCheck`) when that is not cached.
 */
export function authenticate(
  tokens: TokenService,
  state: TokenState,
  folds: (method: string, path: string) => boolean = () => false,
): MiddlewareHandler<CommerceEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1])
      throw ApiError.of(401, 'InvalidToken', 'An access token is required: Authorization: Bearer <token>.');
    const principal = await tokens.verify(match[1]);
    if (state.foldable && folds(c.req.method, c.req.path)) {
      const check = new FoldedTokenCheck(state, principal);
      c.set('principal', principal);
      c.set('tokenCheck', check);
      await next();
      // A route that failed before its statement: its answer gives way to 401 if the token no longer counts.
      await check.ensure();
      return;
    }
    await state.assertCurrent(principal, c);
    c.set('principal', principal);
    await next();
  };
}
