import type { Database } from '@catalogue/db';
import pg from 'pg';

export type Log = Pick<Console, 'log' | 'warn' | 'error'>;

/** The channel the `outbox_notify` trigger (migration 0021) notifies, once per inserting statement. */
export const OUTBOX_CHANNEL = 'outbox';

/**
 * Calls `onNotify` whenever rows are queued, by any writer: the trigger's NOTIFY is delivered at commit.
 * PGlite has one opener, this process, and delivers notifications in-process. On PostgreSQL a dedicated
 * connection (outside the pool, so it never takes a query's place) LISTENs; if it breaks, `ensure()` —
 * called on every poll — opens a new one, and the poll covers the gap meanwhile.
 */
export interface WakeUp {
  ensure(): Promise<void>;
  close(): Promise<void>;
}

export function wakeUpOnNotify(database: Database, onNotify: () => void, log: Log): WakeUp {
  const raw = database.raw;
  if (raw.kind === 'pglite') {
    let unlisten: Promise<() => Promise<void>> | null = null;
    return {
      async ensure() {
        unlisten ??= raw.client.listen(OUTBOX_CHANNEL, () => onNotify());
        await unlisten;
      },
      async close() {
        const pending = unlisten;
        unlisten = null;
        if (pending) await (await pending)().catch(() => undefined);
      },
    };
  }

  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  const connect = async () => {
    const next = new pg.Client({ ...raw.pool.options, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === OUTBOX_CHANNEL) onNotify();
    });
    next.on('error', (error) => {
      if (client === next) client = null;
      if (!closed) log.warn(`[outbox] LISTEN connection lost (${error.message}); polling until it is back`);
      void next.end().catch(() => undefined);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Rows queued while nobody listened: look now.
    onNotify();
  };
  return {
    async ensure() {
      if (client || closed) return;
      connecting ??= connect()
        .catch((error: Error) => {
          log.warn(`[outbox] cannot LISTEN for new rows (${error.message}); polling meanwhile`);
        })
        .finally(() => {
          connecting = null;
        });
      await connecting;
    },
    async close() {
      closed = true;
      await connecting;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
