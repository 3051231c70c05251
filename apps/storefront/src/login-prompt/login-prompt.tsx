'use client';

import { useSyncExternalStore } from 'react';
import { goToAccountPage } from '../auth/browser-session';
import { UnauthenticatedModal, type UnauthenticatedModalTexts } from './unauthenticated-modal';

/**
 * One login prompt (the unauthenticated modal) per page, mounted once in the site shell: any control
 * that needs a logged-in user — favourite hearts, downloads, BIM links, calculators — calls
 * `askToLogIn(button)` and the same dialog opens, with a login link that brings the visitor back to this
 * page (the login address comes from POST /api/dynamicURL like the header's, the plain login page
 * being the link's own href); when it closes, focus goes back to the control that asked.
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

/** The login page with the page to return to (the login page's `redirectURI`). */
function loginHref(loginPath: string, returnTo: string): string {
  return `${loginPath}?${new URLSearchParams({ redirectURI: returnTo })}`;
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
  /** Site locale → identity-provider locale, for POST /api/dynamicURL (as the header's login link). */
  loginLocalesMapping: Readonly<Record<string, string>>;
}

/** Renders the dialog while a control has asked for a login. */
export function LoginPrompt({ texts, loginPath, loginLocalesMapping }: LoginPromptProps) {
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
  const href = loginHref(loginPath, state.returnTo);
  return (
    <UnauthenticatedModal
      texts={texts}
      loginHref={href}
      onLogin={() => void goToAccountPage('login', loginLocalesMapping, href)}
      onClose={close}
    />
  );
}
