import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { Translate } from '../i18n/translator';
import { localizedPath } from '../routing/locales';
import { SearchBox } from './search-box';

interface NotFoundContentProps {
  locale: LocaleCode;
  t: Translate;
}

/**
 * What a visitor sees for a URL the site does not have (an unknown page, category or product): a search
 * box to find what they were after, and the way back to the home page.
 */
export function NotFoundContent({ locale, t }: NotFoundContentProps) {
  return (
    <section className="container section not-found" aria-labelledby="not-found-title">
      <p className="not-found__code">404</p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <SearchBox
        locale={locale}
        t={t}
        id="not-found-search"
        label={t('notFound.search')}
        className="search-box search-box--page"
      />
      <p>
        <Link className="button" href={localizedPath(locale, '/')} prefetch={false}>
          {t('notFound.home')}
        </Link>
      </p>
    </section>
  );
}
