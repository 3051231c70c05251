import { type Db, queryRowsPrepared } from '@catalogue/db';
import { type SQL, sql } from 'drizzle-orm';
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
    assertCounts(principal, state);
  }

  private async read(principal: Principal): Promise<UserTokenState> {
    // Every authenticated request asks this: prepared once per pooled connection (one shape).
    const [row] = await queryRowsPrepared<{ state: StateRow | null }>(
      this.db,
      sql`select ${tokenStateSql(principal)} as state`,
    );
    return stateOf(row?.state ?? null);
  }

  /**
   * Whether a request may fold this check into its own first statement (`FoldedTokenCheck`): only when
   * the answer is not remembered, since then it costs a round trip of its own.
   */
  get foldable(): boolean {
    return this.cache === null;
  }

  /** Throws 401 InvalidToken unless `state` (the value of `tokenStateSql`) says the token counts. */
  judge(principal: Principal, state: StateRow | null): void {
    assertCounts(principal, stateOf(state));
  }
}

/** What `tokenStateSql` answers: null when the user does not exist. */
export interface StateRow {
  version: number;
  usable: boolean;
  session_revoked: boolean;
}

/**
 * A scalar subquery: the JSON object of the principal's user's token state (`StateRow`), or null when
 * the user no longer exists. Read alone by `TokenState`, or as one column of a request's own statement.
 */
export function tokenStateSql(principal: Principal): SQL {
  return sql`(select json_build_object('version', u.token_version,
      'usable', u.active and case u.company_type
        when 'buyer' then coalesce((select b.active from buyers b where b.id = u.company_id), false)
        when 'supplier' then coalesce((select s.active from suppliers s where s.id = u.company_id), false)
        else true end,
      'session_revoked', exists (select 1 from refresh_tokens r
        where r.session_id = ${principal.sessionId}::uuid and r.revoked_at is not null))
    from users u
    where u.company_type = ${principal.companyType} and u.company_id = ${principal.companyId}
      and u.id = ${principal.userId})`;
}

function stateOf(row: StateRow | null): UserTokenState {
  if (!row) return { found: false, version: 0, usable: false, sessionRevoked: false };
  return {
    found: true,
    version: Number(row.version),
    usable: row.usable,
    sessionRevoked: row.session_revoked,
  };
}

function assertCounts(principal: Principal, state: UserTokenState): void {
  if (!state.found) throw revoked('The user of this token no longer exists.');
  if (!state.usable) throw revoked('The user of this token is not active.');
  if (state.version !== principal.tokenVersion || state.sessionRevoked) {
    throw revoked('Access token has been revoked.');
  }
}

/**
 * The token check of one request whose route reads the token state in its own first statement
 * (`tokenStateSql` as a column, then `settle`), saving the check's round trip when nothing is cached.
 * The middleware runs the check after the route when the route did not settle it (e.g. it failed
 * earlier), so a revoked token never gets another answer than 401.
 */
export class FoldedTokenCheck {
  private settled = false;

  constructor(
    private readonly state: TokenState,
    readonly principal: Principal,
  ) {}

  sql(): SQL {
    return tokenStateSql(this.principal);
  }

  /** Judges the value the request's statement read; throws 401 InvalidToken when the token no longer counts. */
  settle(value: StateRow | null): void {
    this.settled = true;
    this.state.judge(this.principal, value);
  }

  /** After the route: the check itself, unless the route settled it. */
  async ensure(): Promise<void> {
    if (!this.settled) await this.state.assertCurrent(this.principal);
  }
}
