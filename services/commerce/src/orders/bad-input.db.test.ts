import { type Db, queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { LineItems, Me, OrderReturns, Orders } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts, rawClient } from '../testing/orders';
import { commerceForTests, loginAs } from '../testing/sdk';

/**
 * Bad input on every order, cart, shipment and return action (issue 5, item 7), table-driven over the
 * service's own route table like the authorisation matrix: a foreign order (or shipment, or return), an
 * order in the wrong status, zero and negative quantities and an unknown product each get a refusal —
 * the documented ErrorCode where there is one — and leave every row of the order tables (and the stock)
 * exactly as it was.
 */
const ACTION_ROUTES = /^\/v1\/(orders\/:direction\/:orderID|cart|shipments|orderreturns)(\/|$)/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Refusals for the input itself, which say nothing about the state of what the route names. */
const INPUT_CODES = new Set(['Required', 'ValidationFailure', 'InvalidRequest']);
const QUANTITY_CODES = ['LineItem.QuantityMustBePositive'];

/** Everything an order action may change: the order tables' rows and the stock. */
const WATCHED = [
  'orders',
  'line_items',
  'active_carts',
  'order_approvals',
  'order_promotions',
  'payments',
  'payment_transactions',
  'shipments',
  'shipment_items',
  'order_returns',
  'order_return_items',
  'order_return_approvals',
  'subscriptions',
  'subscription_items',
  'products',
  'variants',
  'inventory_records',
  'promotions',
];

async function fingerprint(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WATCHED) {
    const [row] = await queryRows<{ n: number; h: string | null }>(
      db,
      sql`select count(*)::int as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as h
          from ${sql.identifier(table)} t`,
    );
    out[table] = `${row?.n}:${row?.h ?? ''}`;
  }
  return out;
}

type Route = { method: string; path: string };

describe(`bad input on every order action on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  let routes: Route[] = [];
  let productId = '';
  const ids = {
    draft: '',
    draftLine: '',
    canceled: '',
    canceledLine: '',
    completed: '',
    completedLine: '',
    foreign: '',
    foreignLine: '',
    foreignShipment: 'matrix-probe',
    foreignReturn: 'matrix-probe',
    cartLine: '',
  };
  let employee: ReturnType<typeof rawClient>;
  let admin: ReturnType<typeof rawClient>;
  const has = (method: string, path: string) => routes.some((r) => r.method === method && r.path === path);

  /** An order of `token`'s user with one line item; returns [orderID, lineItemID]. */
  async function orderWithLine(token: string, product: string): Promise<[string, string]> {
    const order = await Orders.Create('Outgoing', {}, { accessToken: token });
    const line = await LineItems.Create(
      'Outgoing',
      order.ID,
      { ProductID: product, Quantity: 1 },
      { accessToken: token },
    );
    return [order.ID, line.ID];
  }

  beforeAll(async () => {
    routes = commerce().routes.filter((r) => WRITES.has(r.method) && ACTION_ROUTES.test(r.path));
    [productId = ''] = await buyableProducts(1, { quantity: 2 });
    const caToken = await loginAs('ca-buyer');
    const caProduct = (await Me.ListProducts({ pageSize: 100 })).Items.find(
      (p) =>
        p.QuantityMultiplier === 1 &&
        (p.PriceSchedule?.MinQuantity ?? 1) <= 1 &&
        !p.PriceSchedule?.RestrictedQuantity &&
        !p.Inventory?.Enabled,
    );
    if (!caProduct) throw new Error('no product for the Canadian buyer');
    const adminToken = await loginAs('admin');
    const employeeToken = await loginAs('employee');
    employee = rawClient(commerce().baseUrl, employeeToken);
    admin = rawClient(commerce().baseUrl, adminToken);

    [ids.draft, ids.draftLine] = await orderWithLine(employeeToken, productId);
    [ids.canceled, ids.canceledLine] = await orderWithLine(employeeToken, productId);
    await Orders.Cancel('Outgoing', ids.canceled, { accessToken: employeeToken });
    [ids.completed, ids.completedLine] = await orderWithLine(employeeToken, productId);
    await Orders.Submit('Outgoing', ids.completed, { accessToken: employeeToken });
    await Orders.Complete('Incoming', ids.completed, { accessToken: adminToken });
    // Another company's: an unsubmitted order, and (when shipments and returns exist) a shipped order
    // with its shipment and a return.
    [ids.foreign, ids.foreignLine] = await orderWithLine(caToken, caProduct.ID);
    if (has('POST', '/v1/orders/:direction/:orderID/ship')) {
      const [shipped] = await orderWithLine(caToken, caProduct.ID);
      await Orders.Submit('Outgoing', shipped, { accessToken: caToken });
      await Orders.Ship('Incoming', shipped, {}, { accessToken: adminToken });
      const shipments = await admin('GET', `/orders/Incoming/${shipped}/shipments`);
      ids.foreignShipment = shipments.json.Items[0].ID;
      if (has('POST', '/v1/orderreturns')) {
        const created = await OrderReturns.Create({ OrderID: shipped }, { accessToken: caToken });
        ids.foreignReturn = created.ID as string;
      }
    }
    // The employee's cart, with a line.
    if (has('POST', '/v1/cart/lineitems')) {
      const line = await employee('POST', '/cart/lineitems', { ProductID: productId, Quantity: 1 });
      expect(line.status).toBe(201);
      ids.cartLine = line.json.ID;
    }
  });

  /** A route's path with its parameters filled in. */
  function pathOf(route: Route, values: Record<string, string>): string {
    return route.path
      .replace(/^\/v1/, '')
      .replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? 'matrix-probe');
  }

  /** A body the route would accept if the state allowed it. */
  function bodyOf(route: Route, overrides: Record<string, unknown> = {}): unknown {
    if (route.method === 'DELETE') return undefined;
    if (/\/lineitems(\/:lineItemID)?$/.test(route.path))
      return { ProductID: productId, Quantity: 1, ...overrides };
    return { ...overrides };
  }

  /** Calls every case and collects what went wrong; the watched tables must not change at all. */
  async function check(
    cases: {
      label: string;
      call: () => Promise<{ status: number; json: { Errors?: { ErrorCode: string }[] } | null }>;
      expect: (status: number, code: string | undefined) => string | null;
    }[],
  ): Promise<string[]> {
    const db = commerce().database.db;
    const problems: string[] = [];
    for (const c of cases) {
      const before = await fingerprint(db);
      const answer = await c.call();
      const code = answer.json?.Errors?.[0]?.ErrorCode;
      const wrong = c.expect(answer.status, code);
      if (wrong) problems.push(`${c.label}: ${answer.status} ${code ?? ''} — ${wrong}`);
      const after = await fingerprint(db);
      const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
      if (changed.length > 0) problems.push(`${c.label}: changed ${changed.join(', ')}`);
    }
    return problems;
  }

  it('finds the action routes', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(has('POST', '/v1/orders/:direction/:orderID/submit')).toBe(true);
  });

  it("never reaches another company's order, shipment or return", async () => {
    const targeted = routes.filter((r) => /:(orderID|shipmentID|returnID)/.test(r.path));
    const values = {
      direction: 'Outgoing',
      orderID: ids.foreign,
      lineItemID: ids.foreignLine,
      shipmentID: ids.foreignShipment,
      returnID: ids.foreignReturn,
    };
    const problems = await check(
      targeted.flatMap((route) =>
        ['Outgoing', 'All'].map((direction) => ({
          label: `${route.method} ${route.path} (${direction})`,
          call: () => employee(route.method, pathOf(route, { ...values, direction }), bodyOf(route)),
          expect: (status: number, code: string | undefined) =>
            status === 404 ||
            (status === 403 && (code === 'InsufficientRoles' || code === 'InvalidUserType')) ||
            (status === 400 && INPUT_CODES.has(code ?? ''))
              ? null
              : 'expected 404 (or a refusal of the input or role)',
        })),
      ),
    );
    expect(problems).toEqual([]);
  });

  /** The documented refusal of an action on an order in a status it does not allow. */
  const STATUS_CODES: Record<string, string> = {
    '/submit': 'Order.CannotSubmitBadStatus',
    '/validate': 'Order.CannotSubmitBadStatus',
    '/cancel': 'Order.CannotCancelInCurrentStatus',
    '/complete': 'Order.CannotCompleteBadStatus',
    '/ship': 'Order.CannotShipBadStatus',
    '/approve': 'Order.MustBeAwaitingApproval',
    '/decline': 'Order.MustBeAwaitingApproval',
    '/lineitems': 'Order.CannotModifySubmittedOrder',
    '/lineitems/:lineItemID': 'Order.CannotModifySubmittedOrder',
  };
  const documented = (route: Route) =>
    Object.entries(STATUS_CODES).find(([suffix]) => route.path.endsWith(suffix))?.[1];

  it('refuses every change to a canceled or completed order, as the sender', async () => {
    const onOrder = routes.filter((r) => r.path.startsWith('/v1/orders/:direction/:orderID'));
    const problems = await check(
      onOrder.flatMap((route) =>
        (
          [
            ['canceled', ids.canceled, ids.canceledLine],
            ['completed', ids.completed, ids.completedLine],
          ] as const
        ).map(([state, orderID, lineItemID]) => ({
          label: `${route.method} ${route.path} on a ${state} order`,
          call: () =>
            employee(
              route.method,
              pathOf(route, { direction: 'Outgoing', orderID, lineItemID }),
              bodyOf(route),
            ),
          expect: (status: number, code: string | undefined) => {
            const want = documented(route);
            if (status === 403 && (code === 'InsufficientRoles' || code === 'InvalidUserType')) return null;
            if (want && route.method !== 'DELETE' && code !== want) return `expected ${want}`;
            return status >= 400 && status < 500 ? null : 'expected a refusal';
          },
        })),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('refuses the state machine actions on a canceled or completed order, as the receiver', async () => {
    const actions = routes.filter(
      (r) =>
        r.method === 'POST' &&
        /^\/v1\/orders\/:direction\/:orderID\/(submit|cancel|complete|ship|approve|decline|forward|split)$/.test(
          r.path,
        ),
    );
    expect(actions.length).toBeGreaterThanOrEqual(4);
    const problems = await check(
      actions.flatMap((route) =>
        [ids.canceled, ids.completed].map((orderID) => ({
          label: `${route.method} ${route.path} on ${orderID === ids.canceled ? 'canceled' : 'completed'}`,
          call: () => admin('POST', pathOf(route, { direction: 'Incoming', orderID }), {}),
          expect: (status: number, code: string | undefined) => {
            const want = documented(route);
            if (want && code !== want && !(route.path.endsWith('/submit') && status === 403))
              return `expected ${want}`;
            return status >= 400 && status < 500 ? null : 'expected a refusal';
          },
        })),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('refuses zero and negative quantities', async () => {
    const lineRoutes = routes.filter(
      (r) => r.method !== 'DELETE' && /\/lineitems(\/:lineItemID)?$/.test(r.path),
    );
    expect(lineRoutes.length).toBeGreaterThanOrEqual(3);
    const cases = lineRoutes.flatMap((route) =>
      [0, -1].map((quantity) => ({
        label: `${route.method} ${route.path} with Quantity ${quantity}`,
        call: () =>
          employee(
            route.method,
            pathOf(route, {
              direction: 'Outgoing',
              orderID: ids.draft,
              lineItemID: route.path.startsWith('/v1/cart') ? ids.cartLine : ids.draftLine,
            }),
            bodyOf(route, { Quantity: quantity }),
          ),
        expect: (status: number, code: string | undefined) =>
          status === 400 && QUANTITY_CODES.includes(code ?? '') ? null : `expected 400 ${QUANTITY_CODES[0]}`,
      })),
    );
    if (has('PUT', '/v1/orderreturns/:returnID/items/:lineItemID') && ids.foreignReturn !== 'matrix-probe') {
      // The return's owner (the Canadian buyer) gives a return item a zero or negative quantity.
      const caClient = rawClient(commerce().baseUrl, await loginAs('ca-buyer'));
      for (const quantity of [0, -1]) {
        cases.push({
          label: `PUT /v1/orderreturns/:returnID/items/:lineItemID with Quantity ${quantity}`,
          call: () =>
            caClient('PUT', `/orderreturns/${ids.foreignReturn}/items/any-line`, { Quantity: quantity }),
          expect: (status, code) =>
            status === 400 && code === 'ValidationFailure' ? null : 'expected 400 ValidationFailure',
        });
      }
    }
    if (has('POST', '/v1/shipments/:shipmentID/items')) {
      for (const quantity of [0, -1]) {
        cases.push({
          label: `POST /v1/shipments/:shipmentID/items with QuantityShipped ${quantity}`,
          call: () =>
            admin('POST', `/shipments/${ids.foreignShipment}/items`, {
              OrderID: ids.foreign,
              LineItemID: ids.foreignLine,
              QuantityShipped: quantity,
            }),
          expect: (status, code) =>
            status === 400 && code === 'ValidationFailure' ? null : 'expected 400 ValidationFailure',
        });
      }
    }
    expect(await check(cases)).toEqual([]);
  });

  it('refuses an unknown product', async () => {
    // New line items (a PUT names an existing line, whose product cannot change anyway).
    const lineRoutes = routes.filter((r) => r.method === 'POST' && /\/lineitems$/.test(r.path));
    expect(lineRoutes.length).toBeGreaterThanOrEqual(2);
    const problems = await check(
      lineRoutes.map((route) => ({
        label: `${route.method} ${route.path} with an unknown product`,
        call: () =>
          employee(
            route.method,
            pathOf(route, { direction: 'Outgoing', orderID: ids.draft }),
            bodyOf(route, { ProductID: 'NO-SUCH-PRODUCT' }),
          ),
        expect: (status: number, code: string | undefined) =>
          status === 404 && code === 'NotFound' ? null : 'expected 404 NotFound',
      })),
    );
    expect(problems).toEqual([]);
  });
});
