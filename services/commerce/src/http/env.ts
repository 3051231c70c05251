import type { Principal } from '../auth/claims';

/** Hono's typed context of the commerce service: the authenticated caller of a /v1 request. */
export interface CommerceEnv {
  Variables: { principal: Principal };
}
