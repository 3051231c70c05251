/**
 * Who may open the prefab tool (spec §4, §6): a user with the company-employee role (a custom role in
 * the token), or a user whose job role is verified and is PreFab3DUser. Another verified role gets the
 * user-role modal, an unverified user the role-verification modal, a visitor the unauthenticated modal.
 */

export const COMPANY_EMPLOYEE_ROLE = 'CompanyEmployee';
export const PREFAB_ROLE = 'PreFab3DUser';

export type PrefabAccess = 'open' | 'unauthenticated' | 'verify-role' | 'role-not-permitted';

export interface RoleFacts {
  /** The roles of the user's token (`role` claim). */
  roles: readonly string[];
  /** xp.JobTitle. */
  jobTitle: string;
  /** xp.RoleVerified present and not empty. */
  roleVerified: boolean;
}

export function prefabAccess(user: RoleFacts | null): PrefabAccess {
  if (!user) return 'unauthenticated';
  if (user.roles.includes(COMPANY_EMPLOYEE_ROLE)) return 'open';
  if (!user.roleVerified) return 'verify-role';
  return user.jobTitle === PREFAB_ROLE ? 'open' : 'role-not-permitted';
}

/** The `role` claim of a token, read without verifying it: it only decides which modal the page shows. */
export function tokenRoles(token: string): string[] {
  const payload = token.split('.')[1];
  if (!payload) return [];
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    const role = claims.role;
    if (Array.isArray(role)) return role.filter((r): r is string => typeof r === 'string');
    return typeof role === 'string' ? [role] : [];
  } catch {
    return [];
  }
}
