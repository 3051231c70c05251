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
