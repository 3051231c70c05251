/**
 * The discovery session cookies of spec §3/§9 under the names the search SDK (`@sitecore-search/data`,
 * `api/siteInfo.js`) reads and writes, so the SDK continues the same session when it loads: the session
 * counter `__rutma` — `userId.previousSessionStart.currentSessionStart.visitCount.pageViews.visitPageViews`,
 * whose first field is the discovery user id (the browser id `__ruid`) — and the session marker `__rutmb`.
 * Both live 30 minutes (1,800,000 ms) from the last page view: a visitor idle longer starts a new visit.
 * They exist only while tracking consent is on (the consent store deletes them with the browser id).
 */
export const SESSION_COUNTER_COOKIE = '__rutma';
export const SESSION_MARKER_COOKIE = '__rutmb';
export const DISCOVERY_SESSION_COOKIES = [SESSION_COUNTER_COOKIE, SESSION_MARKER_COOKIE] as const;

/**
 * The email this tab last sent the personalisation identity event for (session storage): one identity
 * per tab session, not per page; cleared with the cookies when consent is withdrawn.
 */
export const IDENTIFIED_KEY = 'personalizeIdentified';

/** Spec §9: discovery session cookies last 30 minutes. */
export const DISCOVERY_SESSION_MS = 1_800_000;
export const DISCOVERY_SESSION_SECONDS = DISCOVERY_SESSION_MS / 1000;

/** The marker's value, as the SDK writes it: the domain part of the customer key (`11111-2222222`). */
export function sessionMarkerValue(customerKey: string): string {
  return customerKey.split('-')[0] ?? customerKey;
}

export interface DiscoverySession {
  userId: string;
  previousSessionStart: number;
  currentSessionStart: number;
  visitCount: number;
  pageViews: number;
  visitPageViews: number;
}

/** Reads a session counter value; null when it is absent or not one. */
export function parseSessionCounter(value: string | null): DiscoverySession | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 6) return null;
  const [userId = '', ...rest] = parts;
  const numbers = rest.map(Number);
  if (!userId || numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) return null;
  const [previousSessionStart, currentSessionStart, visitCount, pageViews, visitPageViews] = numbers as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { userId, previousSessionStart, currentSessionStart, visitCount, pageViews, visitPageViews };
}

export function formatSessionCounter(session: DiscoverySession): string {
  return [
    session.userId,
    session.previousSessionStart,
    session.currentSessionStart,
    session.visitCount,
    session.pageViews,
    session.visitPageViews,
  ].join('.');
}

/**
 * The session after one more page view (the SDK's `generateNewUTMA`): without the marker a new visit
 * starts — the current start becomes the previous one, the visit count goes up and the visit's page
 * count restarts. A counter of another browser id (consent was withdrawn and given again) starts over.
 */
export function nextDiscoverySession(input: {
  counter: string | null;
  markerPresent: boolean;
  userId: string;
  now: number;
}): DiscoverySession {
  const known = parseSessionCounter(input.counter);
  if (!known || known.userId !== input.userId) {
    return {
      userId: input.userId,
      previousSessionStart: input.now,
      currentSessionStart: input.now,
      visitCount: 1,
      pageViews: 1,
      visitPageViews: 1,
    };
  }
  const newVisit = !input.markerPresent;
  return {
    userId: known.userId,
    previousSessionStart: newVisit ? known.currentSessionStart : known.previousSessionStart,
    currentSessionStart: newVisit ? input.now : known.currentSessionStart,
    visitCount: known.visitCount + (newVisit ? 1 : 0),
    pageViews: known.pageViews + 1,
    visitPageViews: newVisit ? 1 : known.visitPageViews + 1,
  };
}
