import { type RoleFacts, tokenRoles } from '../auth/role-gate';

export { prefabAccess } from '../auth/role-gate';

/** The user's roles (from the token) and job role (getUserDetails); null when the token is refused. */
export async function roleFacts(token: string): Promise<RoleFacts | null> {
  const answer = await fetch('/api/ordercloud/Buyer/getUserDetails', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: encodeURIComponent(token) }),
  });
  if (!answer.ok) return null;
  const details = (await answer.json()) as { JobTitle?: string; RoleVerified?: boolean } | '';
  if (!details) return null;
  return {
    roles: tokenRoles(token),
    jobTitle: details.JobTitle ?? '',
    roleVerified: details.RoleVerified === true,
  };
}
