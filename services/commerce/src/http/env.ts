import type { Principal } from '../auth/claims';
import type { FoldedTokenCheck } from '../auth/token-state';

/**
 * Hono's typed context of the commerce service: the authenticated caller of a /v1 request, and the
 * client's address as the per-address limits count it (`auth/client-address.ts`); the request's own token
 * check when its route folds it into its first statement (`auth/middleware.ts`).
 */
export interface CommerceEnv {
  Variables: { principal: Principal; clientAddress: string; tokenCheck: FoldedTokenCheck | undefined };
}
