import { NoticeDialog } from '../auth/notice-dialog';
import { type PrefabAccess, type RoleFacts, tokenRoles } from '../auth/role-gate';
import type { RoleModalTexts } from './product-toolbar';

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

/** Starts a download of a same-site file (its answer is an attachment, so the page stays). */
export function download(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The prefab button's refusal: the role-verification or the user-role modal. */
export function RoleRefusal({
  refused,
  texts,
  closeLabel,
  onClose,
}: {
  refused: { access: Exclude<PrefabAccess, 'open' | 'unauthenticated'>; role: string };
  texts: RoleModalTexts;
  closeLabel: string;
  onClose: () => void;
}) {
  return refused.access === 'verify-role' ? (
    <NoticeDialog
      title={texts.verifyTitle}
      message={texts.verifyMessage}
      link={{ href: texts.verifyHref, label: texts.verifyLink }}
      closeLabel={closeLabel}
      onClose={onClose}
    />
  ) : (
    <NoticeDialog
      title={texts.notPermittedTitle}
      message={texts.notPermittedMessage.replace('{role}', refused.role)}
      closeLabel={closeLabel}
      onClose={onClose}
    />
  );
}
