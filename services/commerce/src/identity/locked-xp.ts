import { ApiError } from '../http/api-error';

/**
 * User xp fields only an administrator may set (COMMERCE_SELF_SERVICE_LOCKED_XP, default `RoleVerified`):
 * the storefront opens role-gated tools on `xp.RoleVerified`, so a user must not verify themselves
 * through PUT/PATCH /me or PUT /me/register. Our addition to OrderCloud, where MeXpAdmin may write any
 * of one's own xp. A self-service write keeps the stored value of a locked field when it leaves the field
 * out, and is refused when it would change it.
 */
export function keepLockedXp(
  locked: readonly string[],
  stored: Record<string, unknown>,
  next: Record<string, unknown>,
  explicit: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const result = { ...next };
  for (const key of locked) {
    const wanted = explicit && Object.hasOwn(explicit, key) ? explicit[key] : undefined;
    const before = stored[key];
    if (wanted !== undefined && JSON.stringify(wanted) !== JSON.stringify(before ?? null))
      throw lockedError(key);
    if (before === undefined) delete result[key];
    else result[key] = before;
  }
  return result;
}

/**
 * The locked fields of one user's self-service write: `locked`, plus `JobTitle` while a locked
 * `RoleVerified` is set — the verification is of that role (the storefront opens the prefab tool to a
 * verified PreFab3DUser), so a verified Engineer must not rename themselves into another role.
 */
export function lockedFor(locked: readonly string[], stored: Record<string, unknown>): readonly string[] {
  const verified = stored.RoleVerified;
  const isVerified = verified !== undefined && verified !== null && verified !== '' && verified !== false;
  return locked.includes('RoleVerified') && isVerified && !locked.includes('JobTitle')
    ? [...locked, 'JobTitle']
    : locked;
}

export function lockedError(key: string): ApiError {
  return ApiError.of(403, 'InsufficientAccess', `xp.${key} is set by an administrator, not by the user.`, {
    Field: `xp.${key}`,
  });
}

export function parseLockedXp(value: string): string[] {
  return value
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}
