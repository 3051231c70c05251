import type { Db } from '@catalogue/db';
import { buyers } from '@catalogue/db/schema';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { findUser } from '../auth/identity-store';
import { requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { userToWire } from '../identity/user-wire';

/** /v1/me: the current user (MeUser), with their company. */
export function mountMeRoutes(app: Hono<CommerceEnv>, db: Db): void {
  app.get('/v1/me', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['MeAdmin', 'Shopper', 'MeXpAdmin']);
    const user = await findUser(db, principal.companyType, principal.companyId, principal.userId);
    if (!user) throw ApiError.notFound('User', principal.userId);
    const { FailedLoginAttempts: _hidden, ...me } = userToWire(user, principal.roles);
    let company: Record<string, unknown> = {};
    if (principal.companyType === 'buyer') {
      const [buyer] = await db
        .select({ id: buyers.id, catalog: buyers.defaultCatalogId })
        .from(buyers)
        .where(eq(buyers.id, principal.companyId));
      company = { Buyer: { ID: buyer?.id ?? principal.companyId, DefaultCatalogID: buyer?.catalog ?? null } };
    } else if (principal.companyType === 'supplier') {
      company = { Supplier: { ID: principal.companyId } };
    } else {
      company = { Seller: { ID: '' } };
    }
    return c.json({ ...company, ...me });
  });
}
