import type { LocaleCode } from '@catalogue/dataset/model';

/** Recommendation sections not yet filled (`recommendation-section.tsx`). */
export const OPEN_SLOT_SELECTOR = '[data-recommend]:not([data-recommend-state])';

/**
 * Loads the widgets' code only when `root` holds a recommendation section, after the page has been
 * painted (the page-view tracker and the project screen call it from effects): pages without widgets
 * never download it, and it is never part of a page's first-load JavaScript.
 */
export function fillRecommendationSlots(locale: LocaleCode, root: ParentNode = document): void {
  if (!root.querySelector(OPEN_SLOT_SELECTOR)) return;
  void import('./recommendations-client')
    .then(({ fillRecommendations }) => fillRecommendations(root, locale))
    .catch((error: unknown) => console.error('[search] recommendations not shown', error));
}
