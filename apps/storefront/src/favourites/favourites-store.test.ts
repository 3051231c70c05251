import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FavouriteList } from './favourite-types';

/**
 * The browser's favourites store, in Node with a stand-in `document.cookie` and `fetch` that plays the
 * buyer API: one load shared by every subscriber, the list created on first change, changes one at a
 * time, and a visitor or an expired token ending in the login prompt.
 */

type Store = typeof import('./favourites-store');

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part(claims)}.c2ln`;
}

const TOKEN = jwt({ u: 'engineer', exp: Math.floor(Date.now() / 1000) + 3600 });

interface Call {
  route: string;
  data: Record<string, unknown>;
}

/** A buyer API in memory: the list's ID (null until created) and products. */
function fakeBuyerApi(options: { status?: number } = {}) {
  const calls: Call[] = [];
  let list: FavouriteList = { ID: null, Items: [] };
  const product = (id: string) => ({
    ID: id,
    CatalogueNumber: id,
    Name: id,
    Names: {},
    CategoryID: null,
    FamilyPath: null,
    DateAdded: null,
  });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const route = url.split('/').at(-1) ?? '';
    const { data } = JSON.parse(String(init.body)) as { data: Record<string, unknown> };
    calls.push({ route, data });
    await Promise.resolve();
    if (options.status) {
      return Response.json({ error: 'refused' }, { status: options.status });
    }
    if (route === 'CreateFavoriteProducts') list = { ...list, ID: 'favourites-engineer' };
    if (route === 'UpdateFavoriteProducts') {
      const change = data.newData as { add?: string[]; remove?: string[] };
      const ids = list.Items.map((p) => p.ID).filter((id) => !change.remove?.includes(id));
      list = { ...list, Items: [...ids, ...(change.add ?? [])].map(product) };
    }
    return Response.json(list);
  });
  return { calls, fetch };
}

async function freshStore(cookie: string, api: ReturnType<typeof fakeBuyerApi>): Promise<Store> {
  vi.stubGlobal('document', { cookie });
  vi.stubGlobal('fetch', api.fetch);
  vi.resetModules();
  return import('./favourites-store');
}

/** Resolves once the store's state satisfies `done`. */
function until(store: Store, done: (state: ReturnType<Store['favouritesState']>) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done(store.favouritesState())) return resolve();
    const stop = store.subscribeFavourites(() => {
      if (done(store.favouritesState())) {
        stop();
        resolve();
      }
    });
  });
}

describe('favourites store', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.unstubAllGlobals());

  it('loads the list once for every subscriber of the page, with the URI-encoded token', async () => {
    const api = fakeBuyerApi();
    const store = await freshStore(`other=1; UserToken=${encodeURIComponent(TOKEN)}`, api);
    expect(store.favouritesState()).toEqual({ status: 'unknown' });
    for (let i = 0; i < 24; i++) store.subscribeFavourites(() => undefined);
    await until(store, (s) => s.status === 'ready');
    expect(api.calls).toEqual([{ route: 'GetFavoriteProducts', data: { token: encodeURIComponent(TOKEN) } }]);
    expect(store.favouritesState()).toEqual({ status: 'ready', list: { ID: null, Items: [] } });
  });

  it('creates the list on the first change, then changes it one request at a time', async () => {
    const api = fakeBuyerApi();
    const store = await freshStore(`UserToken=${TOKEN}`, api);
    store.subscribeFavourites(() => undefined);
    const [first, second] = await Promise.all([
      store.changeFavourites({ add: ['A-1'] }),
      store.changeFavourites({ add: ['B-2'] }),
    ]);
    expect(first).toMatchObject({ ID: 'favourites-engineer', Items: [{ ID: 'A-1' }] });
    expect(second).toMatchObject({ Items: [{ ID: 'A-1' }, { ID: 'B-2' }] });
    expect(api.calls.map((c) => c.route)).toEqual([
      'GetFavoriteProducts',
      'CreateFavoriteProducts',
      'UpdateFavoriteProducts',
      'UpdateFavoriteProducts',
    ]);
    expect(api.calls[3]?.data).toEqual({
      token: encodeURIComponent(TOKEN),
      id: 'favourites-engineer',
      newData: { add: ['B-2'] },
    });
    const state = store.favouritesState();
    expect(store.isFavourite(state, 'B-2')).toBe(true);
    await store.changeFavourites({ remove: ['A-1'] });
    expect(store.isFavourite(store.favouritesState(), 'A-1')).toBe(false);
  });

  it('treats a visitor as such without asking the API, and asks them to log in on a change', async () => {
    for (const cookie of [
      '',
      'UserToken=garbage',
      `UserToken=${jwt({ u: 'x', exp: Date.now() / 1000 + 5 })}`,
    ]) {
      const api = fakeBuyerApi();
      const store = await freshStore(cookie, api);
      store.subscribeFavourites(() => undefined);
      await until(store, (s) => s.status === 'visitor');
      expect(await store.changeFavourites({ add: ['A-1'] })).toBe('login');
      expect(api.calls).toEqual([]);
    }
  });

  it('renews an expired token with the refresh token before asking for the list', async () => {
    const api = fakeBuyerApi();
    const expired = jwt({ u: 'engineer', exp: Math.floor(Date.now() / 1000) - 60 });
    // The refresh token is an HttpOnly cookie scripts never see; its companion name cookie says it is there.
    const store = await freshStore(`UserToken=${expired}; UserFirstName=Priya`, api);
    const renewal = api.fetch.getMockImplementation();
    const renewals: unknown[] = [];
    api.fetch.mockImplementation(async (url: string, init: RequestInit) => {
      if (!url.endsWith('/getNewAccessToken')) return (renewal as typeof api.fetch)(url, init);
      renewals.push(JSON.parse(String(init.body)));
      // The route reads the refresh cookie, sets the new login cookies and answers the token.
      (document as { cookie: string }).cookie = `UserToken=${TOKEN}; UserFirstName=Priya`;
      return Response.json({ access_token: TOKEN, expires_in: 1800 });
    });
    store.subscribeFavourites(() => undefined);
    await until(store, (s) => s.status === 'ready');
    expect(api.calls).toEqual([{ route: 'GetFavoriteProducts', data: { token: encodeURIComponent(TOKEN) } }]);
    expect(api.fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/ordercloud/Buyer/getNewAccessToken',
      '/api/ordercloud/Buyer/GetFavoriteProducts',
    ]);
    expect(renewals).toEqual([{ variables: {} }]);
  });

  it('turns a 401 of the API into the login prompt and other refusals into an error', async () => {
    const expired = fakeBuyerApi({ status: 401 });
    let store = await freshStore(`UserToken=${TOKEN}`, expired);
    store.subscribeFavourites(() => undefined);
    await until(store, (s) => s.status === 'visitor');
    expect(await store.changeFavourites({ add: ['A-1'] })).toBe('login');

    const broken = fakeBuyerApi({ status: 500 });
    store = await freshStore(`UserToken=${TOKEN}`, broken);
    store.subscribeFavourites(() => undefined);
    await until(store, (s) => s.status === 'failed');
    await expect(store.changeFavourites({ add: ['A-1'] })).rejects.toMatchObject({
      name: 'FavouritesError',
      status: 500,
      message: 'refused',
    });
  });
});
