/**
 * A recommendation widget's place on a page (spec §1 "recommendation" widget): a section with its
 * heading and a box of fixed height that the browser fills after the first paint
 * (`recommendation-slots.ts` → `recommendations-client.ts`), so the cached page stays the same for every
 * visitor and nothing below moves when the products arrive. Plain markup without hooks: server pages
 * and the project screen (a client component) render it alike.
 */

export interface RecommendationTexts {
  title: string;
  /** Shown in the box when the widget has no product for this visitor. */
  empty: string;
  /** The label before each card's catalogue number. */
  catalogueNumber: string;
}

interface RecommendationSectionProps {
  /** The widget (`RECOMMENDATION_RFK_ID`). */
  rfkId: string;
  /** The product the page shows (similar products, often quoted together). */
  productId?: string;
  texts: RecommendationTexts;
}

export function RecommendationSection({ rfkId, productId, texts }: RecommendationSectionProps) {
  const titleId = `recommend-${rfkId}-title`;
  return (
    <section
      className="recommendations"
      aria-labelledby={titleId}
      data-recommend={rfkId}
      data-recommend-product={productId}
      data-empty-text={texts.empty}
      data-number-label={texts.catalogueNumber}
    >
      <h2 id={titleId} className="section__title">
        {texts.title}
      </h2>
      <div className="recommendations__box" aria-busy="true" />
    </section>
  );
}
