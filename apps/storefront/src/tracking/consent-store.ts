'use client';

import { useSyncExternalStore } from 'react';
import { deleteCookie, readCookie, writeCookie } from '../browser/cookies';
import { BROWSER_ID_COOKIE, newUuid } from './browser-id';
import { CONSENT_COOKIE, type ConsentChoice, consentChoiceOf, trackingEnabled } from './consent';
import { disableAnalytics } from './data-layer';
import { DISCOVERY_SESSION_COOKIES, IDENTIFIED_KEY } from './discovery-session';

/**
 * The tracking choice in the browser, shared by the banner, the scripts and the page-view tracker:
 * the cookie is the truth, this module notifies subscribers when the visitor changes it.
 */

const listeners = new Set<() => void>();
let settingsOpen = false;

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface ConsentState {
  choice: ConsentChoice | null;
  enabled: boolean;
  /** The visitor reopened the banner to change the choice. */
  settingsOpen: boolean;
}

function snapshotKey(choice: ConsentChoice | null, open: boolean): string {
  return `${choice ?? ''}|${open ? 'open' : ''}`;
}

function stateOf(key: string): ConsentState {
  const [choiceText, open] = key.split('|');
  const choice = consentChoiceOf(choiceText);
  return { choice, enabled: trackingEnabled(choice), settingsOpen: open === 'open' };
}

/** The current choice; `initialChoice` is what the server read from the cookie (used while hydrating). */
export function useConsent(initialChoice: ConsentChoice | null): ConsentState {
  const key = useSyncExternalStore(
    subscribe,
    () => snapshotKey(currentConsentChoice(), settingsOpen),
    () => snapshotKey(initialChoice, false),
  );
  return stateOf(key);
}

export function currentConsentChoice(): ConsentChoice | null {
  return consentChoiceOf(readCookie(CONSENT_COOKIE));
}

/** Whether tracking may run right now (read when a page view happens). */
export function trackingAllowedNow(): boolean {
  return trackingEnabled(currentConsentChoice());
}

/** Gives this browser its id (spec §3, §4: consent on sets a uuid) unless it has one. */
export function ensureBrowserId(): void {
  if (!readCookie(BROWSER_ID_COOKIE)) writeCookie(BROWSER_ID_COOKIE, newUuid());
}

/**
 * Records the visitor's choice. On: the browser gets its id. Off: the tracking identity goes — the id,
 * the discovery session cookies and the tab's identity mark — and analytics is told to stop; the
 * page-view tracker checks the choice before every push, so nothing more is sent (spec §4).
 */
export function chooseConsent(choice: ConsentChoice): void {
  writeCookie(CONSENT_COOKIE, choice);
  if (choice === 'on') ensureBrowserId();
  else {
    deleteCookie(BROWSER_ID_COOKIE);
    for (const name of DISCOVERY_SESSION_COOKIES) deleteCookie(name);
    sessionStorage.removeItem(IDENTIFIED_KEY);
    disableAnalytics();
  }
  settingsOpen = false;
  notify();
}

export function openConsentSettings(): void {
  settingsOpen = true;
  notify();
}
