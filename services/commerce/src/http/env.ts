import type { Principal } from '../auth/claims';

/**
 * Hono's typed context of the commerce service: the authenticated caller of a /v1 request, and the
 * client's address as the per-address limits count it (`auth/client-address.ts`).
 */
export interface CommerceEnv {
  Variables: { principal: Principal; clientAddress: string };
}
