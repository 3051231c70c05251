import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketingPushHandler } from './marketing-push';
import { makeDue, memoryLog, queue, rowState, temporaryDir } from './testing';
import { deliveryId, OutboxWorker } from './worker';

describe(`marketing pushes on ${testDriver()}`, () => {
  let database: TestDatabase;
  let server: Server;
  let endpoint = '';
  const requests: { headers: IncomingHttpHeaders; body: unknown; method: string }[] = [];
  /** Statuses to answer with, in order; 204 once they run out. */
  const answers: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        requests.push({
          method: req.method ?? '',
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        const status = answers.shift() ?? 204;
        res.statusCode = status;
        res.end(status >= 400 ? `{"error":"status ${status}"}` : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/marketing/push`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from outbox`);
    requests.length = 0;
    answers.length = 0;
  });

  const worker = (url: string | undefined, dir = '/nonexistent') =>
    new OutboxWorker(database, {
      handlers: {
        'marketing-push': marketingPushHandler({ url, token: 'secret-token', timeoutMs: 5000, dir }),
      },
      pollSeconds: 3600,
      leaseSeconds: 120,
      baseBackoffSeconds: 30,
      maxBackoffSeconds: 3600,
      alertAttempts: 10,
      batch: 10,
      log: memoryLog(),
    });

  const project = { projectId: 'P-1', name: 'Hospital wing', lines: [{ sku: 'NF-1', qty: 3 }] };

  it('POSTs the payload as JSON with an idempotency key and marks it delivered on 2xx', async () => {
    const id = await queue(database.db, 'marketing-push', project);
    const w = worker(endpoint);
    const [claimed] = await w.claim();
    expect(await w.deliver(claimed as NonNullable<typeof claimed>)).toBe('delivered');
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 1 });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', body: project });
    expect(requests[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer secret-token',
      'idempotency-key': deliveryId(claimed as NonNullable<typeof claimed>),
    });
  });

  it('retries after a 500 with the same idempotency key, and delivers on the next 2xx', async () => {
    answers.push(500);
    const id = await queue(database.db, 'marketing-push', project);
    const w = worker(endpoint);
    await w.drain();
    const failed = await rowState(database.db, id);
    expect(failed).toMatchObject({ delivered: false, failed: false, attempts: 1 });
    expect(failed.lastError).toBe('the marketing endpoint answered 500: {"error":"status 500"}');
    expect(failed.dueInSeconds).toBeGreaterThan(10);

    await makeDue(database.db, id);
    await w.drain();
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 2 });
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers['idempotency-key']).toBe(requests[0]?.headers['idempotency-key']);
  });

  it('retries 408 and 429, and parks any other 4xx as a permanent refusal', async () => {
    answers.push(429, 408, 422);
    const tooMany = await queue(database.db, 'marketing-push', { n: 1 });
    const timeout = await queue(database.db, 'marketing-push', { n: 2 });
    const refused = await queue(database.db, 'marketing-push', { n: 3 });
    const w = new OutboxWorker(database, {
      handlers: {
        'marketing-push': marketingPushHandler({ url: endpoint, timeoutMs: 5000, dir: '/nonexistent' }),
      },
      pollSeconds: 3600,
      leaseSeconds: 120,
      baseBackoffSeconds: 30,
      maxBackoffSeconds: 3600,
      alertAttempts: 10,
      batch: 1, // one at a time, so the answers go to the rows in order
      log: memoryLog(),
    });
    await w.drain();
    expect(await rowState(database.db, tooMany)).toMatchObject({ failed: false, delivered: false });
    expect(await rowState(database.db, timeout)).toMatchObject({ failed: false, delivered: false });
    const parked = await rowState(database.db, refused);
    expect(parked).toMatchObject({ failed: true, delivered: false });
    expect(parked.lastError).toContain('answered 422');
    expect(requests.map((r) => r.body)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it('retries while the endpoint cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/push`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const id = await queue(database.db, 'marketing-push', project);
    await worker(dead).drain();
    const state = await rowState(database.db, id);
    expect(state).toMatchObject({ delivered: false, failed: false, attempts: 1 });
    expect(state.lastError).toBe('cannot reach the marketing endpoint: ECONNREFUSED');

    await makeDue(database.db, id);
    await worker(endpoint).drain(); // the endpoint is configured and up again
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 2 });
  });

  it('writes each push as a JSON file when no endpoint is configured', async () => {
    const folder = await temporaryDir();
    try {
      const id = await queue(database.db, 'marketing-push', project);
      await worker(undefined, folder.dir).drain();
      expect(await rowState(database.db, id)).toMatchObject({ delivered: true });
      const names = await readdir(folder.dir);
      expect(names).toEqual([expect.stringMatching(new RegExp(`^\\d{8}T\\d{9}Z-${id}\\.json$`))]);
      const record = JSON.parse(await readFile(path.join(folder.dir, names[0] as string), 'utf8'));
      expect(record).toMatchObject({
        payload: project,
        idempotencyKey: expect.stringMatching(`^outbox-${id}-`),
      });
      expect(requests).toEqual([]);
    } finally {
      await folder.remove();
    }
  });
});
