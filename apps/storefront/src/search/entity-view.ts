import { SEARCH_SERVICE_PATH, searchLocaleOf } from './config';

/**
 * The entity page view of a product page as a v4 event — the body the SDK's
 * `trackEntityPageViewEvent('product', {items: [{id}]})` sends — built here so product pages do not load
 * the SDK (≈ 80 KB) just to say "viewed": their first-load JavaScript budget (≤ 130 KB) has no room for it.
 * Pure; `product-tracker.tsx` sends it only while tracking consent is on, with the browser id.
 */
export function entityPageViewEvent(input: {
  productId: string;
  locale: string;
  pageUri: string;
  uuid: string;
  now: number;
}): Record<string, unknown> {
  return {
    name: 'entity_page',
    action: 'view',
    uuid: input.uuid,
    client_time_ms: input.now,
    value: {
      entities: [{ id: input.productId, entity_type: 'product' }],
      context: pageContext(input.locale, input.pageUri),
    },
  };
}

/** The event context the SDK's `EventContext.toJson()` gives: the page and its locale. */
function pageContext(locale: string, pageUri: string): Record<string, unknown> {
  const { country, language } = searchLocaleOf(locale as Parameters<typeof searchLocaleOf>[0]);
  return { page: { uri: pageUri, locale_country: country, locale_language: language } };
}

/**
 * A content block's widget view as a v4 event — the body the SDK's `trackViewEvent(rfkId, 'content')`
 * sends when a block widget first appears — for the blocks home and family pages render on the server
 * (`server-blocks.ts`), which have no SDK widget to send it. Pure, like `entityPageViewEvent`.
 */
export function widgetViewEvent(input: {
  rfkId: string;
  locale: string;
  pageUri: string;
  uuid: string;
  now: number;
}): Record<string, unknown> {
  return {
    name: 'widget',
    action: 'view',
    uuid: input.uuid,
    client_time_ms: input.now,
    value: {
      entity: 'content',
      rfk_id: input.rfkId,
      entities: [],
      context: pageContext(input.locale, input.pageUri),
    },
  };
}

export const EVENT_PATH = `${SEARCH_SERVICE_PATH}/api/event/v4/publish`;
