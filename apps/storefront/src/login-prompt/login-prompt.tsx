'use client';

import { useSyncExternalStore } from 'react';
import { UnauthenticatedModal, type UnauthenticatedModalTexts } from './unauthenticated-modal';

/**
 * One login prompt (the unauthenticated modal) per page, mounted once in the site shell: any control
 * that needs a logged-in user — favourite hearts, downloads, BIM links, calculators — calls
 * `askToLogIn(button)` and the same dialog opens, with a login link that brings the visitor back to this
 * page; when it closes, focus goes back to the control that asked.
 */

interface PromptState {
  /** The control to focus again once the dialog closes. */
  returnFocusTo: HTMLElement | null;
  /** The page to come back to after logging in (path and query). */
  returnTo: string;
}

let open: PromptState | null = null;
let mounted = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Subscribes a mounted prompt: while one is, `askToLogIn` opens the dialog. */
function subscribeMounted(listener: () => void): () => void {
  mounted++;
  const unsubscribe = subscribe(listener);
  return () => {
    mounted--;
    unsubscribe();
  };
}

/** The login page with the page to return to. */
function loginHref(loginPath: string, returnTo: string): string {
  return `${loginPath}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Opens the page's login prompt (without a mounted `LoginPrompt`: goes to the login page). */
export function askToLogIn(returnFocusTo?: HTMLElement | null): void {
  const returnTo = `${window.location.pathname}${window.location.search}`;
  if (mounted === 0) {
    window.location.assign(loginHref('/login', returnTo));
    return;
  }
  open = { returnFocusTo: returnFocusTo ?? (document.activeElement as HTMLElement | null), returnTo };
  notify();
}

interface LoginPromptProps {
  texts: UnauthenticatedModalTexts;
  /** The login page in the page's locale (`/fr-ca/login`). */
  loginPath: string;
}

/** Renders the dialog while a control has asked for a login. */
export function LoginPrompt({ texts, loginPath }: LoginPromptProps) {
  const state = useSyncExternalStore(
    subscribeMounted,
    () => open,
    () => null,
  );
  if (!state) return null;
  const close = () => {
    const target = state.returnFocusTo;
    open = null;
    notify();
    target?.focus();
  };
  return (
    <UnauthenticatedModal texts={texts} loginHref={loginHref(loginPath, state.returnTo)} onClose={close} />
  );
}
