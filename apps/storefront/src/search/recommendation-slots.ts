import type { LocaleCode } from '@catalogue/dataset/model';

/** Recommendation sections not yet filled (`recommendation-section.tsx`). */
export const OPEN_SLOT_SELECTOR = '[data-recommend]:not([data-recommend-state])';

/** How near the viewport a section must come for its widgets' code to load. */
const NEAR_VIEWPORT = '400px 0px';

/**
 * Loads the widgets' code only when `root` holds a recommendation section and one of them comes near
 * the viewport (the page-view tracker and the project screen call it from effects, after the paint):
 * pages without widgets never download it, and widgets below the fold cost a page's load nothing.
 * Returns a stop for the effect's cleanup.
 */
export function fillRecommendationSlots(locale: LocaleCode, root: ParentNode = document): () => void {
  const slots = [...root.querySelectorAll(OPEN_SLOT_SELECTOR)];
  if (slots.length === 0) return () => undefined;
  const load = () =>
    void import('./recommendations-client')
      .then(({ fillRecommendations }) => fillRecommendations(root, locale))
      .catch((error: unknown) => console.error('[search] recommendations not shown', error));
  if (!('IntersectionObserver' in window)) {
    load();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  for (const slot of slots) observer.observe(slot);
  return () => observer.disconnect();
}
