import { createHash } from 'node:crypto';

/**
 * What a log may say about a failed statement (issue 20 item 8): its SQLSTATE code, the constraint
 * PostgreSQL names and a fingerprint of the statement — never the statement's text (Drizzle's error
 * message quotes it whole, column lists such as `password_hash` included), its parameters or the server's
 * detail (`Key (email)=(…) already exists`). The fingerprint (a hash of the text) still tells which
 * statement failed: the same statement always has the same one.
 */

export interface DatabaseFailure {
  /** SQLSTATE, e.g. `22021` (a NUL byte), `23505` (unique violation); null when the driver gave none. */
  code: string | null;
  constraint: string | null;
  /** First 12 hex digits of the statement text's SHA-256; null when the error carries no statement. */
  statement: string | null;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The failure of a database statement anywhere in `error`'s cause chain, or null for other errors. */
export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  let code: string | null = null;
  let constraint: string | null = null;
  let query: string | null = null;
  const seen = new Set<unknown>();
  for (let e: unknown = error; typeof e === 'object' && e !== null && !seen.has(e); e = causeOf(e)) {
    seen.add(e);
    const fields = e as { code?: unknown; constraint?: unknown; query?: unknown; severity?: unknown };
    if (query === null && typeof fields.query === 'string') query = fields.query;
    // A server's error (node-postgres and PGlite both parse PostgreSQL's ErrorResponse into these fields).
    const sqlstate = typeof fields.code === 'string' && SQLSTATE.test(fields.code) ? fields.code : null;
    if (code === null && sqlstate !== null && typeof fields.severity === 'string') {
      code = sqlstate;
      if (typeof fields.constraint === 'string' && fields.constraint) constraint = fields.constraint;
    }
  }
  if (query === null && code === null) return null;
  return { code, constraint, statement: query === null ? null : fingerprint(query) };
}

/** One line: `statement 3f9a… failed with SQLSTATE 23505 (constraint users_email_key)`. */
export function describeDatabaseFailure(failure: DatabaseFailure): string {
  const statement = failure.statement ? `statement ${failure.statement}` : 'a statement';
  const code = failure.code ? ` with SQLSTATE ${failure.code}` : '';
  const constraint = failure.constraint ? ` (constraint ${failure.constraint})` : '';
  return `${statement} failed${code}${constraint}`;
}

/**
 * `error` as it may be logged: a database failure becomes a `DatabaseError` whose message is
 * `describeDatabaseFailure` and whose stack keeps only the call sites; any other value is returned as is.
 */
export function loggableError(error: unknown): unknown {
  const failure = databaseFailureOf(error);
  if (!failure) return error;
  const safe = new DatabaseError(describeDatabaseFailure(failure));
  const frames = stackFramesOf(error);
  safe.stack = `${safe.name}: ${safe.message}${frames ? `\n${frames}` : ''}`;
  return safe;
}

/** The stand-in of a database failure in logs. */
class DatabaseError extends Error {
  override name = 'DatabaseError';
}

type ConsoleMethod = 'error' | 'warn' | 'info' | 'log' | 'debug';

/**
 * Makes every log line of this process safe: each argument of `console.error`, `warn`, `info`, `log` and
 * `debug` goes through `loggableError`. Our own logs already do; this also covers what we do not write
 * ourselves — Next.js printing an error thrown while rendering, a library logging a rejected query.
 * Idempotent.
 */
export function installSafeErrorLogging(target: Pick<Console, ConsoleMethod> = console): void {
  const marked = target as { [SAFE_LOGGING]?: true };
  if (marked[SAFE_LOGGING]) return;
  marked[SAFE_LOGGING] = true;
  for (const method of ['error', 'warn', 'info', 'log', 'debug'] as const) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) =>
      original(...args.map((arg) => (typeof arg === 'object' && arg !== null ? loggableError(arg) : arg)));
  }
}

const SAFE_LOGGING = Symbol.for('catalogue.safeErrorLogging');

function causeOf(error: object): unknown {
  return (error as { cause?: unknown }).cause;
}

function fingerprint(query: string): string {
  return createHash('sha256').update(query).digest('hex').slice(0, 12);
}

/** The `at …` lines of the error's stack (they hold call sites, never data). */
function stackFramesOf(error: unknown): string {
  const stack = error instanceof Error ? error.stack : undefined;
  if (!stack) return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at\s/.test(line))
    .join('\n');
}
