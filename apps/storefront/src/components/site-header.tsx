import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { CategorySummary } from '../data/category-shapes';
import type { Translate } from '../i18n/translator';
import { categoryPath } from '../routing/catalogue-paths';
import { localizedPath } from '../routing/locales';
import { type LocaleOption, LocaleSwitcher } from './locale-switcher';
import { SiteLogoMark } from './site-logo';

interface SiteHeaderProps {
  locale: LocaleCode;
  siteName: string;
  categories: CategorySummary[];
  locales: LocaleOption[];
  t: Translate;
}

/** The banner: brand, language-and-region menu, and the main navigation by top-level category. */
export function SiteHeader({ locale, siteName, categories, locales, t }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link className="site-header__brand" href={localizedPath(locale, '/')} prefetch={false}>
          <SiteLogoMark />
          <span className="site-header__name">{siteName}</span>
        </Link>
        <LocaleSwitcher
          current={locale}
          options={locales}
          label={t('header.languageRegion')}
          toggleLabel={t('header.localeSwitcher')}
        />
      </div>
      {categories.length > 0 && (
        <nav className="main-nav" aria-label={t('nav.main')}>
          <ul className="main-nav__list container">
            {categories.map((category) => (
              <li key={category.id}>
                <Link href={categoryPath(locale, [category.slug])} prefetch={false}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
