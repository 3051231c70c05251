import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../../../caching/cache-tags';
import { tagPage } from '../../../caching/page-tags';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { SearchSlot } from '../../../search/search-slot';
import { RESULTS_TEXT_KEYS, type ResultsTexts } from '../../../search/slots';
import { pageMetadata } from '../../../shell/shell-metadata';

interface SearchPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: SearchPageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/search') : {};
}

/**
 * `/search?q=…` (rfkid_7): one cached page per locale, the same for every query. It reads no
 * searchParams: the results are widgets of the official search SDK rendered in the browser from the
 * URL (`search/results.tsx`), so the page keeps the page cache, the SDK's widget state machine, events
 * and facet ids stay where the SDK runs, and a query never renders a page on the server. Without
 * JavaScript the header's GET form still arrives here and the page says what it needs.
 */
export default async function SearchPage({ params }: SearchPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  await tagPage([cacheTags.contentItem('route', locale, '/search')]);
  const [route, dictionary] = await Promise.all([getRouteContent(locale, '/search'), getDictionary(locale)]);
  const t = createTranslator(dictionary);
  const texts = Object.fromEntries(
    RESULTS_TEXT_KEYS.map((key) => [
      key,
      key === 'catalogueNumber' ? t('product.catalogueNumber') : t(`search.${key}`, placeholders),
    ]),
  ) as ResultsTexts;
  return (
    <div className="container section search-page">
      <header className="page-header">
        <h1 className="page-header__title">{route?.title ?? t('header.search')}</h1>
        {route?.intro && <p className="page-header__intro">{route.intro}</p>}
      </header>
      <SearchSlot
        className="search-blocks"
        spec={{ kind: 'blocks', props: { locale, pageUri: '/search' } }}
      />
      <noscript>
        <p className="search-page__noscript">
          {t('search.noscript')} <a href={localizedPath(locale, '/')}>{t('nav.products')}</a>
        </p>
      </noscript>
      <SearchSlot className="search-page__results" spec={{ kind: 'results', props: { locale, texts } }} />
    </div>
  );
}

/** Placeholders stay as written for the browser to fill. */
const placeholders = {
  name: '{name}',
  query: '{query}',
  from: '{from}',
  to: '{to}',
  total: '{total}',
  page: '{page}',
};
