import type { LocaleCode } from '@catalogue/dataset/model';
import { readCookie, writeCookie } from '../browser/cookies';
import { SEARCH_CUSTOMER_KEY } from '../search/config';
import { sendSearchEvent } from '../search/send-event';
import { BROWSER_ID_COOKIE } from './browser-id';
import type { DeviceCategory } from './device-category';
import {
  DISCOVERY_SESSION_SECONDS,
  formatSessionCounter,
  IDENTIFIED_KEY,
  nextDiscoverySession,
  SESSION_COUNTER_COOKIE,
  SESSION_MARKER_COOKIE,
  sessionMarkerValue,
} from './discovery-session';
import { loginStatusFromToken, USER_TOKEN_COOKIE } from './login-status';
import {
  identityFromCookies,
  personalizeChannel,
  personalizeIdentity,
  personalizePageView,
} from './personalize-events';

/**
 * The personalisation layer's work on each page view, run by the page-view tracker one frame after the
 * page shows.
 */

/** One more page view in the discovery session cookies (30 minutes from now); needs the browser id. */
export function touchDiscoverySession(now: number): void {
  const userId = readCookie(BROWSER_ID_COOKIE);
  if (!userId) return;
  const session = nextDiscoverySession({
    counter: readCookie(SESSION_COUNTER_COOKIE),
    markerPresent: readCookie(SESSION_MARKER_COOKIE) !== null,
    userId,
    now,
  });
  writeCookie(SESSION_COUNTER_COOKIE, formatSessionCounter(session), DISCOVERY_SESSION_SECONDS);
  writeCookie(SESSION_MARKER_COOKIE, sessionMarkerValue(SEARCH_CUSTOMER_KEY), DISCOVERY_SESSION_SECONDS);
}

/**
 * The personalisation page view of the page shown and, when the identity cookies exist and this tab has
 * not yet said who the visitor is, the identity event with the user's token (one POST). Without a valid
 * token the identity waits for a later page (the session renews its token). Consent is checked by
 * `sendSearchEvent`.
 */
export function sendPersonalizeEvents(input: {
  locale: LocaleCode;
  currency: string;
  pointOfSale: string;
  device: DeviceCategory;
  now: number;
}): void {
  const identity = identityFromCookies(readCookie);
  const token = readCookie(USER_TOKEN_COOKIE);
  const identify =
    identity !== null &&
    sessionStorage.getItem(IDENTIFIED_KEY) !== identity.email &&
    token !== null &&
    loginStatusFromToken(token, input.now) === 'logged in';
  sendSearchEvent(
    (uuid, pageUri) => {
      const page = { ...input, pageUri, uuid, channel: personalizeChannel(input.device) };
      const view = personalizePageView(page);
      return identify && identity ? [view, personalizeIdentity(page, identity)] : view;
    },
    identify ? token : undefined,
  );
  if (identify && identity) sessionStorage.setItem(IDENTIFIED_KEY, identity.email);
}
