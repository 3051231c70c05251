import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../caching/cache-tags';
import { tagPage } from '../caching/page-tags';
import { getRouteContent } from '../data/routes';
import { localeFromSegment } from '../routing/locales';
import { pageMetadata } from '../shell/shell-metadata';
import { ContentPage } from './content-page';

interface ContentRouteProps {
  params: Promise<{ locale: string }>;
}

/**
 * The metadata and page of a company or legal page (`/about`, `/terms`, …): everything on it is its route
 * item's (title, intro, sections and the CMS meta fields), so an editor changes it without code. Each such
 * path has its own folder: a catch-all segment beside the site's folders would take over their 404s.
 */
export function contentRoute(path: string) {
  return {
    async generateMetadata({ params }: ContentRouteProps): Promise<Metadata> {
      const locale = localeFromSegment((await params).locale);
      return locale ? pageMetadata(locale, path) : {};
    },
    async Page({ params }: ContentRouteProps) {
      const locale = localeFromSegment((await params).locale);
      if (!locale) notFound();
      await tagPage([cacheTags.contentItem('route', locale, path)]);
      const route = await getRouteContent(locale, path);
      if (!route) notFound();
      return <ContentPage route={route} />;
    },
  };
}
