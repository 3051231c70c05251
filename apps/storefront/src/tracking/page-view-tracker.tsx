'use client';

import type { LocaleCode } from '@catalogue/dataset/model';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { readCookie, writeCookie } from '../browser/cookies';
import { LOCATION_DETAILS_COOKIE, type LocationDetails } from '../localisation/location-details';
import { splitLocalePath } from '../routing/locales';
import { widgetViewEvent } from '../search/entity-view';
import { fillRecommendationSlots } from '../search/recommendation-slots';
import { sendSearchEvent } from '../search/send-event';
import { placeSeoBlocks, watchBlockViews } from '../search/server-blocks-follow';
import { ensureBrowserId, trackingAllowedNow } from './consent-store';
import { pushToDataLayer } from './data-layer';
import { deviceCategory } from './device-category';
import { USER_TOKEN_COOKIE } from './login-status';
import { pageViewEvent } from './page-view';
import { sendPersonalizeEvents, touchDiscoverySession } from './personalize-tracking';
import { pointOfSale } from './point-of-sale';
import { CURRENT_PAGE_KEY, PREVIOUS_PAGE_KEY, pageUrlWithoutQuery, previousPageAfter } from './previous-page';

interface PageViewTrackerProps {
  locale: LocaleCode;
  language: string;
  /** The region's currency (ISO 4217), for the personalisation events. */
  currency: string;
  region: string;
  siteName: string;
  locationDetails: LocationDetails;
}

/**
 * What the shell does on every page shown, on the first load and on every client-side route change
 * (it lives in the layout, so it stays mounted and sees each new pathname):
 * 1. writes the location_details cookie for the page's locale (spec §3);
 * 2. moves previousPageURL in local storage on (spec §2, see previous-page.ts);
 * 3. puts the page's server-rendered SEO blocks in the head instead of the previous page's, and sends a
 *    widget view for each server-rendered content block when it first appears (`server-blocks-follow.ts`);
 * 4. loads the recommendation widgets' code when a widget of the page comes near the viewport
 *    (`search/recommendation-slots.ts`);
 * 5. while tracking consent is on, makes sure the browser has its id, counts the page in the discovery
 *    session cookies, sends the personalisation page view (and identity) to the event service
 *    (`personalize-tracking.ts`; part of the shell's code, not a chunk of its own: loaded on every page
 *    anyway, a separate file cost a request and 0.35 KB more) and pushes a page view into the data layer (spec §2, §4, §7, §9), one
 *    animation frame later so the new page's title is in place.
 * Renders nothing.
 */
export function PageViewTracker({
  locale,
  language,
  currency,
  region,
  siteName,
  locationDetails,
}: PageViewTrackerProps) {
  const pathname = usePathname();
  const details = JSON.stringify(locationDetails);

  useEffect(() => {
    if (pathname === null) return;
    writeCookie(LOCATION_DETAILS_COOKIE, details);
    recordPreviousPage();
    placeSeoBlocks(document);
    const stopBlockViews = watchBlockViews(document, (rfkId) => sendBlockView(rfkId, locale));
    const stopRecommendations = fillRecommendationSlots(locale);
    const stop = () => {
      stopBlockViews();
      stopRecommendations();
    };
    if (!trackingAllowedNow()) return stop;
    ensureBrowserId();
    const frame = requestAnimationFrame(() => {
      if (!trackingAllowedNow()) return;
      const now = Date.now();
      const path = splitLocalePath(location.pathname).path;
      const device = {
        userAgent: navigator.userAgent,
        viewportWidth: window.innerWidth,
        maxTouchPoints: navigator.maxTouchPoints,
      };
      const personalize = {
        locale,
        currency,
        pointOfSale: pointOfSale(siteName, path),
        device: deviceCategory(device),
        now,
      };
      touchDiscoverySession(now);
      sendPersonalizeEvents(personalize);
      pushToDataLayer(
        pageViewEvent({
          path,
          url: pageUrlWithoutQuery(location.href),
          title: document.title,
          locale,
          language,
          region,
          siteName,
          userToken: readCookie(USER_TOKEN_COOKIE),
          device,
          nowMs: now,
        }),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [pathname, details, locale, language, currency, region, siteName]);

  return null;
}

/** A server-rendered content block's widget view, while tracking consent is on (as the SDK's blocks). */
function sendBlockView(rfkId: string, locale: string): void {
  sendSearchEvent((uuid, pageUri) => widgetViewEvent({ rfkId, locale, pageUri, uuid, now: Date.now() }));
}

function recordPreviousPage(): void {
  const current = pageUrlWithoutQuery(location.href);
  const previous = previousPageAfter({
    current,
    lastSeen: sessionStorage.getItem(CURRENT_PAGE_KEY),
    referrer: document.referrer,
  });
  if (previous === null) localStorage.removeItem(PREVIOUS_PAGE_KEY);
  else if (previous !== 'keep') localStorage.setItem(PREVIOUS_PAGE_KEY, previous);
  sessionStorage.setItem(CURRENT_PAGE_KEY, current);
}
