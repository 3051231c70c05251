import type { Db } from '@catalogue/db';
import type { Principal } from '../auth/claims';
import { wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { ListParams } from '../list/params';
import type { ListPage } from '../list/run';
import { changesOf, snapshotOf } from './changes';
import {
  type AuditedType,
  auditedType,
  auditedTypeNames,
  CONTENT_PREFIX,
  readableTypes,
} from './object-types';
import { type AuditEventRow, pageOfEvents, type TypeScope } from './repository';
import type { AuditEventWire } from './wire';

export interface HistoryQuery {
  params: ListParams;
  /** Add each event's whole object before and after it (`include=snapshots`). */
  snapshots: boolean;
}

const ACTIONS = new Set(['create', 'update', 'delete']);

/**
 * The values a query asks for on `property` (case-insensitive): exact ones, and patterns (`product*`),
 * which are not checked one by one (the caller's types bound what they match). Negated values ask for
 * everything else and are not checked either.
 */
function filterValues(params: ListParams, property: string): { value: string; exact: boolean }[] {
  return params.filters
    .filter((term) => term.path.join('.').toLowerCase() === property.toLowerCase())
    .flatMap((term) => term.values)
    .filter((value) => !value.negate && (value.op === 'eq' || value.op === 'like'))
    .map((value) => ({ value: value.value, exact: value.op === 'eq' }));
}

/**
 * Who may read what: seller users only; FullAccess reads every type, anyone else the types whose reader
 * (or admin) role they hold (content: the ContentEditor and Merchandiser roles). Naming a type in the
 * query that the caller may not read is refused, as is naming a type the trail does not record.
 */
function authorize(principal: Principal, params: ListParams): TypeScope {
  if (principal.userType !== 'admin') {
    throw wrongUserType(principal.userType, ['admin'], 'Only marketplace users may read the audit trail.');
  }
  for (const { value, exact } of filterValues(params, 'ObjectType')) {
    if (exact && !auditedType(value.toLowerCase())) {
      throw ApiError.invalidRequest(
        `ObjectType ${JSON.stringify(value)} is not recorded by the audit trail: one of ${auditedTypeNames().join(', ')} or ${CONTENT_PREFIX}<type>.`,
        { Property: 'ObjectType', Value: value },
      );
    }
  }
  for (const { value, exact } of filterValues(params, 'Action')) {
    if (exact && !ACTIONS.has(value.toLowerCase())) {
      throw ApiError.invalidRequest(
        `Action must be create, update or delete (got ${JSON.stringify(value)}).`,
        {
          Property: 'Action',
          Value: value,
        },
      );
    }
  }
  const readable = readableTypes(principal.roles);
  if ('all' in readable) return readable;
  const refuse = (readers: readonly string[]) =>
    ApiError.of(403, 'InsufficientRoles', 'User does not have role(s) required to perform this action.', {
      SufficientRoles: [...new Set([...readers, 'FullAccess'])],
      AssignedRoles: principal.roles,
    });
  for (const { value, exact } of filterValues(params, 'ObjectType')) {
    const type = exact ? auditedType(value.toLowerCase()) : undefined;
    if (type && !type.readers.some((role) => principal.roles.includes(role))) throw refuse(type.readers);
  }
  if (readable.exact.length === 0 && !readable.content) {
    throw refuse(
      auditedTypeNames()
        .flatMap((name) => auditedType(name)?.readers ?? [])
        .concat(['ContentEditor', 'Merchandiser']),
    );
  }
  return { exact: readable.exact, contentPrefix: readable.content ? CONTENT_PREFIX : null };
}

function actorWire(actor: unknown): AuditEventWire['Actor'] {
  if (typeof actor !== 'object' || actor === null) return null;
  const a = actor as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const userType = a.userType === 'buyer' || a.userType === 'supplier' ? a.userType : 'admin';
  return {
    UserID: text(a.userId),
    Username: text(a.username),
    UserType: userType,
    CompanyID: text(a.companyId),
    ClientID: text(a.clientId),
    ImpersonatedBy: typeof a.impersonatedBy === 'string' ? a.impersonatedBy : null,
  };
}

type Row = Record<string, unknown>;

function eventWire(row: AuditEventRow, snapshots: boolean): AuditEventWire {
  const type: AuditedType | undefined = auditedType(row.objectType);
  const before = (row.before as Row | null) ?? null;
  const after = (row.after as Row | null) ?? null;
  const event: AuditEventWire = {
    ID: String(row.id),
    ObjectType: row.objectType,
    ObjectID: row.objectId,
    ParentID: row.parentId,
    Locale: row.locale,
    Action: row.action as AuditEventWire['Action'],
    Actor: actorWire(row.actor),
    Date: row.occurredAt.toISOString(),
    Changes: type ? changesOf(type, row.changed, before, after) : [],
  };
  if (snapshots && type) {
    event.Before = snapshotOf(type, before);
    event.After = snapshotOf(type, after);
  }
  return event;
}

/** One page of the trail, newest first unless sorted otherwise, as far as the caller may read it. */
export async function listHistory(
  db: Db,
  principal: Principal,
  query: HistoryQuery,
): Promise<ListPage<AuditEventWire>> {
  const scope = authorize(principal, query.params);
  const page = await pageOfEvents(db, query.params, scope);
  return { Items: page.Items.map((row) => eventWire(row, query.snapshots)), Meta: page.Meta };
}
