import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../../../caching/cache-tags';
import { tagPage } from '../../../caching/page-tags';
import { ContentPage } from '../../../content-pages/content-page';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';
import { CookieChoices } from '../../../tracking/cookie-choices';

interface CookiesPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: CookiesPageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/cookies') : {};
}

/** The cookie page: what each kind of cookie does (content) and the visitor's choice, changeable here. */
export default async function CookiesPage({ params }: CookiesPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  await tagPage([cacheTags.contentItem('route', locale, '/cookies')]);
  const [route, dictionary] = await Promise.all([getRouteContent(locale, '/cookies'), getDictionary(locale)]);
  if (!route) notFound();
  const t = createTranslator(dictionary);
  return (
    <ContentPage route={route}>
      <CookieChoices
        texts={{
          title: t('consent.title'),
          on: t('cookies.statusOn'),
          off: t('cookies.statusOff'),
          none: t('cookies.statusNone'),
          accept: t('consent.accept'),
          decline: t('consent.decline'),
        }}
      />
    </ContentPage>
  );
}
