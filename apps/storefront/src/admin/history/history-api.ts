import { callService } from '@catalogue/service-kit/shared';
import { AdminCallError } from '../commerce-calls';

/**
 * An object's history from the commerce service's audit trail (`GET /v1/audit`, our extension in
 * OrderCloud's list style: docs/audit-trail.md), newest first, with the signed-in user's token: the
 * service lets a user read the history of what their role may read. The SDK has no such resource, so
 * this is a plain request in its wire format.
 */

export interface AuditChange {
  Property: string;
  Before: unknown;
  After: unknown;
}

export interface AuditEvent {
  ID: string;
  ObjectType: string;
  ObjectID: string;
  Locale: string | null;
  Action: 'create' | 'update' | 'delete';
  Actor: { UserID: string; Username: string; UserType: string; ImpersonatedBy: string | null } | null;
  Date: string;
  Changes: AuditChange[];
}

export const HISTORY_PAGE_SIZE = 20;

export async function objectHistory(
  token: string,
  objectType: string,
  objectId: string,
): Promise<{ items: AuditEvent[]; total: number }> {
  const query = new URLSearchParams({
    ObjectType: objectType,
    ObjectID: objectId,
    pageSize: String(HISTORY_PAGE_SIZE),
  });
  const answer = await callService('commerce', `/v1/audit?${query}`, {
    method: 'GET',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const body = (await answer.json().catch(() => null)) as {
    Items?: AuditEvent[];
    Meta?: { TotalCount?: number };
    Errors?: { Message?: string; ErrorCode?: string }[];
  } | null;
  if (!answer.ok) {
    const first = body?.Errors?.[0];
    throw new AdminCallError(
      first?.Message ?? `The history could not be read (${answer.status}).`,
      answer.status,
      first?.ErrorCode ?? 'Unknown',
    );
  }
  return { items: body?.Items ?? [], total: body?.Meta?.TotalCount ?? 0 };
}
