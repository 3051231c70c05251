import type { Db } from '@catalogue/db';
import { addresses } from '@catalogue/db/schema';
import { and, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../auth/claims';
import { rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import { addressBody, addressColumns, addressResource } from '../identity/buyer-resources';
import { assignedToMe } from '../me/assigned';

const wire = addressResource(rolesFor('AddressAdmin', 'AddressReader'));

/**
 * A saved address an order's sender may use: one of their own (`/me/addresses`) or a company address
 * assigned to them, their group or their company. Returned as the snapshot the order keeps.
 */
export async function senderAddress(
  tx: Db,
  sender: Principal,
  addressId: string,
  property: string,
): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.companyType, sender.companyType),
        eq(addresses.companyId, sender.companyId),
        eq(addresses.id, addressId),
        or(
          eq(addresses.ownerUserId, sender.userId),
          and(eq(addresses.ownerUserId, ''), assignedToMe(sender, 'address', addresses.id)),
        ),
      ),
    )
    .limit(1);
  if (!row) {
    throw ApiError.of(
      404,
      'NotFound',
      `Address ${addressId} not found among the addresses this buyer may use.`,
      {
        ObjectType: 'Address',
        ObjectID: addressId,
        Property: property,
      },
    );
  }
  return wire.wireOne(tx, row as Record<string, unknown>);
}

/** An address given whole (`PUT …/billto`, `…/shipto`): a saved one by ID, or a one-off address. */
export async function givenAddress(
  tx: Db,
  sender: Principal,
  body: z.infer<typeof addressBody>,
  property: string,
): Promise<Record<string, unknown>> {
  if (body.ID && !sender.anonymous) {
    const saved = await senderAddress(tx, sender, body.ID, property).catch(() => null);
    if (saved) return saved;
  }
  const snapshot: Record<string, unknown> = { ID: body.ID ?? null, DateCreated: null };
  for (const key of Object.keys(addressColumns)) {
    if (key === 'ID' || key === 'DateCreated') continue;
    snapshot[key] = (body as Record<string, unknown>)[key] ?? (key === 'xp' ? {} : null);
  }
  return snapshot;
}

export { addressBody };
