import { LOCALE_CODES } from '@catalogue/dataset/model';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../../caching/cache-tags';
import { tagPage } from '../../caching/page-tags';
import { CategoryCard } from '../../components/category-card';
import { getTopCategoriesForLocale } from '../../data/categories';
import { illustratingSku } from '../../data/category-illustration';
import { getDictionary, getLocaleInfo, getRegionInfo } from '../../data/content';
import { getRouteContent } from '../../data/routes';
import { createTranslator } from '../../i18n/translator';
import { DRAWING_SIZE, drawingSrc } from '../../product/drawing-images';
import { DEFAULT_LOCALE, localeFromSegment, localizedPath } from '../../routing/locales';
import { RECOMMENDATION_RFK_ID } from '../../search/recommendation-request';
import { RecommendationSection } from '../../search/recommendation-section';
import { pageBlocks } from '../../search/server-blocks';
import { ServerContentBlocks } from '../../search/server-blocks-view';
import { pageMetadata } from '../../shell/shell-metadata';

interface HomePageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: HomePageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  if (!locale) return {};
  const metadata = await pageMetadata(locale, '/');
  return {
    ...metadata,
    alternates: {
      ...metadata.alternates,
      languages: {
        ...Object.fromEntries(LOCALE_CODES.map((code) => [code, localizedPath(code, '/')])),
        'x-default': localizedPath(DEFAULT_LOCALE, '/'),
      },
    },
  };
}

/** The home page: the top-level product categories of the locale's regional catalog. */
export default async function HomePage({ params }: HomePageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  // The menu tag covers the top-level categories (and the shell adds it too); the route item is the page's.
  await tagPage([cacheTags.contentItem('route', locale, '/')]);
  const [dictionary, categories, route, blocks] = await Promise.all([
    getDictionary(locale),
    getTopCategoriesForLocale(locale),
    getRouteContent(locale, '/'),
    pageBlocks(locale, '/'),
  ]);
  const t = createTranslator(dictionary);
  // Each range card shows the drawing of one SKU of its range. The page is dropped when one of those
  // SKUs changes, not on every change in a range (which would drop the home page on any product edit).
  const info = await getLocaleInfo(locale);
  const { catalogId } = await getRegionInfo(info.region);
  const skus = await Promise.all(
    categories.map((category) => illustratingSku(catalogId, category.id, info.language)),
  );
  await tagPage(skus.flatMap((sku) => (sku ? [cacheTags.product(sku.id)] : [])));
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title" className="hero__title">
            {route?.title ?? t('home.title')}
          </h1>
          <p className="hero__intro">{route?.intro ?? t('home.intro')}</p>
        </div>
      </section>
      <div className="container">
        <ServerContentBlocks blocks={blocks} />
      </div>
      <section className="container section" aria-labelledby="categories-title">
        <h2 id="categories-title" className="section__title">
          {t('home.categories.title')}
        </h2>
        {categories.length > 0 ? (
          <ul className="category-grid">
            {categories.map((category, index) => {
              const sku = skus[index];
              return (
                <li key={category.id}>
                  <CategoryCard
                    locale={locale}
                    category={category}
                    actionLabel={t('home.categories.view')}
                    illustration={
                      sku ? { src: drawingSrc(sku, 'thumb', locale, t), size: DRAWING_SIZE.card } : null
                    }
                  />
                </li>
              );
            })}
          </ul>
        ) : (
          <p>{t('home.categories.empty')}</p>
        )}
      </section>
      <div className="container section">
        <RecommendationSection
          rfkId={RECOMMENDATION_RFK_ID.recentlyViewed}
          texts={{
            title: t('recommend.recent.title'),
            empty: t('recommend.recent.empty'),
            catalogueNumber: t('product.catalogueNumber'),
          }}
        />
        <RecommendationSection
          rfkId={RECOMMENDATION_RFK_ID.trending}
          texts={{
            title: t('recommend.trending.title'),
            empty: t('recommend.trending.empty'),
            catalogueNumber: t('product.catalogueNumber'),
          }}
        />
      </div>
    </>
  );
}
