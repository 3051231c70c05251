import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../../../caching/cache-tags';
import { tagPage } from '../../../caching/page-tags';
import { ProductsIndex } from '../../../content-pages/products-index';
import { getCategoryMenuForLocale } from '../../../data/category-menu';
import { getRouteContent } from '../../../data/routes';
import { localeFromSegment } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface ProductsPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: ProductsPageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/products') : {};
}

/** `/products`: every category of the locale's catalog down to its families (the menu's tag comes with the shell). */
export default async function ProductsPage({ params }: ProductsPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  await tagPage([cacheTags.contentItem('route', locale, '/products')]);
  const [route, menu] = await Promise.all([
    getRouteContent(locale, '/products'),
    getCategoryMenuForLocale(locale),
  ]);
  if (!route) notFound();
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <ProductsIndex locale={locale} menu={menu} />
    </div>
  );
}
