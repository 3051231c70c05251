import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { CategoryInPath } from '../data/category-path';
import type { Translate } from '../i18n/translator';
import { categoryPath } from '../routing/catalogue-paths';
import { localizedPath } from '../routing/locales';
import { withRegisteredMark } from '../text/registered-mark';

interface BreadcrumbsProps {
  locale: LocaleCode;
  trail: CategoryInPath['trail'];
  t: Translate;
  /** A page below the last category (a product): every category is then a link, this the current item. */
  currentLabel?: string;
}

/**
 * Home, then every level from the top-level category down; the last one is the current page, unless a
 * `currentLabel` (a product's name) follows it.
 */
export function Breadcrumbs({ locale, trail, t, currentLabel }: BreadcrumbsProps) {
  return (
    <nav className="breadcrumbs" aria-label={t('family.breadcrumbs')}>
      <ol className="breadcrumbs__list">
        <li className="breadcrumbs__item">
          <Link href={localizedPath(locale, '/')} prefetch={false}>
            {t('family.home')}
          </Link>
        </li>
        {trail.map((category, index) => (
          <li key={category.id} className="breadcrumbs__item">
            {index === trail.length - 1 && currentLabel === undefined ? (
              <span aria-current="page">{withRegisteredMark(category.name)}</span>
            ) : (
              <Link href={categoryPath(locale, category.slugs)} prefetch={false}>
                {withRegisteredMark(category.name)}
              </Link>
            )}
          </li>
        ))}
        {currentLabel !== undefined && (
          <li className="breadcrumbs__item">
            <span aria-current="page">{withRegisteredMark(currentLabel)}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
