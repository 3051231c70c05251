import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { CategorySummary } from '../data/category-shapes';
import { categoryPath } from '../routing/catalogue-paths';
import { withRegisteredMark } from '../text/registered-mark';
import { DrawingImage } from './drawing-image';

interface CategoryCardProps {
  locale: LocaleCode;
  category: CategorySummary;
  /** Slugs from the top level down to this category; a top-level category's own slug by default. */
  slugs?: readonly string[];
  /** Visible call to action under the description, e.g. "View products". */
  actionLabel: string;
  /** The drawing of a SKU of the range (`drawingSrc`, thumbnail), decorative: the name says what it is. */
  illustration?: { src: string; size: { width: number; height: number } } | null;
}

/**
 * A category (top-level on the home page, a child on a family page): the name is the link (and its accessible name); the whole card is clickable
 * through the link's stretched hit area.
 */
export function CategoryCard({ locale, category, slugs, actionLabel, illustration }: CategoryCardProps) {
  return (
    <article className="category-card">
      {illustration && (
        <DrawingImage
          className="category-card__drawing"
          src={illustration.src}
          alt=""
          size={illustration.size}
        />
      )}
      <h3 className="category-card__title">
        <Link
          className="category-card__link"
          href={categoryPath(locale, slugs ?? [category.slug])}
          prefetch={false}
        >
          {withRegisteredMark(category.name)}
        </Link>
      </h3>
      {category.description && (
        <p className="category-card__description">{withRegisteredMark(category.description)}</p>
      )}
      <p className="category-card__action" aria-hidden="true">
        {actionLabel}
        <span className="category-card__arrow">→</span>
      </p>
    </article>
  );
}
