'use client';

import { useSyncExternalStore } from 'react';
import { hasRenewableSession, readBrowserSession } from '../auth/browser-session';
import type { FavouriteChange, FavouriteList } from './favourite-types';

/**
 * The visitor's favourite products in the browser (spec §3 client state "favourite products"): loaded
 * once per page load from `GetFavoriteProducts` when the first heart or list subscribes, kept in memory
 * (never in localStorage: only productPersist, user and project state persist) and shared by every heart,
 * the favourites page and the header link, so a page of 24 hearts makes one request. Changes go through
 * `UpdateFavoriteProducts` one at a time, each answer replacing the list. The `UserToken` cookie is the
 * login (spec §4), renewed through the refresh token when it has expired; the list follows it when
 * another user logs in. The requests are `favourites-requests.ts`, loaded only when the browser has login
 * cookies or a visitor changes a favourite: a visitor's page never loads them.
 */

export type FavouritesState =
  /** On the server and while hydrating: not known yet. */
  | { status: 'unknown' }
  /** No valid UserToken: a visitor, who is asked to log in. */
  | { status: 'visitor' }
  | { status: 'loading' }
  | { status: 'ready'; list: FavouriteList }
  | { status: 'failed' };

const UNKNOWN: FavouritesState = { status: 'unknown' };
let state: FavouritesState = UNKNOWN;
/** The token the current state belongs to. */
let stateToken: string | null = null;
const listeners = new Set<() => void>();

/** Replaces the state and tells every subscriber (for `favourites-requests.ts`). */
export function setFavouritesState(next: FavouritesState, token: string | null): void {
  state = next;
  stateToken = token;
  for (const listener of listeners) listener();
}

/** The token the current state belongs to (for `favourites-requests.ts`). */
export function favouritesToken(): string | null {
  return stateToken;
}

const requests = () => import('./favourites-requests');

/** Loads the list for the current token unless it is loaded or loading (called by subscribers). */
function ensureLoaded(): void {
  const token = readBrowserSession()?.token;
  if (token === stateToken && (state.status === 'ready' || state.status === 'loading')) return;
  if (!token && !hasRenewableSession()) {
    void Promise.resolve().then(() => {
      if (state.status !== 'visitor') setFavouritesState({ status: 'visitor' }, null);
    });
    return;
  }
  void requests().then((module) => module.ensureLoaded());
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
  return requests().then((module) => module.changeFavourites(change));
}
