import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { Translate } from '../i18n/translator';
import { localizedPath } from '../routing/locales';

interface NotFoundContentProps {
  locale: LocaleCode;
  t: Translate;
}

/** What a visitor sees for a URL the site does not have, with the way back to the home page. */
export function NotFoundContent({ locale, t }: NotFoundContentProps) {
  return (
    <section className="container section not-found" aria-labelledby="not-found-title">
      <p className="not-found__code">404</p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <p>
        <Link className="button" href={localizedPath(locale, '/')} prefetch={false}>
          {t('notFound.home')}
        </Link>
      </p>
    </section>
  );
}
