import { readCookie } from '../browser/cookies';
import { splitLocalePath } from '../routing/locales';
import { BROWSER_ID_COOKIE } from '../tracking/browser-id';
import { ensureBrowserId, trackingAllowedNow } from '../tracking/consent-store';
import { EVENT_PATH } from './entity-view';

/**
 * Posts one v4 search event (or a batch) without the SDK, while tracking consent is on: `build` gets the
 * browser id and the page's path without its locale prefix. With `userToken` the events are the
 * signed-in user's (`Authorization: Bearer`; the service refuses an identity event without it). Fire and
 * forget (`keepalive`, so a navigation that follows does not cancel it); a failure is not the visitor's
 * concern.
 */
export function sendSearchEvent(
  build: (uuid: string, pageUri: string) => Record<string, unknown> | Record<string, unknown>[],
  userToken?: string,
): void {
  if (!trackingAllowedNow()) return;
  ensureBrowserId();
  const uuid = readCookie(BROWSER_ID_COOKIE);
  if (!uuid) return;
  void fetch(EVENT_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(userToken ? { authorization: `Bearer ${userToken}` } : {}),
    },
    body: JSON.stringify(build(uuid, splitLocalePath(window.location.pathname).path)),
    keepalive: true,
  }).catch(() => undefined);
}
