import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../../../caching/cache-tags';
import { tagPage } from '../../../caching/page-tags';
import { getCategoryMenuForLocale } from '../../../data/category-menu';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { LiteratureFamilies } from '../../../literature/literature-families';
import { literatureQueryString } from '../../../literature/literature-query';
import { LiteratureSearchForm } from '../../../literature/literature-search-form';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface DownloadsPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: DownloadsPageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/downloads') : {};
}

/**
 * The literature hub (spec §9 "literature search"): a search on catalogue number or name, and every
 * family of the locale's catalog leading to its products' spec sheets, CAD drawings and BIM models. The
 * same for every visitor, so cached (the menu's tag comes with the shell).
 */
export default async function DownloadsPage({ params }: DownloadsPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  await tagPage([cacheTags.contentItem('route', locale, '/downloads')]);
  const [route, dictionary, menu] = await Promise.all([
    getRouteContent(locale, '/downloads'),
    getDictionary(locale),
    getCategoryMenuForLocale(locale),
  ]);
  if (!route) notFound();
  const t = createTranslator(dictionary);
  const documents = localizedPath(locale, '/downloads/documents');
  return (
    <div className="container section literature">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <LiteratureSearchForm action={documents} value="" t={t} />
      <LiteratureFamilies
        menu={menu}
        documentsHref={(familyId) =>
          `${documents}${literatureQueryString({ kind: 'family', familyId, page: 1 }, 1)}`
        }
        t={t}
      />
    </div>
  );
}
