import type { AuditActor } from '@catalogue/db';
import type { CommerceUser } from '@catalogue/service-kit/commerce-token';

/**
 * Who makes a change, as the audit trail records it (`audit.actor`, docs/back-office-plan.md decision 3)
 * and as drafts, versions and schedules keep it (`saved_by`, `by`).
 */
export type Actor = AuditActor;

export function actorOf(user: CommerceUser): Actor {
  return {
    userId: user.userId,
    username: user.username,
    userType: user.userType,
    companyId: user.companyId,
    clientId: user.clientId,
    impersonatedBy: user.impersonatedBy,
  };
}
