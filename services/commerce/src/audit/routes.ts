import type { Db } from '@catalogue/db';
import type { Hono } from 'hono';
import type { CommerceEnv } from '../http/env';
import { validate } from '../http/validation';
import { parseListParams } from '../list/params';
import { listHistory } from './service';
import { auditQueryOptions } from './wire';

/**
 * `GET /v1/audit` (our extension, docs/audit-trail.md): the audit trail in OrderCloud's list grammar —
 * filters on ObjectType, ObjectID, ParentID, Locale, Action, Date (ranges: `Date=>2026-01-01`) and
 * `Actor.UserID` (…), paging, sortBy (newest first by default) — plus `include=snapshots`.
 */
export function mountAudit(app: Hono<CommerceEnv>, db: Db): void {
  app.get('/v1/audit', async (c) => {
    const query = new URL(c.req.url).searchParams;
    const include = [...query].find(([key]) => key.toLowerCase() === 'include')?.[1];
    const options = validate({ include }, auditQueryOptions);
    const params = parseListParams(query, ['include']);
    const snapshots = options.include?.includes('snapshots') ?? false;
    return c.json(await listHistory(db, c.get('principal'), { params, snapshots }));
  });
}
