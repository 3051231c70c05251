import { freshSession, readBrowserSession } from '../auth/browser-session';
import type { FavouriteChange, FavouriteList } from './favourite-types';
import { favouritesState, favouritesToken, setFavouritesState as setState } from './favourites-store';

/**
 * The favourites store's requests to the buyer API (`favourites-store.ts` loads this module when the
 * browser has login cookies or on a change).
 */

/** A refusal of the buyer API (`{error}` with its status), or the network failing. */
export class FavouritesError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'FavouritesError';
  }
}

let loading: Promise<FavouriteList> | null = null;
/** Changes run one after another, so an older answer never replaces a newer list. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The UserToken cookie while it makes the visitor logged in (spec §4); an expired one is renewed with the
 * refresh token first (`freshSession`, shared with the header's account menu). Null for a visitor.
 */
async function userToken(): Promise<string | null> {
  return readBrowserSession()?.token ?? (await freshSession())?.token ?? null;
}

async function post(route: string, data: Record<string, unknown>): Promise<FavouriteList> {
  let response: Response;
  try {
    response = await fetch(`/api/ordercloud/Buyer/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new FavouritesError(0, error instanceof Error ? error.message : 'Network Error');
  }
  const body = (await response.json().catch(() => null)) as (FavouriteList & { error?: string }) | null;
  if (!response.ok || !body) {
    throw new FavouritesError(
      response.status,
      body?.error ?? `Request failed with status code ${response.status}`,
    );
  }
  return body;
}

/** Loads the list for the current token unless it is loaded or loading (called by subscribers). */
export function ensureLoaded(): void {
  const state = favouritesState();
  const stateToken = favouritesToken();
  const token = readBrowserSession()?.token;
  if (token === stateToken && (state.status === 'ready' || state.status === 'loading')) return;
  void userToken().then((current) => {
    const state = favouritesState();
    if (!current) {
      if (state.status !== 'visitor') setState({ status: 'visitor' }, null);
      return;
    }
    if (current === favouritesToken() && (state.status === 'ready' || state.status === 'loading')) return;
    void load(current).catch(() => undefined);
  });
}

function load(token: string): Promise<FavouriteList> {
  if (loading && favouritesToken() === token) return loading;
  setState({ status: 'loading' }, token);
  const request = post('GetFavoriteProducts', { token: encodeURIComponent(token) }).then(
    (list) => {
      if (favouritesToken() === token) setState({ status: 'ready', list }, token);
      return list;
    },
    (error: unknown) => {
      if (favouritesToken() === token) {
        const expired = error instanceof FavouritesError && error.status === 401;
        setState(expired ? { status: 'visitor' } : { status: 'failed' }, expired ? null : token);
      }
      throw error;
    },
  );
  loading = request;
  void request
    .finally(() => {
      if (loading === request) loading = null;
    })
    .catch(() => undefined);
  return request;
}

/**
 * Adds or removes products: `'login'` when the visitor has no valid login (or the service says the
 * token has expired), else the new list. The list is created on first use. Other failures reject with
 * a FavouritesError and leave the list as it was.
 */
export function changeFavourites(change: FavouriteChange): Promise<'login' | FavouriteList> {
  const run = async (): Promise<'login' | FavouriteList> => {
    const token = await userToken();
    if (!token) {
      setState({ status: 'visitor' }, null);
      return 'login';
    }
    try {
      const state = favouritesState();
      const current =
        state.status === 'ready' && favouritesToken() === token ? state.list : await load(token);
      const encoded = encodeURIComponent(token);
      const id = current.ID ?? (await post('CreateFavoriteProducts', { token: encoded })).ID;
      const list = await post('UpdateFavoriteProducts', { token: encoded, id, newData: change });
      setState({ status: 'ready', list }, token);
      return list;
    } catch (error) {
      if (error instanceof FavouritesError && error.status === 401) {
        setState({ status: 'visitor' }, null);
        return 'login';
      }
      throw error;
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
