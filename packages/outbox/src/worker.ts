import { type Database, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { backoffSeconds } from './backoff';
import { describeError, PermanentDeliveryError, UnknownWorkError } from './errors';
import {
  DEFAULT_REFUSAL_BACKOFF,
  databaseRefusal,
  RefusalBackoff,
  type RefusalBackoffOptions,
} from './refusal';
import { type Log, type WakeUp, wakeUpOnNotify } from './wake-up';

/** One claimed outbox row, as a handler sees it. */
export interface OutboxRow {
  id: number;
  kind: string;
  payload: unknown;
  dedupeKey: string | null;
  /** Attempts so far, this one included (1 on the first delivery). */
  attempts: number;
  createdAt: Date;
}

/**
 * Delivers one row; resolves when the receiver has it. Throws `PermanentDeliveryError` when retrying
 * cannot help, anything else to be retried with backoff. A handler may run more than once for a row (a
 * worker that dies after delivering but before recording it): receivers dedupe by `deliveryId(row)`.
 */
export type OutboxHandler = (row: OutboxRow) => Promise<void>;

export interface OutboxWorkerOptions {
  handlers: Readonly<Record<string, OutboxHandler>>;
  pollSeconds: number;
  leaseSeconds: number;
  baseBackoffSeconds: number;
  maxBackoffSeconds: number;
  /** From this many attempts on, every failure is logged as an error. */
  alertAttempts: number;
  batch: number;
  log?: Log;
  random?: () => number;
  /** How long to leave a refusing database alone (DEFAULT_REFUSAL_BACKOFF: from 1 s, doubling, up to 60 s). */
  refusalBackoff?: RefusalBackoffOptions;
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed';

/**
 * A stable identity of one row's delivery, the same on every retry and unique across databases (the id
 * alone repeats after a database is recreated): the email's Message-ID and the push's Idempotency-Key.
 */
export function deliveryId(row: Pick<OutboxRow, 'id' | 'createdAt'>): string {
  return `outbox-${row.id}-${row.createdAt.getTime().toString(36)}`;
}

/**
 * Delivers the transactional outbox: claims due rows (`for update skip locked`, so workers of several
 * instances sharing one PostgreSQL never claim the same row), and in the same statement takes a lease —
 * `attempts + 1` and `next_attempt_at = now() + lease` — so the claim commits at once: no lock is held
 * while delivering (PGlite has a single connection), and a worker that dies mid-delivery leaves a row
 * that becomes due again when the lease runs out. Success sets `delivered_at`; a failure records
 * `last_error` and schedules the next attempt with exponential backoff and jitter up to the cap, for ever
 * (logged as an error from `alertAttempts` on): nothing is dropped. Delivery is at least once — a crash
 * between delivering and recording it delivers again — and each delivery carries `deliveryId(row)`.
 *
 * While the database refuses work (no free connection, statement timeout, connection refused or lost),
 * the worker leaves it alone — polls and wake-ups do nothing — for a wait that doubles with each refused
 * look up to a cap, and looks again when it ends; the first look that gets through resets it. Logged once
 * when the refusals start and once when they end, so a database that is down does not fill the log.
 */
export class OutboxWorker {
  private readonly log: Log;
  private readonly random: () => number;
  private draining: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private wakeUp: WakeUp | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Refused looks in a row and the wait before the next one. */
  readonly refusals: RefusalBackoff;
  private retryTimer: NodeJS.Timeout | null = null;
  /** A refusal met while recording outcomes in the current round of deliveries. */
  private refusedWhileRecording: unknown = null;

  constructor(
    private readonly database: Database,
    private readonly options: OutboxWorkerOptions,
  ) {
    this.log = options.log ?? console;
    this.random = options.random ?? Math.random;
    this.refusals = new RefusalBackoff(options.refusalBackoff ?? DEFAULT_REFUSAL_BACKOFF, this.log);
  }

  /** Starts polling and listening for new rows, and delivers what is already due. */
  async start(): Promise<void> {
    this.wakeUp = wakeUpOnNotify(this.database, () => this.kick(), this.log);
    await this.wakeUp.ensure();
    this.timer = setInterval(() => {
      if (this.refusals.paused) return;
      void this.wakeUp?.ensure();
      this.kick();
    }, this.options.pollSeconds * 1000);
    this.timer.unref();
    this.kick();
  }

  /**
   * Looks for due rows now (e.g. right after queuing one); cheap to call often. Does nothing while a
   * refusing database is left alone.
   */
  kick(): void {
    if (this.stopped || this.refusals.paused) return;
    void this.drain().catch(() => undefined);
  }

  /**
   * Claims and delivers due rows until none is left; resolves with the number of rows attempted. A call
   * while a drain is running makes that drain look once more and resolves when it ends.
   */
  drain(): Promise<number> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    const run = this.track(this.drainLoop()).finally(() => {
      this.draining = null;
    });
    this.draining = run;
    return run;
  }

  private async drainLoop(): Promise<number> {
    let attempted = 0;
    do {
      this.again = false;
      while (!this.stopped) {
        let rows: OutboxRow[];
        try {
          rows = await this.claim();
        } catch (error) {
          if (this.stopped) return attempted;
          const refusal = databaseRefusal(error);
          if (refusal) this.refused(refusal);
          else this.log.error(`[outbox] cannot claim due rows: ${describeError(error)}`);
          return attempted;
        }
        this.refusals.answered();
        if (rows.length === 0) break;
        attempted += rows.length;
        this.refusedWhileRecording = null;
        await Promise.all(rows.map((row) => this.deliver(row)));
        if (this.refusedWhileRecording) {
          // Counted once per round, however many rows of it could not be recorded.
          this.refused(this.refusedWhileRecording);
          return attempted;
        }
      }
    } while (this.again && !this.stopped);
    return attempted;
  }

  /** Leaves the database alone for the wait, then looks again (when started; tests call drain()). */
  private refused(error: unknown): void {
    const wait = this.refusals.refused(error);
    if (!this.timer || this.stopped) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.refusals.waitEnded();
      this.kick();
    }, wait);
    this.retryTimer.unref();
  }

  /**
   * Claims up to `limit` due rows and takes the lease on them, in one statement (one short transaction).
   * Exposed so tests can claim and then abandon rows, as a worker that dies would.
   */
  async claim(limit = this.options.batch): Promise<OutboxRow[]> {
    const rows = await queryRows<{
      id: string | number;
      kind: string;
      payload: unknown;
      dedupe_key: string | null;
      attempts: number;
      created_at: Date | string;
    }>(
      this.database.db,
      sql`with due as (
            select id from outbox
            where delivered_at is null and failed_at is null and next_attempt_at <= now()
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked
          )
          update outbox
          set attempts = outbox.attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${this.options.leaseSeconds})
          from due
          where outbox.id = due.id
          returning outbox.id, outbox.kind, outbox.payload, outbox.dedupe_key, outbox.attempts,
                    outbox.created_at`,
    );
    return rows
      .map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        payload: row.payload,
        dedupeKey: row.dedupe_key,
        attempts: Number(row.attempts),
        createdAt: new Date(row.created_at),
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** Runs the row's handler and records the outcome (never throws). */
  async deliver(row: OutboxRow): Promise<DeliveryOutcome> {
    const handler = Object.hasOwn(this.options.handlers, row.kind)
      ? this.options.handlers[row.kind]
      : undefined;
    try {
      if (!handler) {
        // A newer version of the platform may know this kind: keep it, look again at the cap.
        await this.recordFailure(
          row,
          `no handler for outbox kind '${row.kind}'`,
          this.options.maxBackoffSeconds,
        );
        return 'retry';
      }
      try {
        await handler(row);
      } catch (error) {
        const message = describeError(error);
        if (error instanceof PermanentDeliveryError) {
          await this.recordPermanentFailure(row, message);
          return 'failed';
        }
        if (error instanceof UnknownWorkError) {
          await this.recordFailure(row, message, this.options.maxBackoffSeconds);
          return 'retry';
        }
        const delay = backoffSeconds(
          row.attempts,
          this.options.baseBackoffSeconds,
          this.options.maxBackoffSeconds,
          this.random,
        );
        await this.recordFailure(row, message, delay);
        return 'retry';
      }
      await queryRows(
        this.database.db,
        sql`update outbox set delivered_at = now() where id = ${row.id} and delivered_at is null returning id`,
      );
      return 'delivered';
    } catch (error) {
      // Recording the outcome failed (database gone): the lease runs out and the row is tried again.
      if (this.stopped) return 'retry';
      const refusal = databaseRefusal(error);
      if (refusal) this.refusedWhileRecording = refusal;
      else {
        this.log.error(
          `[outbox] #${row.id} (${row.kind}): cannot record the outcome: ${describeError(error)}`,
        );
      }
      return 'retry';
    }
  }

  private async recordFailure(row: OutboxRow, message: string, delaySeconds: number): Promise<void> {
    // Only while this worker's lease stands: a row whose lease ran out may already be another's.
    await queryRows(
      this.database.db,
      sql`update outbox
          set last_error = ${message}, next_attempt_at = now() + make_interval(secs => ${delaySeconds})
          where id = ${row.id} and delivered_at is null and attempts = ${row.attempts}
          returning id`,
    );
    const text = `[outbox] #${row.id} (${row.kind}) attempt ${row.attempts} failed: ${message}; next attempt in ${delaySeconds} s`;
    if (row.attempts >= this.options.alertAttempts) {
      this.log.error(`${text}. STILL UNDELIVERED after ${row.attempts} attempts: check the configuration.`);
    } else {
      this.log.warn(text);
    }
  }

  private async recordPermanentFailure(row: OutboxRow, message: string): Promise<void> {
    await queryRows(
      this.database.db,
      sql`update outbox set last_error = ${message}, failed_at = now()
          where id = ${row.id} and delivered_at is null and attempts = ${row.attempts}
          returning id`,
    );
    this.log.error(
      `[outbox] #${row.id} (${row.kind}) refused permanently, kept with failed_at set (clear it to retry): ${message}`,
    );
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /**
   * Stops claiming, stops listening and waits for the deliveries in progress to finish and be recorded
   * (their handlers have their own timeouts), so the database can be closed afterwards.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.wakeUp?.close();
    this.wakeUp = null;
    await Promise.allSettled([...this.inFlight]);
  }
}
