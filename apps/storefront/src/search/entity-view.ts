import { SEARCH_SERVICE_PATH, searchLocaleOf } from './config';

/** What every event of a page carries: its locale and path, the browser id and the time. */
interface PageEventInput {
  locale: string;
  pageUri: string;
  uuid: string;
  now: number;
}

/**
 * The entity page view of a product page as a v4 event — the body the SDK's
 * `trackEntityPageViewEvent('product', {items: [{id}]})` sends — built here so product pages do not load
 * the SDK (≈ 80 KB) just to say "viewed": their first-load JavaScript budget (≤ 130 KB) has no room for it.
 * Pure; `product-tracker.tsx` sends it only while tracking consent is on, with the browser id.
 */
export function entityPageViewEvent(input: PageEventInput & { productId: string }): Record<string, unknown> {
  return pageEvent('entity_page', input, { entities: [{ id: input.productId, entity_type: 'product' }] });
}

/**
 * A content block's widget view as a v4 event — the body the SDK's `trackViewEvent(rfkId, 'content')`
 * sends when a block widget first appears — for the blocks home and family pages render on the server
 * (`server-blocks.ts`), which have no SDK widget to send it. Pure, like `entityPageViewEvent`.
 */
export function widgetViewEvent(input: PageEventInput & { rfkId: string }): Record<string, unknown> {
  return pageEvent('widget', input, { entity: 'content', rfk_id: input.rfkId, entities: [] });
}

/**
 * A recommendation widget's view with the products it shows (the SDK's `trackViewEvent(rfkId, entity,
 * {items})`), sent once when the widget first appears 20 %.
 */
export function recommendationViewEvent(
  input: PageEventInput & { rfkId: string; productIds: readonly string[] },
): Record<string, unknown> {
  return pageEvent('widget', input, {
    entity: 'product',
    rfk_id: input.rfkId,
    entities: input.productIds.map((id) => ({ id, entity_type: 'product' })),
  });
}

/**
 * A click on one product of a recommendation widget (the SDK's `trackRecommendationClickEntityEvent`):
 * cause `entity`, the product's 0-based position as `index` (spec §5 requires it).
 */
export function recommendationClickEvent(
  input: PageEventInput & { rfkId: string; productId: string; index: number },
): Record<string, unknown> {
  return {
    ...pageEvent(
      'widget',
      input,
      {
        entity: 'product',
        rfk_id: input.rfkId,
        index: input.index,
        entities: [{ id: input.productId, entity_type: 'product' }],
      },
      'click',
    ),
    action_cause: 'entity',
  };
}

/** A view event's envelope, and its context as the SDK's `EventContext.toJson()` gives it. */
function pageEvent(
  name: string,
  input: PageEventInput,
  value: Record<string, unknown>,
  action: 'view' | 'click' = 'view',
): Record<string, unknown> {
  const { country, language } = searchLocaleOf(input.locale as Parameters<typeof searchLocaleOf>[0]);
  return {
    name,
    action,
    uuid: input.uuid,
    client_time_ms: input.now,
    value: {
      ...value,
      context: { page: { uri: input.pageUri, locale_country: country, locale_language: language } },
    },
  };
}

export const EVENT_PATH = `${SEARCH_SERVICE_PATH}/api/event/v4/publish`;
