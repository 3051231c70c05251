import { type Db, queryRowsPrepared } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import type { ReadCache } from '../http/read-cache';
import type { Principal } from './claims';

/**
 * Whether a verified access token still speaks for its user: the user exists, is active in an active
 * company, has not had their tokens revoked since (the token's `tv` is the user's `token_version`), and
 * the session the token belongs to (`sid`) has not been logged out. Signatures are checked once per token
 * (`TokenService`); this runs on every request, so its answer is remembered under the identity generation
 * (`http/read-cache.ts`), which every change of users, companies and revoked sessions moves on at commit —
 * on every instance. Without the read cache it is one primary-key query per request.
 */

interface UserTokenState {
  found: boolean;
  version: number;
  usable: boolean;
  sessionRevoked: boolean;
}

const revoked = (message: string) => ApiError.of(401, 'InvalidToken', message);

export class TokenState {
  constructor(
    private readonly db: Db,
    private readonly cache: ReadCache | null,
  ) {}

  /**
   * Throws 401 InvalidToken when the principal's token no longer counts. `request` (the Hono context) lets
   * the request's later cached reads share the generations read here.
   */
  async assertCurrent(principal: Principal, request?: object): Promise<void> {
    const key = [
      'token-state',
      principal.companyType,
      principal.companyId,
      principal.userId,
      principal.sessionId ?? '',
    ].join('\u0000');
    const state = this.cache
      ? await this.cache.rememberValue(['identity'], key, () => this.read(principal), undefined, request)
      : await this.read(principal);
    if (!state.found) throw revoked('The user of this token no longer exists.');
    if (!state.usable) throw revoked('The user of this token is not active.');
    if (state.version !== principal.tokenVersion || state.sessionRevoked) {
      throw revoked('Access token has been revoked.');
    }
  }

  private async read(principal: Principal): Promise<UserTokenState> {
    // Every authenticated request asks this: prepared once per pooled connection (one shape).
    const [row] = await queryRowsPrepared<{ version: number; usable: boolean; session_revoked: boolean }>(
      this.db,
      sql`select u.token_version as version,
          u.active and case u.company_type
            when 'buyer' then coalesce((select b.active from buyers b where b.id = u.company_id), false)
            when 'supplier' then coalesce((select s.active from suppliers s where s.id = u.company_id), false)
            else true end as usable,
          exists (select 1 from refresh_tokens r
            where r.session_id = ${principal.sessionId}::uuid and r.revoked_at is not null) as session_revoked
        from users u
        where u.company_type = ${principal.companyType} and u.company_id = ${principal.companyId}
          and u.id = ${principal.userId}`,
    );
    if (!row) return { found: false, version: 0, usable: false, sessionRevoked: false };
    return {
      found: true,
      version: Number(row.version),
      usable: row.usable,
      sessionRevoked: row.session_revoked,
    };
  }
}
