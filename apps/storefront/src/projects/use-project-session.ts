'use client';

import { useEffect, useState } from 'react';
import { freshSession } from '../auth/browser-session';
import { type ClientStores, clientState, followLogin } from './client-state';

export type ProjectSession =
  /** On the server and until the browser has read the login and the stored state. */
  | { status: 'unknown' }
  /** No valid UserToken (nor a refresh token that renews it): asked to log in. */
  | { status: 'visitor' }
  /** The stored state could not be restored in time ('persist timed out'). */
  | { status: 'failed'; message: string }
  | { status: 'ready'; stores: ClientStores };

/**
 * The project screens' start: the login from the UserToken cookie (renewed if it has expired) and the
 * persisted client state, hydrated within 5 s; the user state follows the login.
 */
export function useProjectSession(): ProjectSession {
  const [session, setSession] = useState<ProjectSession>({ status: 'unknown' });
  useEffect(() => {
    let live = true;
    (async () => {
      const login = await freshSession();
      const stores = await clientState();
      followLogin(stores, login?.token ?? null);
      if (live) setSession(login ? { status: 'ready', stores } : { status: 'visitor' });
    })().catch((error: unknown) => {
      if (live)
        setSession({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    });
    return () => {
      live = false;
    };
  }, []);
  return session;
}
