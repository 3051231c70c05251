import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDictionary, getLocaleInfo } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { FavouritesList } from '../../../favourites/favourites-list';
import { createTranslator } from '../../../i18n/translator';
import { loginHref } from '../../../product/toolbar-links';
import { addToProjectSetup } from '../../../projects/project-texts';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface FavouritesPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/favourites') : {};
}

/**
 * `/favourites`, `/fr-ca/favourites`: the route's heading and intro, then the logged-in user's favourite
 * products. The page is the same for every visitor (it can be cached per URL); the list is read in the
 * browser with the user's token (`FavouritesList`), and a visitor is asked to log in there.
 */
export default async function FavouritesPage({ params }: FavouritesPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [route, dictionary, info] = await Promise.all([
    getRouteContent(locale, '/favourites'),
    getDictionary(locale),
    getLocaleInfo(locale),
  ]);
  if (!route) notFound();
  const t = createTranslator(dictionary);
  return (
    <div className="container section favourites">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <section aria-labelledby="favourites-heading">
        <h2 id="favourites-heading" className="section__title" tabIndex={-1}>
          {t('favourites.title')}
        </h2>
        <FavouritesList
          language={info.language}
          productHref={localizedPath(locale, '/product/{id}')}
          loginHref={loginHref(locale, localizedPath(locale, '/favourites'))}
          addToProject={addToProjectSetup(t, locale, info.region)}
          texts={{
            caption: t('favourites.title'),
            catalogueNumber: t('product.catalogueNumber'),
            name: t('family.skus.name'),
            actions: t('favourites.actions'),
            remove: t('favourites.remove'),
            removeLabel: t('favourites.removeLabel', { name: '{name}' }),
            empty: t('favourites.empty'),
            loading: t('favourites.loading'),
            loadFailed: t('favourites.loadFailed'),
            changeFailed: t('favourites.error'),
            visitor: t('favourites.visitor'),
            login: t('loginPrompt.login'),
            addAll: t('favourites.addAll'),
          }}
        />
      </section>
    </div>
  );
}
