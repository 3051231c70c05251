import type { LocaleCode } from '@catalogue/dataset/model';
import { RFK_ID, searchLocaleOf } from './config';

/**
 * The recommendation widgets' request and answer (docs/search-wire.md), built without the SDK: the
 * widgets sit on pages whose first-load JavaScript has no room for it. Pure; `recommendations-client.ts`
 * sends the request from the browser.
 */

/** Where each recommendation recipe is configured (packages/dataset/data/search.yaml). */
export const RECOMMENDATION_RFK_ID = {
  similar: RFK_ID.similar,
  trending: RFK_ID.trending,
  together: RFK_ID.together,
  recentlyViewed: RFK_ID.recentlyViewed,
} as const;

/** The fields a widget card shows: nothing else travels. */
export const RECOMMENDATION_FIELDS = ['id', 'name'] as const;

export interface RecommendationRequestInput {
  locale: LocaleCode;
  /** The page's path without its locale prefix. */
  pageUri: string;
  /** The browser id, only while tracking consent is on (recently viewed needs it). */
  uuid: string | null;
  /** The product the page is about (similar, often quoted together); the service never answers it. */
  productId: string | null;
  rfkIds: readonly string[];
}

export function recommendationRequest(input: RecommendationRequestInput): Record<string, unknown> {
  return {
    context: {
      page: { uri: input.pageUri },
      locale: searchLocaleOf(input.locale),
      ...(input.uuid ? { user: { uuid: input.uuid } } : {}),
      ...(input.productId ? { ids: { product: [input.productId] } } : {}),
    },
    widget: {
      items: input.rfkIds.map((rfkId) => ({
        entity: 'product',
        rfk_id: rfkId,
        recommendations: { content: { fields: [...RECOMMENDATION_FIELDS] } },
      })),
    },
  };
}

export interface RecommendedProduct {
  id: string;
  name: string;
}

/**
 * The products the answer gives a widget, matched by rfk_id and entity as the SDK does; a widget
 * missing from the answer or answered with an error has none.
 */
export function recommendedProducts(answer: unknown, rfkId: string): RecommendedProduct[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const widgets = (answer as { widgets?: unknown }).widgets;
  if (!Array.isArray(widgets)) return [];
  const widget = widgets.find(
    (w): w is { content?: unknown } =>
      typeof w === 'object' && w !== null && w.rfk_id === rfkId && w.entity === 'product',
  );
  if (!widget || !Array.isArray(widget.content)) return [];
  return widget.content.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name } = item as { id?: unknown; name?: unknown };
    if (typeof id !== 'string' || id === '') return [];
    return [{ id, name: typeof name === 'string' && name !== '' ? name : id }];
  });
}
