import { createCommerceService } from '@catalogue/commerce';
import { generateDataset } from '@catalogue/dataset';
import { loadDataset } from '@catalogue/dataset/load';
import { migrateDatabase, openDatabase } from '@catalogue/db';
import { products as productsTable } from '@catalogue/db/schema';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';

/**
 * How long one order request keeps PGlite's engine busy: the three scenarios of the orders benchmark run
 * one at a time in this process on an in-memory PGlite (300 SKUs), timing every call into the WASM
 * Postgres (`execProtocolRawSync`, which runs the statements; the JavaScript around it is not counted).
 * PGlite runs one call at a time, so with 20 clients queued a request waits for the others' engine time:
 * p99 at 20 clients cannot be below about 20 × this, whatever the service does around the engine.
 */

export interface EngineFloor {
  scenario: string;
  /** Wall time of one request alone, in this process (service and engine). */
  requestMs: number;
  /** Of which inside the engine. */
  engineMs: number;
}

// biome-ignore lint/suspicious/noExplicitAny: wire answers read by the bench
type Json = any;

/** A product (`/me/products` item) a buyer orders one at a time: no multiplier, spec or quantity rules. */
export function soldOneAtATime(p: Json): boolean {
  return (
    p.QuantityMultiplier === 1 &&
    (p.SpecCount ?? 0) === 0 &&
    (p.PriceSchedule?.MinQuantity ?? 1) <= 1 &&
    !p.PriceSchedule?.RestrictedQuantity &&
    (p.PriceSchedule?.MaxQuantity ?? 1) >= 1
  );
}

export async function pgliteEngineFloor(requests = 200): Promise<EngineFloor[]> {
  let engineMs = 0;
  let counting = false;
  const original = PGlite.prototype.execProtocolRawSync;
  PGlite.prototype.execProtocolRawSync = function timed(this: PGlite, message: Uint8Array) {
    const start = performance.now();
    try {
      return original.call(this, message);
    } finally {
      if (counting) engineMs += performance.now() - start;
    }
  };
  const database = await openDatabase({ driver: 'pglite', dataDir: null });
  try {
    await migrateDatabase(database);
    await loadDataset(database.db, generateDataset({ skus: 300 }));
    const service = createCommerceService(database, { basePath: '' });
    const call = async (method: string, path: string, token: string | null, body?: unknown) => {
      const form = path === '/oauth/token';
      const response = await service.fetch(
        new Request(`http://bench${path}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
          },
          ...(body === undefined
            ? {}
            : { body: form ? new URLSearchParams(body as Record<string, string>) : JSON.stringify(body) }),
        }),
      );
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text ? (JSON.parse(text) as Json) : null;
    };
    const token = (
      await call('POST', '/oauth/token', null, {
        grant_type: 'password',
        client_id: 'storefront',
        username: 'employee',
        password: 'Buyer#2026',
      })
    ).access_token as string;
    const page = await call('GET', '/v1/me/products?pageSize=100', token);
    const products = (page.Items as Json[])
      .filter(soldOneAtATime)
      .slice(0, 20)
      .map((p) => p.ID as string);
    if (products.length < 5) throw new Error('too few products for the engine floor');
    // Stock not tracked, as in the benchmark (submits would run out of it).
    await database.db
      .update(productsTable)
      .set({ inventoryEnabled: false })
      .where(inArray(productsTable.id, products));
    const carts: string[] = [];
    for (let i = 0; i < 200; i++) carts.push((await call('POST', '/v1/orders/Outgoing', token, {})).ID);
    const addLine = (i: number) =>
      call('POST', `/v1/orders/Outgoing/${carts[i % carts.length]}/lineitems`, token, {
        ProductID: products[i % products.length],
        Quantity: 1 + (i % 4),
      });

    const measure = async (scenario: string, run: (i: number) => Promise<void>): Promise<EngineFloor> => {
      for (let i = 0; i < 20; i++) await run(i); // warm: prepared statements, read cache
      engineMs = 0;
      let wallMs = 0;
      for (let i = 0; i < requests; i++) {
        const start = performance.now();
        counting = true;
        try {
          await run(i);
        } finally {
          counting = false;
        }
        wallMs += performance.now() - start;
      }
      return { scenario, requestMs: wallMs / requests, engineMs: engineMs / requests };
    };

    const floors: EngineFloor[] = [];
    floors.push(
      await measure('add line item', async (i) => {
        await addLine(i);
      }),
    );
    const toSubmit: string[] = [];
    for (let i = 0; i < requests + 20; i++) {
      const order = await call('POST', '/v1/orders/Outgoing', token, {});
      await call('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, token, {
        ProductID: products[i % products.length],
        Quantity: 1,
      });
      toSubmit.push(order.ID);
    }
    let next = 0;
    floors.push(
      await measure('submit', async () => {
        await call('POST', `/v1/orders/Outgoing/${toSubmit[next++]}/submit`, token);
      }),
    );
    floors.push(
      await measure('worksheet', async (i) => {
        await call('GET', `/v1/orders/Outgoing/${carts[i % carts.length]}/worksheet`, token);
      }),
    );
    service.stop();
    return floors;
  } finally {
    PGlite.prototype.execProtocolRawSync = original;
    await database.close();
  }
}
