import { databaseUnavailable } from '@catalogue/db';
import { describeError } from './errors';
import type { Log } from './wake-up';

/** Node's socket errors when the database server cannot be reached or dropped the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
/** SQLSTATEs of a server going away: admin shutdown, crash shutdown, cannot connect now. */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
/** What node-postgres throws when its connection ends under a query (it sets no code). */
const ENDED_MESSAGES = ['Connection terminated', 'Client has encountered a connection error'];

/**
 * The database refusing work for a while behind `error` (possibly wrapped by Drizzle in `cause`) — a
 * `DatabaseUnavailableError` (pool wait, statement timeout) or a connection that could not be opened or
 * broke (socket errors, SQLSTATE class 08, a server shutting down) — or null for a fault of the query.
 * Answers the error that says so, for the log (not Drizzle's wrapper, which quotes the statement).
 */
export function databaseRefusal(error: unknown): Error | null {
  const unavailable = databaseUnavailable(error);
  if (unavailable) return unavailable;
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as Record<string, unknown>;
    const refused =
      (typeof code === 'string' &&
        (SOCKET_CODES.has(code) || SHUTDOWN_STATES.has(code) || code.startsWith('08'))) ||
      (typeof message === 'string' && ENDED_MESSAGES.some((m) => message.startsWith(m)));
    if (refused) return e instanceof Error ? e : new Error(String(message));
  }
  return null;
}

export interface RefusalBackoffOptions {
  /** The first wait after a refusal; it doubles with each further refusal up to `capMs`. */
  firstMs: number;
  capMs: number;
}

export const DEFAULT_REFUSAL_BACKOFF: RefusalBackoffOptions = { firstMs: 1000, capMs: 60_000 };

/**
 * The worker's view of a refusing database: how many looks in a row were refused and how long to leave
 * it alone (doubling, capped); reset by the first look that gets through. Logs once when the database
 * starts refusing and once when it answers again, not on every refused look.
 */
export class RefusalBackoff {
  /** Refused looks in a row (0 while the database answers). */
  refusals = 0;
  /** When the next look may be taken (0: now). */
  private until = 0;

  constructor(
    private readonly options: RefusalBackoffOptions,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  /** The wait after the current run of refusals (0 while the database answers). */
  get waitMs(): number {
    if (this.refusals === 0) return 0;
    return Math.min(this.options.capMs, this.options.firstMs * 2 ** Math.min(this.refusals - 1, 30));
  }

  get paused(): boolean {
    return this.now() < this.until;
  }

  /** Records a refusal; answers the wait before the next look. */
  refused(error: unknown): number {
    this.refusals += 1;
    const wait = this.waitMs;
    this.until = this.now() + wait;
    if (this.refusals === 1) {
      this.log.warn(
        `[outbox] the database refuses work (${describeError(error)}); looking again after waits doubling from ${wait} ms up to ${this.options.capMs} ms`,
      );
    }
    return wait;
  }

  /**
   * Ends the current wait: its timer has fired. Timers can fire a millisecond before `Date.now()` reaches
   * the end of the wait, and a look refused for that would schedule no other.
   */
  waitEnded(): void {
    this.until = 0;
  }

  /** Records a look that got through. */
  answered(): void {
    if (this.refusals === 0) return;
    this.log.log(`[outbox] the database answers again after ${this.refusals} refused look(s); delivering`);
    this.refusals = 0;
    this.until = 0;
  }
}
