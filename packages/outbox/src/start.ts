import type { Database } from '@catalogue/db';
import type { OutboxConfig } from './config';
import { emailHandler } from './email/handler';
import { createMailTransport } from './email/transport';
import { marketingPushHandler } from './marketing-push';
import { quoteMailHandler } from './quote-mail/handler';
import { quoteRequestHandler } from './quote-request/handler';
import { removeStaleTemporaryFiles } from './temporary-files';
import type { Log } from './wake-up';
import { type OutboxHandler, OutboxWorker } from './worker';

/** The kinds this version delivers; `webhook` rows (DESIGN.md) wait, kept, for the version that adds it. */
export function outboxHandlers(
  database: Database,
  config: OutboxConfig,
): { handlers: Record<string, OutboxHandler>; close(): void; describe: string } {
  const transport = createMailTransport({ smtpUrl: config.SMTP_URL, mailDir: config.mailDir });
  return {
    handlers: {
      email: emailHandler({ db: database.db, transport, from: config.MAIL_FROM }),
      'quote-request': quoteRequestHandler({ db: database.db, salesEmail: config.SALES_EMAIL }),
      'quote-mail': quoteMailHandler({
        db: database.db,
        transport,
        from: config.MAIL_FROM,
        salesEmail: config.SALES_EMAIL,
        // The single server publishes the address it listens on once it does (server/src/main.ts).
        siteOrigin: () => config.SITE_ORIGIN ?? process.env.CATALOGUE_LISTEN_ORIGIN ?? null,
      }),
      'marketing-push': marketingPushHandler({
        url: config.MARKETING_PUSH_URL,
        token: config.MARKETING_PUSH_TOKEN,
        timeoutMs: config.MARKETING_PUSH_TIMEOUT_MS,
        dir: config.marketingPushDir,
      }),
    },
    close: () => transport.close(),
    describe: `mail → ${transport.description}, marketing pushes → ${
      config.MARKETING_PUSH_URL ? new URL(config.MARKETING_PUSH_URL).origin : config.marketingPushDir
    }`,
  };
}

export interface RunningOutbox {
  /** Look for due rows now (after queuing one in this process; other writers are heard through NOTIFY). */
  kick(): void;
  /** Delivers what is due now (joining a run in progress); resolves with the rows attempted. */
  drain(): Promise<number>;
  /** Stops claiming and waits for deliveries in progress; call before closing the database. */
  stop(): Promise<void>;
}

/**
 * Starts the outbox worker of this process with the handlers of `config`, or nothing when
 * OUTBOX_WORKER=off (another process delivers).
 */
export async function startOutbox(
  database: Database,
  config: OutboxConfig,
  log: Log = console,
): Promise<RunningOutbox> {
  if (config.OUTBOX_WORKER === 'off') {
    log.log('[outbox] worker off (OUTBOX_WORKER=off): another process delivers the outbox');
    return { kick: () => undefined, drain: async () => 0, stop: async () => undefined };
  }
  await removeUnfinishedFiles(config, log);
  const { handlers, close, describe } = outboxHandlers(database, config);
  const worker = new OutboxWorker(database, {
    handlers,
    pollSeconds: config.OUTBOX_POLL_S,
    leaseSeconds: config.OUTBOX_LEASE_S,
    baseBackoffSeconds: config.OUTBOX_BASE_BACKOFF_S,
    maxBackoffSeconds: config.OUTBOX_MAX_BACKOFF_S,
    alertAttempts: config.OUTBOX_ALERT_ATTEMPTS,
    batch: config.OUTBOX_BATCH,
    log,
  });
  await worker.start();
  log.log(`[outbox] worker on: ${describe}`);
  return {
    kick: () => worker.kick(),
    drain: () => worker.drain(),
    async stop() {
      await worker.stop();
      close();
    },
  };
}

/**
 * Removes the temporary files a crashed worker left in the mail and marketing-push folders. A delivery
 * never outlives its lease (after it the row is another worker's), so a file untouched for two leases
 * belongs to no write in progress, on this instance or another one sharing the folders.
 */
async function removeUnfinishedFiles(config: OutboxConfig, log: Log): Promise<void> {
  const olderThanMs = 2 * config.OUTBOX_LEASE_S * 1000;
  for (const dir of [config.mailDir, config.marketingPushDir]) {
    const removed = await removeStaleTemporaryFiles(dir, olderThanMs);
    if (removed.length > 0) {
      log.log(
        `[outbox] removed ${removed.length} unfinished file(s) a stopped worker left in ${dir}: ${removed.join(', ')}`,
      );
    }
  }
}
