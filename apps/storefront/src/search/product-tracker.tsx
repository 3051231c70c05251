'use client';

import { useEffect } from 'react';
import { trackingAllowedNow } from '../tracking/consent-store';
import { entityPageViewEvent } from './entity-view';
import { PROJECT_ADD_EVENT } from './project-event-name';
import { sendSearchEvent } from './send-event';

interface ProductTrackerProps {
  locale: string;
  productId: string;
}

/**
 * A product page's search events, SDK-free until needed: the entity page view (feeds "recently viewed")
 * as one small POST while consent is on; and, after each successful add to a project made on the page
 * (the projects code's `catalogue:add-to-project` window event), `a2w` with the SKU and quantity 1
 * through the SDK — loaded on that click (`search-runtime.tsx` `trackProjectAdd`). Renders nothing.
 */
export function ProductTracker({ locale, productId }: ProductTrackerProps) {
  useEffect(() => {
    sendSearchEvent((uuid, pageUri) =>
      entityPageViewEvent({ productId, locale, pageUri, uuid, now: Date.now() }),
    );
  }, [locale, productId]);

  useEffect(() => {
    function added(event: Event): void {
      if (!trackingAllowedNow()) return;
      void import('./project-event')
        .then(({ addToProjectEventOf }) => {
          const add = addToProjectEventOf(event);
          return add && import('./search-runtime').then((runtime) => runtime.trackProjectAdd(locale, add));
        })
        .catch((error: unknown) => console.error('[search] a2w not sent', error));
    }
    window.addEventListener(PROJECT_ADD_EVENT, added);
    return () => window.removeEventListener(PROJECT_ADD_EVENT, added);
  }, [locale]);

  return null;
}
