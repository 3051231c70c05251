'use client';

import { useSyncExternalStore } from 'react';
import { freshSession, readBrowserSession } from '../auth/browser-session';
import type { FavouriteChange, FavouriteList } from './favourite-types';

/**
 * The visitor's favourite products in the browser (spec §3 client state "favourite products"): loaded
 * once per page load from `GetFavoriteProducts` when the first heart or list subscribes, kept in memory
 * (never in localStorage: only productPersist, user and project state persist) and shared by every heart,
 * the favourites page and the header link, so a page of 24 hearts makes one request. Changes go through
 * `UpdateFavoriteProducts` one at a time, each answer replacing the list. The `UserToken` cookie is the
 * login (spec §4), renewed through the refresh token when it has expired; the list follows it when
 * another user logs in.
 */

export type FavouritesState =
  /** On the server and while hydrating: not known yet. */
  | { status: 'unknown' }
  /** No valid UserToken: a visitor, who is asked to log in. */
  | { status: 'visitor' }
  | { status: 'loading' }
  | { status: 'ready'; list: FavouriteList }
  | { status: 'failed' };

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

const UNKNOWN: FavouritesState = { status: 'unknown' };
let state: FavouritesState = UNKNOWN;
/** The token the current state belongs to. */
let stateToken: string | null = null;
let loading: Promise<FavouriteList> | null = null;
/** Changes run one after another, so an older answer never replaces a newer list. */
let queue: Promise<unknown> = Promise.resolve();
const listeners = new Set<() => void>();

function setState(next: FavouritesState, token: string | null): void {
  state = next;
  stateToken = token;
  for (const listener of listeners) listener();
}

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
function ensureLoaded(): void {
  const token = readBrowserSession()?.token;
  if (token === stateToken && (state.status === 'ready' || state.status === 'loading')) return;
  void userToken().then((current) => {
    if (!current) {
      if (state.status !== 'visitor') setState({ status: 'visitor' }, null);
      return;
    }
    if (current === stateToken && (state.status === 'ready' || state.status === 'loading')) return;
    void load(current).catch(() => undefined);
  });
}

function load(token: string): Promise<FavouriteList> {
  if (loading && stateToken === token) return loading;
  setState({ status: 'loading' }, token);
  const request = post('GetFavoriteProducts', { token: encodeURIComponent(token) }).then(
    (list) => {
      if (stateToken === token) setState({ status: 'ready', list }, token);
      return list;
    },
    (error: unknown) => {
      if (stateToken === token) {
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

/** Subscribes to the list; the first subscriber of a page (or of a new login) loads it. */
export function subscribeFavourites(listener: () => void): () => void {
  listeners.add(listener);
  ensureLoaded();
  return () => listeners.delete(listener);
}

export function favouritesState(): FavouritesState {
  return state;
}

/** The favourites as components see them (`unknown` on the server and during hydration). */
export function useFavourites(): FavouritesState {
  return useSyncExternalStore(subscribeFavourites, favouritesState, () => UNKNOWN);
}

export function isFavourite(state: FavouritesState, productId: string): boolean {
  return state.status === 'ready' && state.list.Items.some((product) => product.ID === productId);
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
      const current = state.status === 'ready' && stateToken === token ? state.list : await load(token);
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
