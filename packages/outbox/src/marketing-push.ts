import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PermanentDeliveryError } from './errors';
import { temporaryFileOf } from './temporary-files';
import { deliveryId, type OutboxHandler, type OutboxRow } from './worker';

export interface MarketingPushOptions {
  /** The marketing-automation endpoint; unset = JSON files under `dir`. */
  url?: string | undefined;
  token?: string | undefined;
  timeoutMs: number;
  dir: string;
}

/**
 * The `marketing-push` kind (issue 9's marketing-automation push): the payload is POSTed as JSON to the
 * configured endpoint with an `Idempotency-Key` from the row (the same on every retry, so the receiver
 * can drop a repeat). 2xx = delivered. 408, 429 and 5xx, a timeout or a network error are retried with
 * backoff. Any other 4xx means the receiver refuses this request itself and will refuse it again: the
 * row is kept with `failed_at` and the answer in `last_error`, and no longer retried (our choice —
 * hammering an endpoint hourly with a request it rejects helps nobody; an operator who fixed the cause
 * clears `failed_at` to send it again). Without an endpoint each push is written, whole, as
 * `$DATA_DIR/marketing-push/<created>-<id>.json`, like the mail folder.
 */
export function marketingPushHandler(options: MarketingPushOptions): OutboxHandler {
  return async (row) => {
    if (!options.url) {
      await writeToFolder(options.dir, row);
      return;
    }
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': deliveryId(row),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify(row.payload),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const name = (error as Error).name;
      if (name === 'TimeoutError')
        throw new Error(`no answer from the marketing endpoint within ${options.timeoutMs} ms`);
      throw new Error(
        `cannot reach the marketing endpoint: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      );
    }
    const body = (await response.text().catch(() => '')).slice(0, 500);
    if (response.ok) return;
    const text = `the marketing endpoint answered ${response.status}${body ? `: ${body}` : ''}`;
    if (
      response.status >= 400 &&
      response.status < 500 &&
      response.status !== 408 &&
      response.status !== 429
    ) {
      throw new PermanentDeliveryError(text);
    }
    throw new Error(text);
  };
}

async function writeToFolder(dir: string, row: OutboxRow): Promise<void> {
  await mkdir(dir, { recursive: true });
  const name = `${row.createdAt.toISOString().replace(/[-:.]/g, '')}-${row.id}.json`;
  const temporary = temporaryFileOf(dir, name);
  const record = {
    idempotencyKey: deliveryId(row),
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
  };
  try {
    await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`, { flush: true });
    await rename(temporary, path.join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
