import { testDriver } from '@catalogue/db/testing';
import fc from 'fast-check';
import {
  ApprovalRules,
  LineItems,
  type OrderCloudError,
  Orders,
  UserGroups,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts } from '../testing/orders';
import { commerceForTests, loginAs } from '../testing/sdk';

/**
 * Model-based test of the order state machine: random sequences of actions through the official SDK
 * (the employee sends the orders, the marketplace administrator receives them, the engineer approves those
 * of the model's approval flow) against a reference model
 * of the allowed transitions. Each command predicts the service's answer from the model — success, or
 * the documented status and ErrorCode — and a refused command must leave the order and its line items
 * exactly as they were.
 */
type Status = 'Unsubmitted' | 'AwaitingApproval' | 'Declined' | 'Open' | 'Completed' | 'Canceled';

interface ModelOrder {
  id: string;
  /** null once deleted. */
  status: Status | null;
  lines: { id: string; quantity: number }[];
  /** The model's approval rule fires for it at submit (its xp.Flow says so). */
  needsApproval: boolean;
  /** Approvals exist (it was submitted once): the approver reaches it as Incoming. */
  approvalsMade: boolean;
  /** Its last decline allowed resubmission. */
  allowResubmit: boolean;
}
interface Model {
  orders: ModelOrder[];
}
interface Real {
  buyer: string;
  admin: string;
  /** A member of the approving group of the model's approval rule. */
  approver: string;
  productId: string;
}

const APPROVAL_FLOW = 'model-approval';

/** What a call must answer: success, or a refusal with this status and ErrorCode. */
type Expected = { ok: true } | { ok: false; status: number; codes: string[] };
const ok: Expected = { ok: true };
const refused = (status: number, ...codes: string[]): Expected => ({ ok: false, status, codes });
/** Quantity ≤ 0: the body is refused (the wire doc names LineItem.QuantityMustBePositive). */
const badQuantity = refused(400, 'LineItem.QuantityMustBePositive');

type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; code: string };

async function attempt<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    const e = error as OrderCloudError;
    if (!e.isOrderCloudError) throw error;
    return { ok: false, status: e.status, code: e.errorCode };
  }
}

/** The order and its line items as the buyer reads them (null when it does not exist). */
async function snapshot(real: Real, id: string) {
  const order = await attempt(Orders.Get('Outgoing', id, { accessToken: real.buyer }));
  if (!order.ok) {
    expect(order.status).toBe(404);
    return null;
  }
  const lines = await LineItems.List('Outgoing', id, { pageSize: 100 }, { accessToken: real.buyer });
  return { order: order.value, lines: lines.Items };
}

/** Runs one action and checks it against the expectation; a refusal must change nothing. */
async function act<T>(
  real: Real,
  order: ModelOrder,
  expected: Expected,
  call: () => Promise<T>,
  label: string,
): Promise<Outcome<T>> {
  const before = expected.ok ? null : await snapshot(real, order.id);
  const outcome = await attempt(call());
  if (expected.ok) {
    expect(outcome, `${label}: ${JSON.stringify(outcome)}`).toMatchObject({ ok: true });
  } else {
    expect(outcome.ok, `${label} should be refused`).toBe(false);
    if (!outcome.ok) {
      expect(outcome.status, label).toBe(expected.status);
      expect(expected.codes, label).toContain(outcome.code);
    }
    expect(await snapshot(real, order.id), `${label} changed something`).toEqual(before);
  }
  return outcome;
}

/** The model and the service agree on an order's status and lines. */
async function agree(real: Real, order: ModelOrder) {
  const actual = await snapshot(real, order.id);
  if (order.status === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual?.order.Status).toBe(order.status);
  expect(actual?.order.LineItemCount).toBe(order.lines.length);
  expect(
    actual?.lines.map((l) => [l.ID, l.Quantity]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  ).toEqual(
    order.lines.map((l) => [l.id, l.quantity]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

const pick = <T>(items: T[], n: number): T | undefined => items[n % Math.max(items.length, 1)];

type Cmd = fc.AsyncCommand<Model, Real>;

/**
 * A command on one of the orders of the run (by index, deleted ones included). With `prefer`, an order in
 * one of those statuses is taken when there is one, so that sequences reach the rarer transitions.
 */
function onOrder(
  name: string,
  n: number,
  body: (m: Model, r: Real, o: ModelOrder) => Promise<void>,
  prefer: Status[] = [],
): Cmd {
  return {
    check: (m) => m.orders.length > 0,
    run: async (m, r) => {
      const preferred = m.orders.filter((x) => x.status !== null && prefer.includes(x.status));
      const o = pick(preferred.length > 0 ? preferred : m.orders, n) as ModelOrder;
      await body(m, r, o);
      await agree(r, o);
    },
    toString: () => `${name}(${n})`,
  };
}

const create: fc.Arbitrary<Cmd> = fc.boolean().map((needsApproval) => ({
  check: () => true,
  run: async (m: Model, r: Real) => {
    const xp = { Flow: needsApproval ? APPROVAL_FLOW : 'model-direct' };
    const order = await Orders.Create('Outgoing', { xp }, { accessToken: r.buyer });
    expect(order.Status).toBe('Unsubmitted');
    m.orders.push({
      id: order.ID,
      status: 'Unsubmitted',
      lines: [],
      needsApproval,
      approvalsMade: false,
      allowResubmit: false,
    });
  },
  toString: () => `create(${needsApproval ? 'approval' : 'direct'})`,
}));

const quantity = fc.constantFrom(-1, 0, 1, 2, 5);

const addLine = fc.tuple(fc.nat(), quantity, fc.boolean()).map(([n, q, focus]) =>
  onOrder(
    `addLine[${q}${focus ? ',focus' : ''}]`,
    n,
    async (_m, r, o) => {
      const expected =
        q <= 0
          ? badQuantity
          : o.status === null
            ? refused(404, 'NotFound')
            : o.status !== 'Unsubmitted'
              ? refused(400, 'Order.CannotModifySubmittedOrder')
              : ok;
      const outcome = await act(
        r,
        o,
        expected,
        () =>
          LineItems.Create(
            'Outgoing',
            o.id,
            { ProductID: r.productId, Quantity: q },
            { accessToken: r.buyer },
          ),
        `add ${q} to ${o.status} order`,
      );
      if (outcome.ok) o.lines.push({ id: outcome.value.ID, quantity: q });
    },
    focus ? ['Unsubmitted'] : [],
  ),
);

const patchLine = fc.tuple(fc.nat(), fc.nat(), quantity).map(([n, l, q]) =>
  onOrder(`patchLine[${l},${q}]`, n, async (_m, r, o) => {
    const line = pick(o.lines, l);
    const expected =
      q <= 0
        ? badQuantity
        : o.status === null || !line
          ? refused(404, 'NotFound')
          : o.status !== 'Unsubmitted'
            ? refused(400, 'Order.CannotModifySubmittedOrder')
            : ok;
    const outcome = await act(
      r,
      o,
      expected,
      () =>
        LineItems.Patch(
          'Outgoing',
          o.id,
          line?.id ?? 'no-such-line',
          { Quantity: q },
          { accessToken: r.buyer },
        ),
      `patch line of ${o.status} order to ${q}`,
    );
    if (outcome.ok && line) line.quantity = q;
  }),
);

const deleteLine = fc.tuple(fc.nat(), fc.nat()).map(([n, l]) =>
  onOrder(`deleteLine[${l}]`, n, async (_m, r, o) => {
    const line = pick(o.lines, l);
    const expected =
      o.status === null
        ? refused(404, 'NotFound')
        : o.status !== 'Unsubmitted'
          ? refused(400, 'Order.CannotModifySubmittedOrder')
          : !line
            ? refused(404, 'NotFound')
            : ok;
    const outcome = await act(
      r,
      o,
      expected,
      () => LineItems.Delete('Outgoing', o.id, line?.id ?? 'no-such-line', { accessToken: r.buyer }),
      `delete line of ${o.status} order`,
    );
    if (outcome.ok) o.lines = o.lines.filter((x) => x !== line);
  }),
);

const submit = fc.tuple(fc.nat(), fc.boolean()).map(([n, focus]) =>
  onOrder(
    `submit${focus ? '[focus]' : ''}`,
    n,
    async (_m, r, o) => {
      const submittable = o.status === 'Unsubmitted' || (o.status === 'Declined' && o.allowResubmit);
      const expected =
        o.status === null
          ? refused(404, 'NotFound')
          : !submittable
            ? refused(400, 'Order.CannotSubmitBadStatus')
            : o.lines.length === 0
              ? refused(400, 'Order.CannotSubmitWithNoLineItems')
              : ok;
      const outcome = await act(
        r,
        o,
        expected,
        () => Orders.Submit('Outgoing', o.id, { accessToken: r.buyer }),
        `submit ${o.status} order`,
      );
      if (outcome.ok) {
        expect(outcome.value.IsSubmitted).toBe(true);
        o.status = o.needsApproval ? 'AwaitingApproval' : 'Open';
        o.approvalsMade ||= o.needsApproval;
        o.allowResubmit = false;
      }
    },
    focus ? ['Declined', 'Unsubmitted'] : [],
  ),
);

const cancel = fc.nat().map((n) =>
  onOrder('cancel', n, async (_m, r, o) => {
    const expected =
      o.status === null
        ? refused(404, 'NotFound')
        : ['Unsubmitted', 'AwaitingApproval', 'Declined'].includes(o.status)
          ? ok
          : refused(400, 'Order.CannotCancelInCurrentStatus');
    const outcome = await act(
      r,
      o,
      expected,
      () => Orders.Cancel('Outgoing', o.id, { accessToken: r.buyer }),
      `cancel ${o.status} order`,
    );
    if (outcome.ok) o.status = 'Canceled';
  }),
);

const complete = fc.nat().map((n) =>
  onOrder('complete', n, async (_m, r, o) => {
    const expected =
      o.status === null
        ? refused(404, 'NotFound')
        : o.status === 'Open'
          ? ok
          : refused(400, 'Order.CannotCompleteBadStatus');
    const outcome = await act(
      r,
      o,
      expected,
      () => Orders.Complete('Incoming', o.id, { accessToken: r.admin }),
      `complete ${o.status} order`,
    );
    if (outcome.ok) o.status = 'Completed';
  }),
);

/** The receiver ships everything left: the order is then complete. */
const ship = fc.nat().map((n) =>
  onOrder('ship', n, async (_m, r, o) => {
    const expected =
      o.status === null
        ? refused(404, 'NotFound')
        : o.status === 'Open'
          ? ok
          : refused(400, 'Order.CannotShipBadStatus');
    const outcome = await act(
      r,
      o,
      expected,
      () => Orders.Ship('Incoming', o.id, {}, { accessToken: r.admin }),
      `ship ${o.status} order`,
    );
    if (outcome.ok) {
      expect(outcome.value.Status).toBe('Completed');
      o.status = 'Completed';
    }
  }),
);

/** The approver decides: they reach the order (Incoming) once it has approvals of their group. */
const decide = (kind: 'approve' | 'decline') =>
  fc.tuple(fc.nat(), fc.boolean(), fc.boolean()).map(([n, allowResubmit, focus]) =>
    onOrder(
      `${kind}[${allowResubmit}${focus ? ',focus' : ''}]`,
      n,
      async (_m, r, o) => {
        const expected =
          o.status === null || !o.approvalsMade
            ? refused(404, 'NotFound')
            : o.status === 'AwaitingApproval'
              ? ok
              : refused(400, 'Order.MustBeAwaitingApproval');
        const outcome = await act(
          r,
          o,
          expected,
          () =>
            kind === 'approve'
              ? Orders.Approve('Incoming', o.id, { Comments: 'ok' }, { accessToken: r.approver })
              : Orders.Decline(
                  'Incoming',
                  o.id,
                  { AllowResubmit: allowResubmit },
                  { accessToken: r.approver },
                ),
          `${kind} ${o.status} order`,
        );
        if (outcome.ok) {
          o.status = kind === 'approve' ? 'Open' : 'Declined';
          o.allowResubmit = kind === 'decline' && allowResubmit;
          expect(outcome.value.Status).toBe(o.status);
        }
      },
      focus ? ['AwaitingApproval'] : [],
    ),
  );

const remove = fc.nat().map((n) =>
  onOrder('delete', n, async (_m, r, o) => {
    const expected =
      o.status === null
        ? refused(404, 'NotFound')
        : o.status === 'Unsubmitted'
          ? ok
          : refused(400, 'Order.CannotDeleteSubmittedOrder');
    const outcome = await act(
      r,
      o,
      expected,
      () => Orders.Delete('Outgoing', o.id, { accessToken: r.buyer }),
      `delete ${o.status} order`,
    );
    if (outcome.ok) o.status = null;
  }),
);

describe(`the order state machine against its model on ${testDriver()}`, () => {
  commerceForTests();
  let real: Real;

  beforeAll(async () => {
    const [productId = ''] = await buyableProducts(1, { quantity: 5 });
    // The model's approval rule: orders of its flow wait for the approvers group (the engineer).
    await UserGroups.Create('ACME-US', { ID: 'model-approvers', Name: 'Model approvers' });
    await UserGroups.SaveUserAssignment('ACME-US', { UserGroupID: 'model-approvers', UserID: 'engineer' });
    await ApprovalRules.Create('ACME-US', {
      ID: 'model-rule',
      ApprovingGroupID: 'model-approvers',
      RuleExpression: `order.xp.Flow = '${APPROVAL_FLOW}'`,
    });
    real = {
      productId,
      admin: await loginAs('admin'),
      buyer: await loginAs('employee'),
      approver: await loginAs('engineer'),
    };
  });

  it('answers every sequence of actions as the model of allowed transitions says', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Some commands are listed more than once so that sequences reach the later states often.
        fc.commands(
          [
            create,
            create,
            addLine,
            addLine,
            addLine,
            patchLine,
            deleteLine,
            submit,
            submit,
            cancel,
            complete,
            ship,
            decide('approve'),
            decide('decline'),
            remove,
          ],
          { maxCommands: 40, size: 'max' },
        ),
        async (commands) => {
          await fc.asyncModelRun(() => ({ model: { orders: [] }, real }), commands);
        },
      ),
      { numRuns: 30 },
    );
  });
});
