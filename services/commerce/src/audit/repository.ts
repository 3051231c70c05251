import type { Db } from '@catalogue/db';
import { auditEvents } from '@catalogue/db/schema';
import { and, count, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { orderByClause, whereClause } from '../list/compile';
import type { ListParams } from '../list/params';
import { type ListPage, listMeta } from '../list/run';
import type { ListSchema } from '../list/schema';

export type AuditEventRow = typeof auditEvents.$inferSelect;

const actorField = (key: string) => ({
  expr: sql`(${auditEvents.actor} ->> ${sql.raw(`'${key}'`)})`,
  type: 'string' as const,
});

/** The trail as the list kernel sees it: the item's properties, the actor's by dotted path. */
export const AUDIT_LIST: ListSchema = {
  objectType: 'AuditEvent',
  fields: {
    ID: { expr: sql`${auditEvents.id}`, type: 'number' },
    ObjectType: { expr: sql`${auditEvents.objectType}`, type: 'string' },
    ObjectID: { expr: sql`${auditEvents.objectId}`, type: 'string' },
    ParentID: { expr: sql`${auditEvents.parentId}`, type: 'string' },
    Locale: { expr: sql`${auditEvents.locale}`, type: 'string' },
    Action: { expr: sql`${auditEvents.action}`, type: 'string' },
    Date: { expr: sql`${auditEvents.occurredAt}`, type: 'date' },
    'Actor.UserID': actorField('userId'),
    'Actor.Username': actorField('username'),
    'Actor.UserType': actorField('userType'),
    'Actor.CompanyID': actorField('companyId'),
    'Actor.ClientID': actorField('clientId'),
    'Actor.ImpersonatedBy': actorField('impersonatedBy'),
  },
  xp: null,
  searchOn: ['ObjectID'],
  defaultSort: ['!Date'],
  // The tie-break is the event's number, newest first (added below: the kernel's keys are text).
  keys: [],
};

/** Which object types a caller may read: every type, or these exact ones and (maybe) every content type. */
export type TypeScope = { all: true } | { exact: string[]; contentPrefix: string | null };

function scopeCondition(scope: TypeScope): SQL | undefined {
  if ('all' in scope) return undefined;
  const parts: SQL[] = [];
  if (scope.exact.length > 0) parts.push(inArray(auditEvents.objectType, scope.exact));
  if (scope.contentPrefix) parts.push(like(auditEvents.objectType, `${scope.contentPrefix}%`));
  return parts.length > 0 ? or(...parts) : sql`false`;
}

/** One page of the trail within the caller's types, filtered and sorted by the list's grammar. */
export async function pageOfEvents(
  db: Db,
  params: ListParams,
  scope: TypeScope,
): Promise<ListPage<AuditEventRow>> {
  const where = and(scopeCondition(scope), whereClause(AUDIT_LIST, params));
  const order = [...orderByClause(AUDIT_LIST, params), sql`${auditEvents.id} desc`];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(...order)
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  return { Items: rows, Meta: listMeta(params.page, params.pageSize, total, rows.length) };
}
