import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadDataFiles } from '@catalogue/dataset';
import { type Database, type Db, queryRows } from '@catalogue/db';
import { contentItems, outbox } from '@catalogue/db/schema';
import { sql } from 'drizzle-orm';
import type { Log } from './wake-up';
import { type OutboxHandler, OutboxWorker, type OutboxWorkerOptions } from './worker';

/** Writes the dictionary and site content items of every locale, as the dataset loader does. */
export async function loadMailTexts(db: Db): Promise<void> {
  const files = loadDataFiles();
  await db.insert(contentItems).values(
    files.locales.flatMap((locale) => [
      { type: 'dictionary', id: 'ui', locale: locale.code, data: files.dictionary[locale.language] },
      { type: 'site', id: 'site', locale: locale.code, data: files.site },
    ]),
  );
}

/** Queues one row and answers its id. */
export async function queue(db: Db, kind: string, payload: unknown, dedupeKey?: string): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ kind, payload, ...(dedupeKey ? { dedupeKey } : {}) })
    .returning({ id: outbox.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export interface RowState {
  id: number;
  attempts: number;
  delivered: boolean;
  failed: boolean;
  lastError: string | null;
  /** Seconds from the database's now() to next_attempt_at. */
  dueInSeconds: number;
}

export async function rowState(db: Db, id: number): Promise<RowState> {
  const [row] = await queryRows<{
    id: string | number;
    attempts: number;
    delivered: boolean;
    failed: boolean;
    last_error: string | null;
    due_in: string | number;
  }>(
    db,
    sql`select id, attempts, delivered_at is not null as delivered, failed_at is not null as failed, last_error,
               extract(epoch from next_attempt_at - now()) as due_in
        from outbox where id = ${id}`,
  );
  if (!row) throw new Error(`no outbox row ${id}`);
  return {
    id: Number(row.id),
    attempts: Number(row.attempts),
    delivered: row.delivered,
    failed: row.failed,
    lastError: row.last_error,
    dueInSeconds: Number(row.due_in),
  };
}

/** Makes a row due now, as if its backoff or lease had run out. */
export async function makeDue(db: Db, id: number): Promise<void> {
  await db.execute(sql`update outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`);
}

/** A log that keeps its lines, for assertions and quiet test output. */
export function memoryLog(): Log & { lines: { level: string; text: string }[] } {
  const lines: { level: string; text: string }[] = [];
  const keep =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, text: args.map(String).join(' ') });
    };
  return { lines, log: keep('log'), warn: keep('warn'), error: keep('error') };
}

export async function temporaryDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-test-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A worker over `database` for tests: polls only when told (an hour apart), backoff without jitter
 * (`random` 1), its log lines kept in `lines`.
 */
export function testWorker(
  database: Database,
  handlers: Record<string, OutboxHandler>,
  options: Partial<OutboxWorkerOptions> = {},
) {
  const log = memoryLog();
  const instance = new OutboxWorker(database, {
    handlers,
    pollSeconds: 3600,
    leaseSeconds: 120,
    baseBackoffSeconds: 30,
    maxBackoffSeconds: 3600,
    alertAttempts: 10,
    batch: 10,
    log,
    random: () => 1,
    ...options,
  });
  return Object.assign(instance, { lines: log.lines });
}

/** A mail an SMTP receiver took: the envelope and the message as sent. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (no TLS, no auth) that keeps every message it is sent, for tests that
 * check mail as it really leaves through `SMTP_URL`.
 */
export async function smtpReceiver(): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const { SMTPServer } = await import('smtp-server');
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
