import { REGIONS } from '@catalogue/dataset/model';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDictionary, getLocaleInfo, getRegionInfo } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { findTerritories } from '../../../data/territories';
import { createTranslator } from '../../../i18n/translator';
import { RepResults } from '../../../rep-locator/rep-results';
import { RepSearchForm } from '../../../rep-locator/rep-search-form';
import { readRepSearch } from '../../../rep-locator/search-params';
import { localeFromSegment } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface RepLocatorPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The search lives in the query string, which a cached page cannot read: rendered per request. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: RepLocatorPageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/rep-locator') : {};
}

/**
 * The rep locator: region (the locale's by default) and postal code in the URL, the territories and
 * representatives serving it from the content service, in the page's language.
 */
export default async function RepLocatorPage({ params, searchParams }: RepLocatorPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [route, dictionary, info, regionInfos] = await Promise.all([
    getRouteContent(locale, '/rep-locator'),
    getDictionary(locale),
    getLocaleInfo(locale),
    Promise.all(REGIONS.map((region) => getRegionInfo(region))),
  ]);
  if (!route) notFound();
  const t = createTranslator(dictionary);
  const search = readRepSearch(await searchParams, info.region);
  const result = search.postalCode ? await findTerritories(search.region, search.postalCode, locale) : null;
  const regions = regionInfos.map((region) => ({ code: region.code, name: region.name[info.language] }));
  const error = result && !result.ok ? result.message : null;
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <div className="panel">
        <RepSearchForm
          locale={locale}
          search={search}
          regions={regions}
          errorId={error ? 'rep-postal-code-error' : null}
          t={t}
        />
        {error && (
          <div id="rep-postal-code-error" className="form-field__error" role="alert">
            <p>{t('repLocator.invalidPostalCode')}</p>
            <p>{error}</p>
          </div>
        )}
      </div>
      {result?.ok && (
        <RepResults
          region={search.region}
          postalCode={result.postalCode}
          territories={result.territories}
          t={t}
        />
      )}
    </div>
  );
}
