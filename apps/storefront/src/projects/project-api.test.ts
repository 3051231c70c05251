import { describe, expect, it, vi } from 'vitest';
import { callProjectRoute, ProjectCallError } from './project-api';

/** The browser's project calls against a stand-in `fetch` playing the routes of spec §7. */

function answering(status: number, body: unknown) {
  return vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

describe('project route calls', () => {
  it('send JSON with the token URI-encoded in the body, by the route method', async () => {
    const fetchImpl = answering(200, { ok: true });
    await callProjectRoute(
      'deleteProject',
      { orderID: 'P1' },
      { method: 'DELETE', token: 'a.b+c/d', fetchImpl: fetchImpl as unknown as typeof fetch },
    );
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/ordercloud/Buyer/deleteProject');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ orderID: 'P1', token: 'a.b%2Bc%2Fd' });
  });

  it("reject with the route's message and status (spec §8)", async () => {
    const refused = answering(403, { error: 'Order cannot be changed once submitted.' });
    const error = await callProjectRoute(
      'UpdateProductLineItem',
      {},
      {
        token: 't',
        fetchImpl: refused as unknown as typeof fetch,
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectCallError);
    expect(error).toMatchObject({ status: 403, message: 'Order cannot be changed once submitted.' });

    const broken = answering(502, 'not json');
    await expect(
      callProjectRoute('orderWorksheet', {}, { token: 't', fetchImpl: broken as unknown as typeof fetch }),
    ).rejects.toMatchObject({ status: 502, message: 'Request failed with status code 502' });

    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      callProjectRoute('orderWorksheet', {}, { token: 't', fetchImpl: offline as unknown as typeof fetch }),
    ).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});

describe('the Idempotency-Key of a user action (a double click made two projects)', () => {
  const keyOf = (fetchImpl: ReturnType<typeof vi.fn>, call: number) =>
    new Headers((fetchImpl.mock.calls[call]?.[1] as RequestInit | undefined)?.headers).get('idempotency-key');

  it('is the same for an action sent again before its outcome is known, and new once it is', async () => {
    let answer: () => Promise<Response> = async () => new Response('{"ID":"P1"}', { status: 200 });
    const fetchImpl = vi.fn(async (_url: string, _init: RequestInit) => answer());
    const send = (name: string) =>
      callProjectRoute(
        'createNewProject',
        { projectName: name, regionName: 'US' },
        {
          token: 't',
          creates: true,
          fetchImpl: fetchImpl as unknown as typeof fetch,
        },
      ).catch(() => undefined);
    // A double click: both calls leave before either is answered.
    await Promise.all([send('Hospital'), send('Hospital')]);
    expect(keyOf(fetchImpl, 0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(fetchImpl, 1)).toBe(keyOf(fetchImpl, 0));
    // Answered: the same fields again are a new action; other fields another one.
    await send('Hospital');
    expect(keyOf(fetchImpl, 2)).not.toBe(keyOf(fetchImpl, 0));
    await send('Clinic');
    expect(keyOf(fetchImpl, 3)).not.toBe(keyOf(fetchImpl, 2));
    // Outcome unknown (network down, the service failed, still in progress): a retry keeps the key.
    for (const unknown of [
      async () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('{"error":"failed"}', { status: 502 }),
      async () => new Response('{"error":"in progress"}', { status: 409 }),
    ]) {
      answer = unknown;
      await send('School');
      const before = keyOf(fetchImpl, fetchImpl.mock.calls.length - 1);
      answer = async () => new Response('{"ID":"P2"}', { status: 200 });
      await send('School');
      expect(keyOf(fetchImpl, fetchImpl.mock.calls.length - 1)).toBe(before);
    }
  });

  it('is not sent by calls that create nothing', async () => {
    const fetchImpl = answering(200, { Items: [] });
    await callProjectRoute(
      'getAllProjects',
      { submitted: false },
      { token: 't', fetchImpl: fetchImpl as unknown as typeof fetch },
    );
    expect(keyOf(fetchImpl, 0)).toBeNull();
  });
});
