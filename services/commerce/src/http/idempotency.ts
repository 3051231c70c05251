import { createHash } from 'node:crypto';
import { type Db, queryRows } from '@catalogue/db';
import { idempotencyKeys } from '@catalogue/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Principal } from '../auth/claims';
import { ApiError } from './api-error';
import type { CommerceEnv } from './env';

/**
 * `Idempotency-Key` on POST requests (issue 5, integrity): the first request with a key executes, and every
 * later request of the same caller with that key, for 24 hours, gets the first answer again (status and
 * body, plus `Idempotent-Replayed: true`) without executing. Semantics follow the IETF draft
 * "The Idempotency-Key HTTP Header Field":
 *
 * - the same key with a different request (method, path with query, body) → 422 `Idempotency.KeyReused`;
 * - the same key while the first request still runs → the second waits (up to `waitMs`) and replays the
 *   answer, or gets 409 `Idempotency.RequestInProgress`;
 * - a key the first request of which never finished (its server stopped between the action's commit and
 *   storing the answer) → 409 `Idempotency.OutcomeUnknown` once it is older than `abandonedAfterMs`;
 * - an invalid key (empty, over 255 characters, not printable ASCII) → 400 `Idempotency.InvalidKey`.
 *
 * How it stays exactly-once: before the action runs, a *pending* row (status 0) is inserted under the
 * primary key (caller, key) in its own statement. Only the request whose insert succeeded executes; any
 * other one with the key finds the row and waits, replays or is refused. The action's own transaction
 * commits its effects, then the answer is written into the row. The window between those two commits is
 * where a crash leaves the row pending: the action is then never executed a second time for that key (the
 * client is told `Idempotency.OutcomeUnknown` and reads the resource's state), which is the safe side.
 * (Writing the answer inside the action's transaction is impossible from a middleware: the handlers build
 * their answer after their transaction has committed.) Every answer the handler produced is stored,
 * refusals included, as Stripe does; only an exception that escaped even the error handler leaves no answer,
 * and the pending row is then removed so that a retry executes.
 *
 * The caller is the user and company of the token (an anonymous shopper: their token's order ID). Rows
 * older than 24 hours are pruned (at most once a minute per instance, and on reuse of an expired key).
 */
export interface IdempotencyOptions {
  /** How long a replay is offered. */
  ttlMs?: number;
  /** How long a concurrent request with the same key waits for the first one's answer. */
  waitMs?: number;
  /** After how long a pending row is taken as abandoned. */
  abandonedAfterMs?: number;
}

const PENDING = 0;
const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The caller a key belongs to. */
export function idempotencyCaller(principal: Principal): string {
  const who = principal.anonymous ? `anon:${principal.anonymousOrderId ?? ''}` : principal.userId;
  return JSON.stringify([principal.companyType, principal.companyId, who]);
}

export function idempotency(db: Db, options: IdempotencyOptions = {}): MiddlewareHandler<CommerceEnv> {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const waitMs = options.waitMs ?? 10_000;
  const abandonedAfterMs = options.abandonedAfterMs ?? 120_000;
  const ttl = sql`make_interval(secs => ${ttlMs / 1000})`;
  let lastPrune = 0;

  const prune = async () => {
    const now = Date.now();
    if (now - lastPrune < 60_000) return;
    lastPrune = now;
    await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${ttl}`);
  };

  /** Inserts the pending row; true when this request owns the key. */
  const claim = async (caller: string, key: string, requestHash: string) => {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ caller, key, requestHash, status: PENDING, body: '' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return inserted.length > 0;
  };

  const current = async (caller: string, key: string) => {
    const [row] = await queryRows<{
      request_hash: string;
      status: number;
      body: string;
      expired: boolean;
      age_ms: number;
    }>(
      db,
      sql`select request_hash, status, body, created_at < now() - ${ttl} as expired,
            (extract(epoch from now() - created_at) * 1000)::float8 as age_ms
          from idempotency_keys where caller = ${caller} and key = ${key}`,
    );
    return row;
  };

  return async (c, next) => {
    const key = c.req.header(HEADER);
    if (key === undefined || c.req.method !== 'POST') return next();
    if (!KEY_PATTERN.test(key)) {
      throw ApiError.of(
        400,
        'Idempotency.InvalidKey',
        'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.',
        { Property: 'Idempotency-Key' },
      );
    }
    const caller = idempotencyCaller(c.get('principal'));
    const url = new URL(c.req.url);
    const body = new Uint8Array(await c.req.raw.clone().arrayBuffer());
    const requestHash = createHash('sha256')
      .update(`${c.req.method} ${url.pathname}${url.search}\n`)
      .update(body)
      .digest('hex');
    await prune();

    const started = Date.now();
    for (;;) {
      if (await claim(caller, key, requestHash)) break;
      const row = await current(caller, key);
      if (!row) continue; // removed in between (failed or pruned): try to claim it again
      if (row.expired) {
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.caller, caller),
              eq(idempotencyKeys.key, key),
              sql`${idempotencyKeys.createdAt} < now() - ${ttl}`,
            ),
          );
        continue;
      }
      if (row.request_hash !== requestHash) {
        throw ApiError.of(
          422,
          'Idempotency.KeyReused',
          `Idempotency-Key "${key}" was used for a different request (method, path or body) in the last 24 hours.`,
          { Property: 'Idempotency-Key' },
        );
      }
      if (row.status !== PENDING) {
        return new Response(row.body === '' ? null : row.body, {
          status: row.status,
          headers: {
            ...(row.body === '' ? {} : { 'content-type': 'application/json' }),
            'idempotent-replayed': 'true',
          },
        });
      }
      if (row.age_ms > abandonedAfterMs) {
        throw ApiError.of(
          409,
          'Idempotency.OutcomeUnknown',
          `The first request with Idempotency-Key "${key}" did not finish; check the state of what it changed and retry with a new key.`,
          { Property: 'Idempotency-Key' },
        );
      }
      if (Date.now() - started > waitMs) {
        throw ApiError.of(
          409,
          'Idempotency.RequestInProgress',
          `A request with Idempotency-Key "${key}" is still being processed; retry later.`,
          { Property: 'Idempotency-Key' },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    try {
      await next();
    } catch (error) {
      // Nothing answered (an error escaped even the error handler): let a retry execute.
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.caller, caller),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.status, PENDING),
          ),
        );
      throw error;
    }
    // 503: the database refused the work for a while (`unavailable.ts`), which its transaction did not
    // commit; the key is released so that the client's retry with it executes instead of replaying 503.
    if (c.res.status === 503) {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.caller, caller),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.status, PENDING),
          ),
        );
      return;
    }
    // The handler answered (its effects, if any, are committed): store the answer. Should this fail, the
    // row stays pending and the key is never executed again (Idempotency.OutcomeUnknown).
    const text = c.res.status === 204 ? '' : await c.res.clone().text();
    await db
      .update(idempotencyKeys)
      .set({ status: c.res.status, body: text })
      .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
  };
}
