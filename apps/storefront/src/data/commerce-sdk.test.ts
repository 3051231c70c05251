import { defineService } from '@catalogue/service-kit';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { Me, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { anonymousClientId, anonymousToken } from './commerce-sdk';

/** A stand-in commerce service that records what reaches it. */
function fakeCommerce(answer: (request: Request) => Response) {
  const seen: Request[] = [];
  setSharedServices([
    defineService('commerce', '/ordercloud', (request) => {
      seen.push(request);
      return answer(request);
    }),
  ]);
  return seen;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => setSharedServices(null));

describe('the SDK through the in-process adapter', () => {
  it("gets a regional catalog's anonymous token and lists products with it, in-process", async () => {
    const seen = fakeCommerce((request) =>
      new URL(request.url).pathname.endsWith('/oauth/token')
        ? json({ access_token: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig', expires_in: 600, token_type: 'bearer' })
        : json({ Items: [{ ID: 'EMT-1' }], Meta: { Page: 1, PageSize: 24, TotalCount: 1, TotalPages: 1 } }),
    );
    const token = await anonymousToken('catalog-eu', 1_000);
    expect(await anonymousToken('catalog-eu', 2_000)).toBe(token); // cached
    const list = await Me.ListProducts(
      { catalogID: 'catalog-eu', categoryID: 'a.b', depth: 'all', filters: { 'xp.Material': 'steel|pvc' } },
      { accessToken: token },
    );
    expect(list.Items.map((p) => p.ID)).toEqual(['EMT-1']);
    expect(seen).toHaveLength(2);
    const [tokenRequest, listRequest] = seen;
    expect(tokenRequest?.method).toBe('POST');
    expect(await tokenRequest?.text()).toContain(`client_id=${anonymousClientId('catalog-eu')}`);
    const url = new URL(listRequest?.url ?? '');
    expect(url.pathname).toBe('/ordercloud/v1/me/products');
    expect(url.searchParams.get('catalogID')).toBe('catalog-eu');
    expect(url.searchParams.get('xp.Material')).toBe('steel|pvc');
    expect(listRequest?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it("turns the service's refusal into the SDK's OrderCloudError with its status and error code", async () => {
    fakeCommerce(() =>
      json(
        {
          Errors: [
            {
              ErrorCode: 'NotFound',
              Message: 'Category not found: x',
              Data: { ObjectType: 'Category', ObjectID: 'x' },
            },
          ],
        },
        404,
      ),
    );
    const error = await Me.ListProducts(
      { categoryID: 'x' },
      { accessToken: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig' },
    ).then(
      () => null,
      (e: OrderCloudError) => e,
    );
    expect(error?.isOrderCloudError).toBe(true);
    expect(error?.status).toBe(404);
    expect(error?.errorCode).toBe('NotFound');
    expect(error?.message).toMatch(/Category.*x/);
  });
});
